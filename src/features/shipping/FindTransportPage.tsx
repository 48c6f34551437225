import {
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Row } from '../../resources/resourceApi';
import { AppDatesProvider } from '../calendar/AppDatesProvider';
import { shippingApi } from './shippingApi';
import { dateTimeText, numberText, routeText, statusColor } from './shippingFormat';
import { useLiveChanges } from './useLiveChanges';

interface Filters {
  pickupCountry: string;
  destinationCountry: string;
  pickupFrom: string | null;
  pickupTo: string | null;
  minWeight: number | string;
  maxWeight: number | string;
}

const empty: Filters = {
  pickupCountry: '',
  destinationCountry: '',
  pickupFrom: null,
  pickupTo: null,
  minWeight: '',
  maxWeight: '',
};

const queryOf = (f: Filters): Record<string, string> => {
  const q: Record<string, string> = { PageSize: '100' };
  if (f.pickupCountry) q.pickupCountry = f.pickupCountry;
  if (f.destinationCountry) q.destinationCountry = f.destinationCountry;
  if (f.pickupFrom) q.pickupFrom = dayjs(f.pickupFrom).format('YYYY-MM-DD');
  if (f.pickupTo) q.pickupTo = dayjs(f.pickupTo).format('YYYY-MM-DD');
  if (f.minWeight !== '') q.minWeight = String(f.minWeight);
  if (f.maxWeight !== '') q.maxWeight = String(f.maxWeight);
  return q;
};

/** A carrier's "find transport": published tickets meant for it, filtered by country, pickup days and weight. */
export const FindTransportPage = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(empty);
  const [applied, setApplied] = useState<Filters>(empty);
  const [rows, setRows] = useState<Row[] | null>(null);
  const load = useCallback(() => {
    shippingApi
      .findTransport(queryOf(applied))
      .then((page) => setRows(page.results))
      .catch(() => setRows([]));
  }, [applied]);
  useEffect(load, [load]);
  useLiveChanges(['shipmentTicket', 'freightOffer'], (change) => {
    if (change.resourceType === 'shipmentTicket' && change.action === 'update')
      notifications.show({ message: t('shipping:notices.transportChanged') });
    load();
  });
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));
  const lng = i18n.language;
  return (
    <AppDatesProvider>
      <Stack data-testid="find-transport">
        <Title order={2}>{t('common:menu.items.findTransport')}</Title>
        <Card withBorder>
          <SimpleGrid cols={{ base: 2, md: 6 }} spacing="xs">
            <TextInput
              label={t('resources:shipmentTicket.fields.pickupCountry')}
              value={filters.pickupCountry}
              maxLength={2}
              onChange={(e) => set('pickupCountry', e.currentTarget.value)}
              data-testid="find-pickupCountry"
            />
            <TextInput
              label={t('resources:shipmentTicket.fields.destinationCountry')}
              value={filters.destinationCountry}
              maxLength={2}
              onChange={(e) => set('destinationCountry', e.currentTarget.value)}
              data-testid="find-destinationCountry"
            />
            <DateInput
              label={t('shipping:find.pickupFrom')}
              value={filters.pickupFrom}
              onChange={(v) => set('pickupFrom', v)}
              clearable
              data-testid="find-pickupFrom"
            />
            <DateInput
              label={t('shipping:find.pickupTo')}
              value={filters.pickupTo}
              onChange={(v) => set('pickupTo', v)}
              clearable
              data-testid="find-pickupTo"
            />
            <NumberInput
              label={t('shipping:find.minWeight')}
              value={filters.minWeight}
              min={0}
              onChange={(v) => set('minWeight', v)}
              data-testid="find-minWeight"
            />
            <NumberInput
              label={t('shipping:find.maxWeight')}
              value={filters.maxWeight}
              min={0}
              onChange={(v) => set('maxWeight', v)}
              data-testid="find-maxWeight"
            />
          </SimpleGrid>
          <Group mt="sm">
            <Button onClick={() => setApplied(filters)} data-testid="find-search">
              {t('shipping:find.search')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                setFilters(empty);
                setApplied(empty);
              }}
            >
              {t('shipping:find.clear')}
            </Button>
          </Group>
        </Card>
        {rows?.length === 0 && <Text c="dimmed">{t('shipping:find.none')}</Text>}
        {rows?.map((row) => {
          const mine = (Array.isArray(row.myOffers) ? row.myOffers : []) as Row[];
          const active = mine.find((o) => o.statusCode === 'active');
          return (
            <Card
              key={row.id}
              withBorder
              onClick={() => navigate(`/transport/tickets/${row.id}`)}
              style={{ cursor: 'pointer' }}
              data-testid="find-ticket"
              data-number={String(row.shipmentNumber)}
            >
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>{`${String(row.shipmentNumber)} · ${routeText(row)}`}</Text>
                {active && (
                  <Badge color={statusColor.active}>
                    {t('shipping:find.offered', { price: String(active.price) })}
                  </Badge>
                )}
              </Group>
              <Text size="sm">
                {t('resources:shipmentTicket.fields.pickupTime')}: {dateTimeText(row.pickupTime, lng)}
              </Text>
              <Text size="sm" c="dimmed">
                {[row.pickupPoint, row.destinationPoint].filter(Boolean).join(' → ')}
              </Text>
              <Text size="sm" c="dimmed">
                {t('shipping:find.load', {
                  weight: numberText(row.loadWeight, lng) || '—',
                  pallets: numberText(row.palletCount, lng) || '—',
                })}
              </Text>
            </Card>
          );
        })}
      </Stack>
    </AppDatesProvider>
  );
};
