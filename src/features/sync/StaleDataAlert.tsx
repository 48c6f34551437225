import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../db/useSyncStatus';
import { relativeTime } from './syncTexts';

/**
 * The warning an action gives while the device's data is older than the company allows (logistics config,
 * terminal.staleAfterMinutes): since when, and that stock and orders may have moved on. Nothing otherwise.
 */
export const StaleDataAlert = (): ReactNode => {
  const { t, i18n } = useTranslation('sync');
  const status = useSyncStatus();
  if (!status.stale || status.lastSyncAt === null) return null;
  return (
    <Alert color="orange" p="xs" data-testid="sync-stale-warning">
      <Text size="sm" fw={600}>
        {t('errors:offlineDataStale')}
      </Text>
      <Text size="sm">
        {t('staleSince', { age: relativeTime(Date.now() - status.lastSyncAt, i18n.language) })}
      </Text>
    </Alert>
  );
};
