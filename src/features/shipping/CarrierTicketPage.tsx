import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { fieldErrorMessages } from '../../i18n/i18n';
import type { Row } from '../../resources/resourceApi';
import { AppDatesProvider } from '../calendar/AppDatesProvider';
import { DateTimeField } from '../calendar/DateTimeField';
import { useNotifyingAction } from '../documents/useNotifyingAction';
import { shippingApi } from './shippingApi';
import { dateTimeText, numberText, routeText, statusColor } from './shippingFormat';
import { useLiveChanges } from './useLiveChanges';
import { WarehouseThread } from './WarehouseThread';

const details = [
  'pickupPoint',
  'destinationPoint',
  'pickupTime',
  'deliveryTime',
  'loadWeight',
  'palletCount',
  'loadText',
  'description',
] as const;

/** A carrier's view of one ticket: its details, its own offers, and the form to offer (or offer again). */
export const CarrierTicketPage = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const [ticket, setTicket] = useState<Row | null>(null);
  const [missing, setMissing] = useState(false);
  const [offer, setOffer] = useState<Record<string, unknown>>({ currency: 'EUR' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const action = useNotifyingAction<string>();
  const lng = i18n.language;
  const load = useCallback(() => {
    shippingApi
      .carrierTicket(id)
      .then((row) => {
        setTicket(row);
        setMissing(false);
      })
      .catch(() => setMissing(true));
  }, [id]);
  useEffect(load, [load]);
  useLiveChanges(['shipmentTicket', 'freightOffer'], load);
  if (missing) return <Alert color="gray">{t('shipping:find.gone')}</Alert>;
  if (!ticket) return null;
  const mine = (Array.isArray(ticket.myOffers) ? ticket.myOffers : []) as Row[];
  const set = (name: string, value: unknown) => setOffer((o) => ({ ...o, [name]: value }));
  const value = (name: (typeof details)[number]) => {
    const v = ticket[name];
    if (name.endsWith('Time')) return dateTimeText(v, lng);
    if (typeof v === 'number') return numberText(v, lng);
    return typeof v === 'string' ? v : '';
  };
  return (
    <AppDatesProvider>
      <Stack maw={720} data-testid="carrier-ticket" data-status={String(ticket.statusCode)}>
        <Group gap="xs">
          <Title order={2}>{String(ticket.shipmentNumber)}</Title>
          <Text c="dimmed">{routeText(ticket)}</Text>
          {ticket.assignedToMe === true && <Badge color="green">{t('shipping:find.assignedToYou')}</Badge>}
        </Group>
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {details.map((name) => (
              <div key={name}>
                <Text size="xs" c="dimmed">
                  {t(`resources:shipmentTicket.fields.${name}`)}
                </Text>
                <Text>{value(name) || '—'}</Text>
              </div>
            ))}
          </SimpleGrid>
        </Card>
        <Title order={4}>{t('common:menu.items.myFreightOffers')}</Title>
        {mine.map((o) => (
          <Group key={o.id} justify="space-between" data-testid="my-offer" data-status={String(o.statusCode)}>
            <Text>{`${numberText(o.price, lng)} ${String(o.currency)}`}</Text>
            <Badge color={statusColor[String(o.statusCode)] ?? 'gray'}>
              {t(`resources:freightOffer.options.statusCode.${String(o.statusCode)}`)}
            </Badge>
            {o.statusCode === 'active' && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={action.busy === o.id}
                onClick={() =>
                  void action.run(o.id, async () => {
                    await shippingApi.withdraw(o.id);
                    load();
                    return t('shipping:notices.withdrawn');
                  })
                }
                data-testid="my-offer-withdraw"
              >
                {t('shipping:actions.withdraw')}
              </Button>
            )}
          </Group>
        ))}
        {ticket.statusCode === 'published' && (
          <Card withBorder data-testid="offer-form">
            <Title order={5}>{t('shipping:offers.make')}</Title>
            <Group grow>
              <NumberInput
                label={t('resources:freightOffer.fields.price')}
                value={typeof offer.price === 'number' ? offer.price : ''}
                onChange={(v) => set('price', v === '' ? null : v)}
                min={0}
                error={errors.price}
                data-testid="offer-price"
              />
              <TextInput
                label={t('resources:freightOffer.fields.currency')}
                value={String(offer.currency ?? '')}
                maxLength={3}
                onChange={(e) => set('currency', e.currentTarget.value)}
                error={errors.currency}
                data-testid="offer-currency"
              />
            </Group>
            <DateTimeField
              label={t('resources:freightOffer.fields.pickupTime')}
              value={typeof offer.pickupTime === 'string' ? offer.pickupTime : null}
              onChange={(v) => set('pickupTime', v)}
              error={errors.pickupTime}
              testId="offer-pickupTime"
            />
            <DateTimeField
              label={t('resources:freightOffer.fields.deliveryTime')}
              value={typeof offer.deliveryTime === 'string' ? offer.deliveryTime : null}
              onChange={(v) => set('deliveryTime', v)}
              error={errors.deliveryTime}
              testId="offer-deliveryTime"
            />
            <DateTimeField
              label={t('resources:freightOffer.fields.validUntil')}
              value={typeof offer.validUntil === 'string' ? offer.validUntil : null}
              onChange={(v) => set('validUntil', v)}
              error={errors.validUntil}
              testId="offer-validUntil"
            />
            <Textarea
              label={t('resources:freightOffer.fields.comment')}
              value={String(offer.comment ?? '')}
              onChange={(e) => set('comment', e.currentTarget.value)}
              data-testid="offer-comment"
            />
            <Button
              mt="sm"
              loading={action.busy === 'offer'}
              onClick={() =>
                void action.run('offer', async () => {
                  setErrors({});
                  try {
                    await shippingApi.makeOffer(id, offer);
                  } catch (e) {
                    setErrors(fieldErrorMessages(t, e));
                    throw e;
                  }
                  load();
                  return t('shipping:notices.offerSent');
                })
              }
              data-testid="offer-send"
            >
              {t('shipping:actions.sendOffer')}
            </Button>
          </Card>
        )}
        <WarehouseThread ticketId={id} offers={mine.length} />
      </Stack>
    </AppDatesProvider>
  );
};
