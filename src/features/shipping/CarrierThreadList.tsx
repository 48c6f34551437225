import { Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CarrierThreadLine } from '../../../domain/shipping/carrierThread';
import { carrierSeesTicket } from '../../../domain/shipping/carrierVisibility';
import type { Row } from '../../resources/resourceApi';
import { withDiscussion } from '../discussions/DiscussionDrawer';
import { useDiscussionEvents } from '../discussions/useDiscussionEvents';
import { useNotifyingAction } from '../documents/useNotifyingAction';
import { shippingApi } from './shippingApi';
import { useLiveChanges } from './useLiveChanges';

const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/**
 * The warehouse's messages with carriers about one ticket: a line per carrier that offered or was written to,
 * opening its thread over the screen; and "write to a carrier" for a carrier the ticket is meant for.
 */
export const CarrierThreadList = ({ ticket }: { readonly ticket: Row }): ReactNode => {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const [lines, setLines] = useState<readonly CarrierThreadLine[]>([]);
  const [carriers, setCarriers] = useState<readonly { id: string; name: string }[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const action = useNotifyingAction<string>();
  const ticketId = String(ticket.id);
  const load = useCallback(() => {
    void shippingApi.carrierThreads(ticketId).then((r) => setLines(r.results));
  }, [ticketId]);
  useEffect(load, [load]);
  useEffect(() => {
    void shippingApi.carriers().then((r) => setCarriers(r.results));
  }, []);
  // New threads come with offers; new messages and reads change the unread counts.
  useLiveChanges(['shipmentTicket', 'freightOffer'], load);
  useDiscussionEvents(load);
  const open = (discussionId: string) => setSearch(withDiscussion(search, discussionId));
  const visible = {
    statusCode: ticket.statusCode,
    invitedCarrierIds: listOf(ticket.invitedCarrierIds),
    assignedCarrierId: typeof ticket.assignedCarrierId === 'string' ? ticket.assignedCarrierId : null,
  };
  const writable = carriers.filter(
    (c) => carrierSeesTicket(visible, c.id) && !lines.some((l) => l.carrierId === c.id && l.discussionId),
  );
  const start = (carrierId: string) =>
    void action.run(carrierId, async () => {
      const { discussionId } = await shippingApi.startCarrierThread(ticketId, carrierId);
      setChosen(null);
      load();
      open(discussionId);
      return undefined;
    });

  return (
    <Stack gap="xs" data-testid="carrier-threads">
      <Title order={4}>{t('shipping:messages.title')}</Title>
      {lines.length === 0 && <Text c="dimmed">{t('shipping:messages.none')}</Text>}
      {lines.map((line) => (
        <Card
          key={line.carrierId}
          withBorder
          padding="xs"
          data-testid="carrier-thread"
          data-carrier={line.carrierName}
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="wrap">
              <Text fw={500}>{line.carrierName}</Text>
              {line.offered && (
                <Badge variant="light" color="gray">
                  {t('shipping:messages.offered')}
                </Badge>
              )}
              {line.unread > 0 && (
                <Badge color="red" data-testid="carrier-thread-unread">
                  {t('shipping:messages.unread', { count: line.unread })}
                </Badge>
              )}
              {line.discussionId && line.unread === 0 && (
                <Text size="sm" c="dimmed">
                  {t('shipping:messages.count', { count: line.messageCount })}
                </Text>
              )}
            </Group>
            <Button
              size="xs"
              variant="light"
              loading={action.busy === line.carrierId}
              onClick={() => (line.discussionId ? open(line.discussionId) : start(line.carrierId))}
              data-testid="carrier-thread-open"
            >
              {line.discussionId ? t('shipping:messages.open') : t('shipping:messages.write')}
            </Button>
          </Group>
        </Card>
      ))}
      {writable.some((c) => !lines.some((l) => l.carrierId === c.id)) && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t('shipping:messages.writeTo')}
            data={writable
              .filter((c) => !lines.some((l) => l.carrierId === c.id))
              .map((c) => ({ value: c.id, label: c.name }))}
            value={chosen}
            onChange={setChosen}
            searchable
            maw={260}
            data-testid="carrier-thread-choose"
          />
          <Button
            variant="default"
            disabled={!chosen}
            loading={chosen !== null && action.busy === chosen}
            onClick={() => chosen && start(chosen)}
            data-testid="carrier-thread-start"
          >
            {t('shipping:messages.write')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};
