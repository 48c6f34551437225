import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown for every unknown path. */
export const NotFoundPage = (): ReactNode => {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" data-testid="not-found">
      <Title order={2}>{t('notFound.title')}</Title>
      <Text c="dimmed">{t('notFound.text')}</Text>
      <Button component={Link} to="/" variant="light">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
};
