import { Alert, Box, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { terminalHome } from '../session/landing';
import { useNetworkStore } from '../state/networkStore';

/** The terminal's screens (and the pending-work inspector the chip opens). */
const isTerminalPath = (pathname: string): boolean =>
  pathname === terminalHome || pathname.startsWith(`${terminalHome}/`) || pathname.startsWith('/sync/');

/**
 * Top notice after a call got no response: Cancel hides it, Refresh reloads the page, and it goes away by itself
 * at the next answer of the server. Never on the terminal: its screens work offline by design, and the sync chip
 * is the one place that tells their connection.
 */
export const OfflineNotice = (): ReactNode => {
  const { t } = useTranslation();
  const shown = useNetworkStore((s) => s.offlineNotice);
  const hide = useNetworkStore((s) => s.hideOfflineNotice);
  const { pathname } = useLocation();
  if (!shown || isTerminalPath(pathname)) return null;
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
