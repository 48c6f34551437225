import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { apiUrl } from '../api/http';
import { terminalHome } from '../session/landing';
import { useNetworkStore } from '../state/networkStore';

/** The terminal's screens (and the pending-work inspector the chip opens). */
const isTerminalPath = (pathname: string): boolean =>
  pathname === terminalHome || pathname.startsWith(`${terminalHome}/`) || pathname.startsWith('/sync/');

/** How often a shown notice asks the server whether it is back, besides the browser's "online" event. */
const retryMs = 15_000;

/**
 * While the notice shows, asks the server (its health check) when the browser says the network is back and every
 * `retryMs`: the first answer hides the notice, so it goes away by itself even on a screen that calls nothing more.
 */
const useServerReturn = (shown: boolean, hide: () => void): void => {
  useEffect(() => {
    if (!shown) return;
    let stopped = false;
    const probe = (): void => {
      fetch(apiUrl('/api/health'), { cache: 'no-store' }).then(
        () => {
          if (!stopped) hide();
        },
        () => undefined,
      );
    };
    const timer = window.setInterval(probe, retryMs);
    window.addEventListener('online', probe);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('online', probe);
    };
  }, [shown, hide]);
};

/**
 * Top notice after a call got no response: Cancel hides it, Refresh reloads the page, and it goes away by itself
 * at the next answer of the server (useServerReturn asks for one). Never on the terminal: its screens work offline
 * by design, and the sync chip is the one place that tells their connection.
 */
export const OfflineNotice = (): ReactNode => {
  const { t } = useTranslation();
  const shown = useNetworkStore((s) => s.offlineNotice);
  const hide = useNetworkStore((s) => s.hideOfflineNotice);
  const { pathname } = useLocation();
  useServerReturn(shown, hide);
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
