import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { errorMessage, fieldErrorMessages } from '../../i18n/i18n';
import { AppDatesProvider } from '../calendar/AppDatesProvider';
import { DateTimeField } from '../calendar/DateTimeField';
import { shippingApi } from './shippingApi';

type Values = Record<string, unknown>;

const textFields = [
  'pickupPoint',
  'pickupCountry',
  'destinationPoint',
  'destinationCountry',
  'loadText',
] as const;
const editable = [
  ...textFields,
  'pickupTime',
  'deliveryTime',
  'loadWeight',
  'palletCount',
  'description',
  'invitedCarrierIds',
  'pickupAddressId',
  'destinationAddressId',
] as const;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | string => (typeof v === 'number' ? v : '');

/**
 * A shipment ticket's form: new (optionally made from a release order or document: `?orderId=` / `?documentId=`,
 * its load proposed from the lines) or a working copy's edit. "Save and publish" shows it to the carriers.
 */
export const TicketEditorPage = ({ mode }: { readonly mode: 'new' | 'edit' }): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const [values, setValues] = useState<Values>({});
  const [loads, setLoads] = useState<unknown[] | undefined>(undefined);
  const [source, setSource] = useState<string | null>(null);
  const [carriers, setCarriers] = useState<{ value: string; label: string }[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const field = (name: string) => `resources:shipmentTicket.fields.${name}`;
  const set = (name: string, value: unknown) => setValues((v) => ({ ...v, [name]: value }));

  useEffect(() => {
    let live = true;
    void shippingApi
      .carriers()
      .then((r) => live && setCarriers(r.results.map((c) => ({ value: c.id, label: c.name }))));
    if (mode === 'edit')
      void shippingApi
        .get(id)
        .then((row) => live && setValues(Object.fromEntries(editable.map((k) => [k, row[k]]))));
    else {
      const orderId = search.get('orderId') ?? undefined;
      const documentId = search.get('documentId') ?? undefined;
      if (orderId || documentId)
        void shippingApi
          .proposal(orderId ? { orderId } : { documentId })
          .then((p) => {
            if (!live) return;
            setValues((v) => ({
              ...v,
              ...Object.fromEntries(editable.map((k) => [k, p[k] ?? v[k] ?? null])),
            }));
            setLoads(Array.isArray(p.loads) ? p.loads : undefined);
            setSource(typeof p.sourceNumber === 'string' ? p.sourceNumber : null);
          })
          .catch((e: unknown) => notifications.show({ color: 'red', message: errorMessage(t, e) }));
    }
    return () => {
      live = false;
    };
  }, [mode, id, search, t]);

  const save = async (publish: boolean) => {
    setBusy(true);
    setErrors({});
    try {
      const body = { ...values, ...(loads ? { loads } : {}) };
      const saved = mode === 'edit' ? await shippingApi.update(id, body) : await shippingApi.create(body);
      if (publish) await shippingApi.action(saved.id, 'publish');
      notifications.show({
        color: 'green',
        message: t(publish ? 'shipping:notices.published' : 'shipping:notices.saved'),
      });
      navigate(`/shipment-tickets/${saved.id}`);
    } catch (e) {
      setErrors(fieldErrorMessages(t, e));
      notifications.show({ color: 'red', message: errorMessage(t, e) });
      // A ticket saved but not published opens as a draft.
    } finally {
      setBusy(false);
    }
  };

  return (
    <AppDatesProvider>
      <Stack maw={720} data-testid="ticket-editor">
        <Title order={2}>{t(mode === 'new' ? 'shipping:tickets.new' : 'shipping:tickets.edit')}</Title>
        {source && (
          <Alert color="blue" data-testid="ticket-source">
            {t('shipping:tickets.fromSource', { number: source })}
          </Alert>
        )}
        {textFields.map((name) => (
          <TextInput
            key={name}
            label={t(field(name))}
            value={str(values[name])}
            onChange={(e) => set(name, e.currentTarget.value)}
            error={errors[name]}
            maxLength={name.endsWith('Country') ? 2 : 300}
            data-testid={`ticket-${name}`}
          />
        ))}
        <DateTimeField
          label={t(field('pickupTime'))}
          value={str(values.pickupTime) || null}
          onChange={(v) => set('pickupTime', v)}
          error={errors.pickupTime}
          testId="ticket-pickupTime"
        />
        <DateTimeField
          label={t(field('deliveryTime'))}
          value={str(values.deliveryTime) || null}
          onChange={(v) => set('deliveryTime', v)}
          error={errors.deliveryTime}
          testId="ticket-deliveryTime"
        />
        <Group grow>
          <NumberInput
            label={t(field('loadWeight'))}
            value={num(values.loadWeight)}
            onChange={(v) => set('loadWeight', v === '' ? null : v)}
            min={0}
            error={errors.loadWeight}
            data-testid="ticket-loadWeight"
          />
          <NumberInput
            label={t(field('palletCount'))}
            value={num(values.palletCount)}
            onChange={(v) => set('palletCount', v === '' ? null : v)}
            min={0}
            allowDecimal={false}
            error={errors.palletCount}
            data-testid="ticket-palletCount"
          />
        </Group>
        <MultiSelect
          label={t(field('invitedCarrierIds'))}
          description={t('shipping:tickets.invitedHint')}
          data={carriers}
          value={Array.isArray(values.invitedCarrierIds) ? (values.invitedCarrierIds as string[]) : []}
          onChange={(v) => set('invitedCarrierIds', v)}
          error={errors.invitedCarrierIds}
          data-testid="ticket-invitedCarrierIds"
        />
        <Textarea
          label={t(field('description'))}
          value={str(values.description)}
          onChange={(e) => set('description', e.currentTarget.value)}
          autosize
          minRows={2}
          data-testid="ticket-description"
        />
        <Group>
          <Button loading={busy} onClick={() => void save(false)} data-testid="ticket-save">
            {t('shipping:actions.saveDraft')}
          </Button>
          <Button
            loading={busy}
            variant="light"
            onClick={() => void save(true)}
            data-testid="ticket-save-publish"
          >
            {t('shipping:actions.saveAndPublish')}
          </Button>
        </Group>
      </Stack>
    </AppDatesProvider>
  );
};
