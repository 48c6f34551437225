import { Badge, UnstyledButton } from '@mantine/core';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../db/useSyncStatus';
import { lazyNamed } from '../../ui/lazyNamed';
import { OptionalPart } from '../../ui/OptionalPart';
import { chipLook } from './syncTexts';

// The details load on the chip's first tap: the chip is on every terminal screen, its Popover (Floating UI) is not
// needed to show it. The terminal asks for them once its first screen is up (terminalRoutes), so they open offline.
const SyncDetails = lazyNamed(() => import('./SyncDetails'), 'SyncDetails');

/**
 * Always-visible sync status for terminal screens: online/offline, what waits, rejections. A tap opens the details
 * (SyncDetails) with "sync now" and the way to the pending-work inspector.
 */
export const SyncChip = (): ReactNode => {
  const { t } = useTranslation('sync');
  const status = useSyncStatus();
  const [tapped, setTapped] = useState(false);
  const look = chipLook(status);
  const chip = (onOpen?: () => void): ReactNode => (
    <UnstyledButton aria-label={t('chip.label')} data-testid="sync-chip" onClick={onOpen}>
      <Badge
        color={look.color}
        size="lg"
        variant="filled"
        data-state={look.label}
        data-pending={status.pending}
      >
        {t(look.label)}
        {status.pending > 0 ? ` · ${t('chip.pending', { count: status.pending })}` : ''}
        {status.rejected > 0 && look.label !== 'chip.rejected'
          ? ` · ${t('chip.rejectedCount', { count: status.rejected })}`
          : ''}
      </Badge>
    </UnstyledButton>
  );
  if (!tapped) return chip(() => setTapped(true));
  return (
    <OptionalPart fallback={chip()}>
      <Suspense fallback={chip()}>
        <SyncDetails chip={chip()} />
      </Suspense>
    </OptionalPart>
  );
};
