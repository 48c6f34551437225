import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';

/**
 * A screen's code that could not be fetched (the device went offline before the screen was first opened, or a
 * new version replaced the old files): the browser's own words differ, the cause is the same.
 */
const isLoadFailure = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Loading chunk/i.test(
    error.message,
  );

/** Shown in place of a screen that failed to load or to render, instead of the router's raw error page. */
export const RouteErrorPage = (): ReactNode => {
  const { t } = useTranslation();
  const error = useRouteError();
  const loadFailure = isLoadFailure(error);
  return (
    <Stack
      align="center"
      gap="md"
      py="xl"
      px="md"
      data-testid="route-error"
      data-kind={loadFailure ? 'load' : 'render'}
    >
      <Title order={2} ta="center">
        {t(loadFailure ? 'routeError.loadTitle' : 'routeError.renderTitle')}
      </Title>
      <Text c="dimmed" ta="center">
        {t(loadFailure ? 'routeError.loadText' : 'routeError.renderText')}
      </Text>
      <Group justify="center">
        <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
        <Button component={Link} to="/" variant="light" reloadDocument>
          {t('notFound.home')}
        </Button>
      </Group>
    </Stack>
  );
};
