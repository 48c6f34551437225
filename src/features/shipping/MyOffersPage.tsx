import { Badge, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { offerStatuses } from '../../../domain/shipping/ticketRules';
import type { Row } from '../../resources/resourceApi';
import { shippingApi } from './shippingApi';
import { dateTimeText, numberText, statusColor } from './shippingFormat';
import { useLiveChanges } from './useLiveChanges';

/** A carrier's own freight offers, newest first, with their state (and why an offer was archived). */
export const MyOffersPage = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [status, setStatus] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const load = useCallback(() => {
    void shippingApi
      .myOffers({ PageSize: '200', ...(status ? { statusCode: status } : {}) })
      .then((page) => setRows(page.results));
  }, [status]);
  useEffect(load, [load]);
  // A confirmation (or another carrier's) changes these offers: the carrier hears it live.
  useLiveChanges(['freightOffer'], () => {
    notifications.show({ message: t('shipping:notices.offerChanged') });
    load();
  });
  const lng = i18n.language;
  return (
    <Stack data-testid="my-offers">
      <Title order={2}>{t('common:menu.items.myFreightOffers')}</Title>
      <SegmentedControl
        value={status}
        onChange={setStatus}
        data={[
          { value: '', label: t('shipping:offers.all') },
          ...offerStatuses.map((s) => ({
            value: s,
            label: t(`resources:freightOffer.options.statusCode.${s}`),
          })),
        ]}
      />
      {rows.length === 0 && <Text c="dimmed">{t('shipping:offers.none')}</Text>}
      {rows.map((o) => (
        <Card
          key={o.id}
          withBorder
          data-testid="my-offer"
          data-status={String(o.statusCode)}
          data-ticket={String(o.ticketNumber)}
          onClick={() =>
            o.ticketStatus !== 'assigned' || o.statusCode === 'confirmed'
              ? navigate(`/transport/tickets/${String(o.ticketId)}`)
              : undefined
          }
        >
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>{`${String(o.ticketNumber)} · ${String(o.route ?? '')}`}</Text>
            <Badge color={statusColor[String(o.statusCode)] ?? 'gray'} data-testid="my-offer-status">
              {t(`resources:freightOffer.options.statusCode.${String(o.statusCode)}`)}
            </Badge>
          </Group>
          <Text size="sm">{`${numberText(o.price, lng)} ${String(o.currency)}`}</Text>
          <Text size="sm" c="dimmed">
            {t('resources:freightOffer.fields.pickupTime')}: {dateTimeText(o.pickupTime, lng) || '—'}
          </Text>
          {typeof o.archivedReason === 'string' && (
            <Text size="sm" c="dimmed" data-testid="my-offer-reason">
              {t(`resources:freightOffer.options.archivedReason.${o.archivedReason}`)}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
};
