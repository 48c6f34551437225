import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnCarrierThread } from '../../../domain/shipping/carrierThread';
import { DiscussionThread } from '../discussions/DiscussionThread';
import { useDiscussionEvents } from '../discussions/useDiscussionEvents';
import { useNotifyingAction } from '../documents/useNotifyingAction';
import { shippingApi } from './shippingApi';
import { useLiveChanges } from './useLiveChanges';

/**
 * A carrier's one thread with the warehouse about a ticket, shown on its ticket screen; opened by its first offer,
 * by the warehouse writing first, or here.
 */
export const WarehouseThread = ({
  ticketId,
  offers,
}: {
  readonly ticketId: string;
  /** How many offers the carrier made: the first one opens the thread. */
  readonly offers: number;
}): ReactNode => {
  const { t } = useTranslation();
  const [thread, setThread] = useState<OwnCarrierThread | null>(null);
  const action = useNotifyingAction<'start'>();
  const load = useCallback(() => {
    void shippingApi.ownThread(ticketId).then(setThread);
  }, [ticketId]);
  useEffect(load, [load]);
  const discussionId = thread?.discussionId ?? null;
  // Until there is a thread: the warehouse writing first, or the carrier's first offer, opens it.
  const lookAgain = () => {
    if (!discussionId) load();
  };
  useDiscussionEvents(lookAgain);
  useLiveChanges(['freightOffer'], lookAgain);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new offer of this screen is the reason to look again
  useEffect(lookAgain, [offers]);
  if (!thread) return null;
  return (
    <Card withBorder data-testid="warehouse-thread">
      <Stack gap="xs">
        <Title order={5}>{t('shipping:messages.withWarehouse')}</Title>
        {discussionId ? (
          <DiscussionThread discussionId={discussionId} />
        ) : (
          <>
            <Text c="dimmed">{t('shipping:messages.askWarehouse')}</Text>
            <Button
              variant="light"
              loading={action.busy === 'start'}
              onClick={() =>
                void action.run('start', async () => {
                  const started = await shippingApi.startOwnThread(ticketId);
                  setThread({ discussionId: started.discussionId, unread: 0 });
                  return undefined;
                })
              }
              data-testid="warehouse-thread-start"
            >
              {t('shipping:messages.writeWarehouse')}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
};
