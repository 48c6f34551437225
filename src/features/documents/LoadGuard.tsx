import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const Loading = (): ReactNode => {
  const { t } = useTranslation();
  return <Loader aria-label={t('logistics:loading')} />;
};

/**
 * What a screen shows before its record is there: why loading failed, or a spinner; null once it is ready
 * (a failure after that is the screen's own to show).
 */
export const pendingView = (ready: boolean, error: string | null, testId: string): ReactNode | null => {
  if (ready) return null;
  if (error)
    return (
      <Alert color="red" data-testid={testId}>
        {error}
      </Alert>
    );
  return <Loading />;
};
