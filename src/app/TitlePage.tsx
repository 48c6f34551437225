import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicLayout } from '../ui/PublicLayout';

/** The app's title page (public). */
export const TitlePage = (): ReactNode => {
  const { t } = useTranslation();
  return (
    <PublicLayout size="sm">
      <Stack align="center" gap="lg" py="xl" data-testid="title-page">
        <Title order={1}>{t('app.title')}</Title>
        <Text size="lg" c="dimmed" ta="center">
          {t('titlePage.tagline')}
        </Text>
        <Group>
          <Button component={Link} to="/signin">
            {t('auth.signIn.tab')}
          </Button>
          <Button component={Link} to="/signup" variant="light">
            {t('auth.signUp.tab')}
          </Button>
        </Group>
      </Stack>
    </PublicLayout>
  );
};
