import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../ui/PublicLayout';

/** Placeholder of the shared-access pages (/shared, /shared/*). */
export const SharedPage = (): ReactNode => {
  const { t } = useTranslation();
  return (
    <PublicLayout size="sm">
      <Stack align="center" gap="md" py="xl" data-testid="shared-placeholder">
        <Title order={2}>{t('shared.title')}</Title>
        <Text c="dimmed" ta="center">
          {t('shared.comingLater')}
        </Text>
        <Button component={Link} to="/title" variant="light">
          {t('shared.back')}
        </Button>
      </Stack>
    </PublicLayout>
  );
};
