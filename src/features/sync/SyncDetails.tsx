import { Alert, Button, Group, Popover, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getActiveSync } from '../../db/activeSync';
import { useSyncStatus } from '../../db/useSyncStatus';
import { StaleDataAlert } from './StaleDataAlert';
import { pendingPath } from './syncPaths';
import { relativeTime, syncErrorText } from './syncTexts';

const Row = ({ label, value, testId }: { label: string; value: ReactNode; testId: string }): ReactNode => (
  <Group justify="space-between" gap="md" wrap="nowrap">
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text size="sm" fw={500} data-testid={testId}>
      {value}
    </Text>
  </Group>
);

/**
 * The sync chip's details (SyncChip): online/offline, what waits, rejections, last sync and the replica's age, with
 * "sync now" and the way to the pending-work inspector. Loaded on the chip's first tap (Popover brings Floating UI);
 * it opens at once then, and each further tap on the chip toggles it.
 */
export const SyncDetails = ({ chip }: { readonly chip: ReactNode }): ReactNode => {
  const { t, i18n } = useTranslation('sync');
  const status = useSyncStatus();
  const navigate = useNavigate();
  const now = Date.now();
  return (
    <Popover position="bottom-end" shadow="md" width={300} withArrow defaultOpened>
      <Popover.Target>{chip}</Popover.Target>
      <Popover.Dropdown data-testid="sync-details">
        <Stack gap="xs">
          <Text fw={600}>{t('details.title')}</Text>
          <Row
            label={t('details.connection')}
            value={status.online ? t('chip.online') : t('chip.offline')}
            testId="sync-online"
          />
          <Row label={t('details.pending')} value={status.pending} testId="sync-pending" />
          <Row label={t('details.rejected')} value={status.rejected} testId="sync-rejected" />
          <Row
            label={t('details.lastSync')}
            value={
              status.lastSyncAt === null
                ? t('details.never')
                : new Date(status.lastSyncAt).toLocaleTimeString(i18n.language, {
                    hour: '2-digit',
                    minute: '2-digit',
                  })
            }
            testId="sync-last"
          />
          <Row
            label={t('details.replicaAge')}
            value={
              status.lastSyncAt === null
                ? t('details.never')
                : relativeTime(now - status.lastSyncAt, i18n.language)
            }
            testId="sync-age"
          />
          {status.signInRequired ? (
            <Alert color="red" p="xs">
              <Text size="sm">{t('details.signInRequired')}</Text>
            </Alert>
          ) : null}
          <StaleDataAlert />
          {status.lastError && !status.signInRequired ? (
            <Text size="sm" c="red" data-testid="sync-error">
              {syncErrorText(t, status.lastError)}
            </Text>
          ) : null}
          <Group gap="xs" grow>
            <Button
              size="xs"
              variant="light"
              onClick={() => getActiveSync()?.retryNow()}
              disabled={status.signInRequired}
            >
              {t('details.syncNow')}
            </Button>
            <Button size="xs" variant="default" onClick={() => navigate(pendingPath)}>
              {t('details.showPending')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
};
