import { Button, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown instead of a screen the user's account may not open (a contractor on a staff address). */
export const NotPermittedPage = ({ home }: { readonly home?: string }): ReactNode => {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py="xl" data-testid="not-permitted">
      <Title order={2}>{t('notPermitted.title')}</Title>
      <Text c="dimmed" ta="center">
        {t('notPermitted.text')}
      </Text>
      {home ? (
        <Button component={Link} to={home} variant="light" data-testid="not-permitted-home">
          {t('notPermitted.home')}
        </Button>
      ) : null}
    </Stack>
  );
};
