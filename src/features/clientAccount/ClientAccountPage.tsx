import {
  Alert,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { useAuthStore } from '../../state/authStore';
import { useStartupStore } from '../../state/startupStore';
import { lazyNamed } from '../../ui/lazyNamed';
import {
  checkOptionalEmail,
  type FormErrors,
  failures,
  type RuleFailure,
  splitFailure,
} from '../auth/validation';

/** GET /api/ClientAccount: the caller's company account (docs/api.md). */
export interface ClientAccount {
  readonly id?: string;
  readonly name?: string;
  readonly invoiceName?: string | null;
  readonly taxId?: string | null;
  readonly address1?: string | null;
  readonly address2?: string | null;
  readonly invoiceEmail?: string | null;
  readonly subscriptionType?: string | null;
  readonly subscriptionCode?: string | null;
  readonly monthlyDocumentLimit?: number | null;
  readonly extraDocumentPrice?: number | string | null;
  readonly extraBudget?: number | string | null;
  readonly theme?: string | null;
  readonly windowAnimations?: boolean | null;
  readonly appTitle?: string | null;
  readonly [key: string]: unknown;
}

/** What the user may change (PUT /api/ClientAccount). */
interface EditableValues {
  invoiceName: string;
  taxId: string;
  address1: string;
  address2: string;
  invoiceEmail: string;
  extraBudget: number | string;
  theme: string;
  windowAnimations: boolean;
  appTitle: string;
}
type EditableField = keyof EditableValues;
const editableFields: readonly EditableField[] = [
  'invoiceName',
  'taxId',
  'address1',
  'address2',
  'invoiceEmail',
  'extraBudget',
  'theme',
  'windowAnimations',
  'appTitle',
];

/** Colour themes offered (Mantine primary colours; 'default' = the product's blue). */
export const accountThemes = [
  'default',
  'blue',
  'teal',
  'green',
  'orange',
  'red',
  'violet',
  'grape',
] as const;

const toValues = (a: ClientAccount): EditableValues => ({
  invoiceName: a.invoiceName ?? '',
  taxId: a.taxId ?? '',
  address1: a.address1 ?? '',
  address2: a.address2 ?? '',
  invoiceEmail: a.invoiceEmail ?? '',
  extraBudget: a.extraBudget ?? 0,
  theme: a.theme ?? 'default',
  windowAnimations: a.windowAnimations ?? true,
  appTitle: a.appTitle ?? '',
});

const orNull = (v: string): string | null => (v.trim() === '' ? null : v.trim());

const toPayload = (v: EditableValues): Record<string, unknown> => ({
  invoiceName: orNull(v.invoiceName),
  taxId: orNull(v.taxId),
  address1: orNull(v.address1),
  address2: orNull(v.address2),
  invoiceEmail: orNull(v.invoiceEmail),
  extraBudget: v.extraBudget === '' ? 0 : Number(v.extraBudget),
  theme: v.theme,
  windowAnimations: v.windowAnimations,
  appTitle: orNull(v.appTitle),
});

const shown = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

// Charts load with the panel, not with the account screen.
const AccountUsagePanel = lazyNamed(() => import('./AccountUsagePanel'), 'AccountUsagePanel');

/** /client-account: the company account (invoice data, subscription, usage, appearance). */
export const ClientAccountPage = (): ReactNode => {
  const { t } = useTranslation();
  const isSuperUser = useAuthStore((s) => s.claims?.IsSuperUser === true);
  const [account, setAccount] = useState<ClientAccount | null>(null);
  const [values, setValues] = useState<EditableValues | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [errors, setErrors] = useState<FormErrors<EditableField>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const message = (f: RuleFailure | undefined) => (f ? errorMessage(t, f) : undefined);
  const label = (field: string) => t(`clientAccount.fields.${field}`);

  useEffect(() => {
    let current = true;
    api.get<ClientAccount>('/api/ClientAccount').then(
      (a) => {
        if (!current) return;
        setAccount(a);
        setValues(toValues(a));
      },
      (error: unknown) => current && setLoadError(error),
    );
    return () => {
      current = false;
    };
  }, []);

  if (loadError !== null) {
    return (
      <Alert color="red" role="alert" data-testid="clientAccount-error">
        {errorMessage(t, loadError)}
      </Alert>
    );
  }
  if (!account || !values) return <Loader aria-label={t('shell.loading')} />;

  const set = <K extends EditableField>(field: K, value: EditableValues[K]) => {
    setValues((v) => (v ? { ...v, [field]: value } : v));
    setErrors((s) => ({ ...s, [field]: undefined }));
  };
  const text = (field: 'invoiceName' | 'taxId' | 'address1' | 'address2' | 'invoiceEmail' | 'appTitle') => ({
    label: label(field),
    value: values[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
    error: message(errors[field]),
    'data-testid': `clientAccount-${field}`,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const budget = values.extraBudget === '' ? 0 : Number(values.extraBudget);
    const found = failures<EditableField>({
      invoiceName: undefined,
      taxId: undefined,
      address1: undefined,
      address2: undefined,
      invoiceEmail: checkOptionalEmail(values.invoiceEmail),
      extraBudget:
        Number.isFinite(budget) && budget >= 0 ? undefined : { rule: 'minValue', params: { min: 0 } },
      theme: undefined,
      windowAnimations: undefined,
      appTitle: undefined,
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await api.put<ClientAccount>('/api/ClientAccount', toPayload(values));
      const next = saved && typeof saved === 'object' ? saved : { ...account, ...toPayload(values) };
      setAccount(next);
      setValues(toValues(next));
      const startup = useStartupStore.getState();
      if (startup.config) {
        startup.setConfig({ ...startup.config, clientAccount: { ...startup.config.clientAccount, ...next } });
      }
      notifications.show({ color: 'green', message: t('notices.saved') });
    } catch (error) {
      const split = splitFailure(error, editableFields);
      setErrors(split.errors);
      setFailure(split.alert);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={900} data-testid="clientAccount-page">
        <Title order={2}>{t('clientAccount.title')}</Title>
        {failure !== null && (
          <Alert color="red" role="alert" data-testid="clientAccount-save-error">
            {errorMessage(t, failure)}
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            {t('clientAccount.sections.invoice')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('invoiceName')} />
            <TextInput {...text('taxId')} />
            <TextInput {...text('address1')} />
            <TextInput {...text('address2')} />
            <TextInput type="email" {...text('invoiceEmail')} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            {t('clientAccount.sections.subscription')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={label('subscriptionType')}
              value={
                account.subscriptionType
                  ? t(`clientAccount.subscriptionTypes.${account.subscriptionType}`, {
                      defaultValue: account.subscriptionType,
                    })
                  : ''
              }
              readOnly
              variant="filled"
              data-testid="clientAccount-subscriptionType"
            />
            <TextInput
              label={label('subscriptionCode')}
              value={shown(account.subscriptionCode)}
              readOnly
              variant="filled"
              data-testid="clientAccount-subscriptionCode"
            />
            <TextInput
              label={label('monthlyDocumentLimit')}
              value={shown(account.monthlyDocumentLimit)}
              readOnly
              variant="filled"
              data-testid="clientAccount-monthlyDocumentLimit"
            />
            <TextInput
              label={label('extraDocumentPrice')}
              value={shown(account.extraDocumentPrice)}
              readOnly
              variant="filled"
              data-testid="clientAccount-extraDocumentPrice"
            />
            <NumberInput
              label={label('extraBudget')}
              value={values.extraBudget}
              onChange={(v) => set('extraBudget', v)}
              min={0}
              decimalScale={2}
              error={message(errors.extraBudget)}
              data-testid="clientAccount-extraBudget"
            />
          </SimpleGrid>
        </Paper>
        {isSuperUser && (
          <Suspense fallback={<Loader size="sm" />}>
            <AccountUsagePanel />
          </Suspense>
        )}
        <Paper withBorder p="md" radius="md">
          <Title order={4} mb="sm">
            {t('clientAccount.sections.appearance')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...text('appTitle')} />
            <Select
              label={label('theme')}
              data={[...new Set<string>([...accountThemes, values.theme])].map((value) => ({
                value,
                label: t(`clientAccount.themes.${value}`, { defaultValue: value }),
              }))}
              value={values.theme}
              onChange={(v) => set('theme', v ?? 'default')}
              allowDeselect={false}
              error={message(errors.theme)}
              data-testid="clientAccount-theme"
            />
            <Switch
              label={label('windowAnimations')}
              checked={values.windowAnimations}
              onChange={(e) => set('windowAnimations', e.currentTarget.checked)}
              mt="md"
              data-testid="clientAccount-windowAnimations"
            />
          </SimpleGrid>
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={busy} data-testid="clientAccount-save">
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
