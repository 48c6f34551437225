import { Center, Progress, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { progressPercent } from '../../../sync/pull';
import { useSyncHandle } from '../../db/activeSync';
import { useSyncStatus } from '../../db/useSyncStatus';

export interface InitialSyncProgressProps {
  /** Shown once the replica has been synced at least once (nothing is shown before when absent). */
  readonly children?: ReactNode;
}

/**
 * The first sync of a device: rows received and percent, until the replica has everything once. Wrap a
 * terminal screen in it, or place it alone. Later pulls run in the background (the chip shows them).
 */
export const InitialSyncProgress = ({ children }: InitialSyncProgressProps): ReactNode => {
  const { t, i18n } = useTranslation('sync');
  const handle = useSyncHandle();
  const status = useSyncStatus();
  // No replica to wait for (not a terminal user), or it has been synced once.
  if (!handle || status.lastSyncAt !== null) return children ?? null;
  const progress = status.progress;
  const received = progress?.received ?? 0;
  const total = received + (progress?.remaining ?? 0);
  const percent = progress ? progressPercent(progress) : 0;
  return (
    <Center py="xl" data-testid="initial-sync">
      <Stack gap="sm" w="min(480px, 100%)">
        <Title order={3}>{t('initial.title')}</Title>
        <Text c="dimmed">{status.online ? t('initial.text') : t('initial.offline')}</Text>
        <Progress
          value={percent}
          size="xl"
          striped
          animated={status.pulling}
          aria-label={t('initial.title')}
        />
        <Text size="sm" data-testid="initial-sync-rows">
          {t('initial.rows', {
            received: received.toLocaleString(i18n.language),
            total: total.toLocaleString(i18n.language),
            percent,
          })}
        </Text>
      </Stack>
    </Center>
  );
};
