import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isTicketStatus, ticketActionsAllowed } from '../../../domain/shipping/ticketRules';
import type { Row } from '../../resources/resourceApi';
import { useNotifyingAction } from '../documents/useNotifyingAction';
import { CarrierThreadList } from './CarrierThreadList';
import { shippingApi, type TicketDetail } from './shippingApi';
import { dateTimeText, numberText, routeText, statusColor } from './shippingFormat';
import { useLiveChanges } from './useLiveChanges';

const shown = [
  'pickupPoint',
  'pickupCountry',
  'destinationPoint',
  'destinationCountry',
  'pickupTime',
  'deliveryTime',
  'loadWeight',
  'palletCount',
  'loadText',
  'description',
  'agreedPrice',
  'agreedCurrency',
  'publishedAt',
  'assignedAt',
] as const;

/** A ticket as the warehouse sees it: its state and actions, what it carries, and the carriers' offers. */
export const TicketPage = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [detail, setDetail] = useState<TicketDetail | null>(null);
  const action = useNotifyingAction<string>();
  const lng = i18n.language;
  const load = useCallback(() => {
    void shippingApi.detail(id).then(setDetail);
  }, [id]);
  useEffect(load, [load]);
  // Offers arrive, and confirmations happen elsewhere: reload on the live connection's notice.
  useLiveChanges(['shipmentTicket', 'freightOffer'], load);
  if (!detail) return null;
  const ticket = detail.ticket;
  const status = String(ticket.statusCode);
  const allowed = isTicketStatus(status) ? ticketActionsAllowed[status] : [];
  const value = (name: (typeof shown)[number]): string => {
    const v = ticket[name];
    if (name.endsWith('Time') || name.endsWith('At')) return dateTimeText(v, lng);
    if (typeof v === 'number') return numberText(v, lng);
    return typeof v === 'string' ? v : '';
  };
  const act = (key: 'publish' | 'unpublish' | 'archive') =>
    void action.run(key, async () => {
      await shippingApi.action(id, key);
      load();
      return t(`shipping:notices.${key}`);
    });

  return (
    <Stack data-testid="ticket-page" data-status={status}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs">
          <Title order={2} data-testid="ticket-number">
            {String(ticket.shipmentNumber)}
          </Title>
          <Badge color={statusColor[status] ?? 'gray'} data-testid="ticket-status">
            {t(`resources:shipmentTicket.options.statusCode.${status}`)}
          </Badge>
          <Text c="dimmed">{routeText(ticket)}</Text>
        </Group>
        <Group gap="xs">
          {allowed.includes('edit') && (
            <Button
              variant="light"
              onClick={() => navigate(`/shipment-tickets/${id}/edit`)}
              data-testid="ticket-edit"
            >
              {t('shipping:actions.edit')}
            </Button>
          )}
          {allowed.includes('publish') && (
            <Button
              loading={action.busy === 'publish'}
              onClick={() => act('publish')}
              data-testid="ticket-publish"
            >
              {t('shipping:actions.publish')}
            </Button>
          )}
          {allowed.includes('unpublish') && (
            <Button
              variant="default"
              loading={action.busy === 'unpublish'}
              onClick={() => act('unpublish')}
              data-testid="ticket-unpublish"
            >
              {t('shipping:actions.unpublish')}
            </Button>
          )}
          {allowed.includes('archive') && (
            <Button
              variant="subtle"
              color="gray"
              loading={action.busy === 'archive'}
              onClick={() => act('archive')}
              data-testid="ticket-archive"
            >
              {t('shipping:actions.archive')}
            </Button>
          )}
        </Group>
      </Group>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {shown.map((name) => (
            <div key={name}>
              <Text size="xs" c="dimmed">
                {t(`resources:shipmentTicket.fields.${name}`)}
              </Text>
              <Text data-testid={`ticket-value-${name}`}>{value(name) || '—'}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      <Title order={4}>{t('shipping:tickets.loads')}</Title>
      {detail.loads.length === 0 ? (
        <Text c="dimmed">{t('shipping:tickets.noLoads')}</Text>
      ) : (
        <Stack gap={4} data-testid="ticket-loads">
          {detail.loads.map((l: Row) => (
            <Anchor
              key={l.id}
              component={Link}
              to={l.orderId ? `/orders/${String(l.orderId)}` : `/documents/${String(l.documentId)}`}
            >
              {String(l.orderNumber ?? l.documentNumber ?? '')}
            </Anchor>
          ))}
        </Stack>
      )}
      <Title order={4}>{t('resources:freightOffer.title')}</Title>
      {detail.offers.length === 0 ? (
        <Text c="dimmed" data-testid="ticket-no-offers">
          {t('shipping:offers.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="ticket-offers">
            <Table.Thead>
              <Table.Tr>
                {['carrierId', 'price', 'pickupTime', 'deliveryTime', 'validUntil', 'statusCode'].map((f) => (
                  <Table.Th key={f}>{t(`resources:freightOffer.fields.${f}`)}</Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.offers.map((o: Row) => (
                <Table.Tr key={o.id} data-testid="ticket-offer" data-status={String(o.statusCode)}>
                  <Table.Td>{String(o.carrierName ?? '')}</Table.Td>
                  <Table.Td>
                    {numberText(o.price, lng)} {String(o.currency ?? '')}
                  </Table.Td>
                  <Table.Td>{dateTimeText(o.pickupTime, lng)}</Table.Td>
                  <Table.Td>{dateTimeText(o.deliveryTime, lng)}</Table.Td>
                  <Table.Td>{dateTimeText(o.validUntil, lng)}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[String(o.statusCode)] ?? 'gray'}>
                      {t(`resources:freightOffer.options.statusCode.${String(o.statusCode)}`)}
                    </Badge>
                    {typeof o.comment === 'string' && o.comment !== '' && (
                      <Text size="xs" c="dimmed">
                        {o.comment}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {o.statusCode === 'active' && allowed.includes('confirm') && (
                      <Button
                        size="xs"
                        loading={action.busy === o.id}
                        onClick={() =>
                          void action.run(o.id, async () => {
                            await shippingApi.confirm(o.id);
                            load();
                            return t('shipping:notices.confirmed');
                          })
                        }
                        data-testid="offer-confirm"
                      >
                        {t('shipping:actions.confirm')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {status !== 'workingCopy' && <CarrierThreadList ticket={ticket} />}
    </Stack>
  );
};
