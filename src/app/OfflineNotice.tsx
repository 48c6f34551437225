import { Alert, Box, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNetworkStore } from '../state/networkStore';

/** Persistent top notice after a call got no response: Cancel hides it, Refresh reloads the page. */
export const OfflineNotice = (): ReactNode => {
  const { t } = useTranslation();
  const shown = useNetworkStore((s) => s.offlineNotice);
  const hide = useNetworkStore((s) => s.hideOfflineNotice);
  if (!shown) return null;
  return (
    <Box
      pos="fixed"
      top={8}
      left="50%"
      style={{ transform: 'translateX(-50%)', zIndex: 1000, width: 'min(640px, calc(100% - 16px))' }}
    >
      <Alert
        color="orange"
        variant="filled"
        role="alert"
        title={t('notices.offlineTitle')}
        data-testid="offline-notice"
      >
        <Text size="sm">{t('notices.offlineText')}</Text>
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button size="xs" variant="white" color="dark" onClick={hide} data-testid="offline-cancel">
            {t('actions.cancel')}
          </Button>
          <Button
            size="xs"
            variant="white"
            onClick={() => window.location.reload()}
            data-testid="offline-refresh"
          >
            {t('actions.refresh')}
          </Button>
        </Group>
      </Alert>
    </Box>
  );
};
