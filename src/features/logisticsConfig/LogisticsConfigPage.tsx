import {
  Alert,
  Button,
  Code,
  Fieldset,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '../../../domain/auth/claims';
import type { FieldError } from '../../../domain/errors';
import { previewNextNumber, provisionalNumber } from '../../../domain/numbering/documentNumber';
import { type DocumentTypeCode, documentTypeCodes } from '../../../domain/warehouse/documentTypes';
import {
  type LogisticsConfig,
  logisticsConfigSchema,
  type NumberingScheme,
  staleAfterMinutesBounds,
  type WarehouseRules,
} from '../../../domain/warehouse/logisticsConfig';
import { ApiError } from '../../api/apiError';
import { errorMessage } from '../../i18n/i18n';
import { formatDate } from '../../resources/format';
import { fieldErrorsByPath, fieldErrorsFromIssues } from '../../resources/issueErrors';
import { useAuthStore } from '../../state/authStore';
import { useStartupStore } from '../../state/startupStore';
import { nextNumberPreview } from '../documents/nextNumbers';
import { useLoad } from '../documents/useLoad';
import { configApi } from './configApi';

const counterDigitOptions = ['5', '6', '7', '8'];
const yearDigitOptions = ['2', '4'];
const resets = ['monthly', 'yearly', 'never'] as const;
/** The device shown in the working-copy example (terminals have short codes like this). */
const exampleDevice = 'T01';

/** Empty number inputs: NaN fails the schema (required value), null where the schema allows "no limit". */
const numberOrNaN = (v: number | string): number => (typeof v === 'number' ? v : Number.NaN);
const numberOrNull = (v: number | string): number | null => (typeof v === 'number' ? v : null);
const shownNumber = (v: number | null): number | string => (v === null || Number.isNaN(v) ? '' : v);

/**
 * /logistics-config: document numbering, working copies, the warehouse rule switches (docs/warehouse-rules.md) and how old a
 * terminal's data may get before its actions warn.
 */
export const LogisticsConfigPage = (): ReactNode => {
  const { t } = useTranslation(['infrastructure', 'warehouse', 'errors']);
  const claims = useAuthStore((s) => s.claims);
  const canEdit = claims !== null && hasAccess(claims, 'power');
  const config = useLoad('logisticsConfig', configApi.get);
  const saved = config.data;
  const loadError = config.error;
  const [draft, setDraft] = useState<LogisticsConfig | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, FieldError>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const today = useMemo(() => formatDate(new Date()), []);

  // The form starts from what is stored, and again after each save.
  useEffect(() => setDraft(saved), [saved]);
  // The newest number of each type, so the preview shows the number the next document really gets.
  const lastNumbers = useLoad('lastNumbers', configApi.lastNumbers).data;

  const parsed = useMemo(() => (draft ? logisticsConfigSchema.safeParse(draft) : null), [draft]);
  const clientErrors = useMemo(
    () => (parsed && !parsed.success ? fieldErrorsFromIssues(parsed.error.issues) : {}),
    [parsed],
  );

  if (loadError !== null)
    return (
      <Alert color="red" data-testid="logistics-config-error">
        {errorMessage(t, loadError)}
      </Alert>
    );
  if (!draft || !saved) return <Loader aria-label={t('common:shell.loading')} />;

  // The loaded config is valid, so a client-side error is always the user's last change: show it at once.
  const errorAt = (path: string): string | undefined => {
    const e = serverErrors[path] ?? clientErrors[path];
    if (!e) return undefined;
    if (path.endsWith('.withMonth') && e.rule === 'invalidValue')
      return t('logisticsConfig.numbering.monthlyNeedsMonth');
    return errorMessage(t, e);
  };
  const change = (next: LogisticsConfig) => {
    setDraft(next);
    setServerErrors({});
  };
  const setScheme = (code: DocumentTypeCode, patch: Partial<NumberingScheme>) =>
    change({ ...draft, numbering: { ...draft.numbering, [code]: { ...draft.numbering[code], ...patch } } });
  const setRule = <K extends keyof WarehouseRules>(key: K, patch: Partial<WarehouseRules[K]>) =>
    change({ ...draft, rules: { ...draft.rules, [key]: { ...draft.rules[key], ...patch } } });

  const preview = (code: DocumentTypeCode, scheme: NumberingScheme): { text: string; ok: boolean } => {
    const result = saved
      ? nextNumberPreview(scheme, saved.numbering[code], lastNumbers?.[code] ?? null, today)
      : previewNextNumber(scheme, 0, today);
    return result.ok
      ? { text: result.number, ok: true }
      : { text: t(`logisticsConfig.numbering.previewErrors.${result.error}`), ok: false };
  };
  const workingCopyExample = (() => {
    const result = provisionalNumber(
      { ...draft.numbering.DIN, workingCopyPrefix: draft.workingCopyPrefix },
      1,
      exampleDevice,
      today,
    );
    return result.ok ? result.number : null;
  })();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    setServerErrors({});
    // A scheme the numbering cannot use would fail when the first document is numbered: not saved.
    const unusable = documentTypeCodes.some((code) => !previewNextNumber(draft.numbering[code], 0, today).ok);
    if (!parsed?.success || unusable) return;
    setBusy(true);
    try {
      const next = await configApi.save(parsed.data);
      config.set(next);
      setSubmitted(false);
      const startup = useStartupStore.getState();
      if (startup.config) startup.setConfig({ ...startup.config, clientLogisticsConfig: next });
      notifications.show({ color: 'green', message: t('common:notices.saved') });
    } catch (error) {
      const fields = error instanceof ApiError ? fieldErrorsByPath(error.fields) : {};
      setServerErrors(fields);
      if (Object.keys(fields).length === 0 || !(error instanceof ApiError)) setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const ruleSwitch = (key: keyof WarehouseRules) => (
    <Switch
      label={t(`logisticsConfig.rules.${key}.label`)}
      description={t(`logisticsConfig.rules.${key}.description`)}
      checked={draft.rules[key].enabled}
      onChange={(e) => setRule(key, { enabled: e.currentTarget.checked })}
      data-testid={`logistics-rule-${key}`}
    />
  );

  const hasErrors =
    submitted &&
    (parsed?.success !== true || documentTypeCodes.some((code) => !preview(code, draft.numbering[code]).ok));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={1200} data-testid="logistics-config-page">
        <Title order={2}>{t('logisticsConfig.title')}</Title>
        {!canEdit && (
          <Alert color="blue" data-testid="logistics-config-readonly">
            {t('logisticsConfig.readOnly')}
          </Alert>
        )}
        {failure !== null && (
          <Alert color="red" data-testid="logistics-config-save-error">
            {errorMessage(t, failure)}
          </Alert>
        )}
        {hasErrors && (
          <Alert color="red" data-testid="logistics-config-invalid">
            {errorMessage(t, 'formHasErrors')}
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={!canEdit || busy}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Title order={4}>{t('logisticsConfig.numbering.title')}</Title>
              <Text size="sm" c="dimmed" mb="sm">
                {t('logisticsConfig.numbering.intro')}
              </Text>
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing={4} data-testid="logistics-numbering">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('logisticsConfig.numbering.type')}</Table.Th>
                      <Table.Th>{t('logisticsConfig.numbering.prefix')}</Table.Th>
                      <Table.Th>{t('logisticsConfig.numbering.counterDigits')}</Table.Th>
                      <Table.Th>{t('logisticsConfig.numbering.yearDigits')}</Table.Th>
                      <Table.Th>{t('logisticsConfig.numbering.withMonth')}</Table.Th>
                      <Table.Th>{t('logisticsConfig.numbering.reset')}</Table.Th>
                      <Table.Th>{t('logisticsConfig.numbering.preview')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {documentTypeCodes.map((code) => {
                      const scheme = draft.numbering[code];
                      const at = (field: string) => errorAt(`numbering.${code}.${field}`);
                      const id = (field: string) => `logistics-numbering-${code}-${field}`;
                      const next = preview(code, scheme);
                      const typeName = t(`warehouse:documentTypes.${code}`);
                      return (
                        <Table.Tr key={code} data-testid={`logistics-numbering-${code}`}>
                          <Table.Td>
                            <Text size="sm" fw={600}>
                              {code}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {typeName}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              size="xs"
                              w={110}
                              value={scheme.prefix}
                              onChange={(e) => setScheme(code, { prefix: e.currentTarget.value })}
                              error={at('prefix')}
                              aria-label={t('logisticsConfig.numbering.prefixOf', { type: typeName })}
                              data-testid={id('prefix')}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Select
                              size="xs"
                              w={80}
                              data={counterDigitOptions}
                              value={String(scheme.counterDigits)}
                              onChange={(v) => v && setScheme(code, { counterDigits: Number(v) })}
                              allowDeselect={false}
                              error={at('counterDigits')}
                              aria-label={t('logisticsConfig.numbering.counterDigitsOf', { type: typeName })}
                              data-testid={id('counterDigits')}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Select
                              size="xs"
                              w={80}
                              data={yearDigitOptions}
                              value={String(scheme.yearDigits)}
                              onChange={(v) => v && setScheme(code, { yearDigits: v === '2' ? 2 : 4 })}
                              allowDeselect={false}
                              error={at('yearDigits')}
                              aria-label={t('logisticsConfig.numbering.yearDigitsOf', { type: typeName })}
                              data-testid={id('yearDigits')}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Switch
                              checked={scheme.withMonth}
                              onChange={(e) => setScheme(code, { withMonth: e.currentTarget.checked })}
                              error={at('withMonth')}
                              aria-label={t('logisticsConfig.numbering.withMonthOf', { type: typeName })}
                              data-testid={id('withMonth')}
                            />
                          </Table.Td>
                          <Table.Td>
                            <Select
                              size="xs"
                              w={130}
                              data={resets.map((r) => ({
                                value: r,
                                label: t(`logisticsConfig.numbering.resets.${r}`),
                              }))}
                              value={scheme.reset}
                              onChange={(v) => {
                                const reset = resets.find((r) => r === v);
                                if (reset) setScheme(code, { reset });
                              }}
                              allowDeselect={false}
                              error={at('reset')}
                              aria-label={t('logisticsConfig.numbering.resetOf', { type: typeName })}
                              data-testid={id('reset')}
                            />
                          </Table.Td>
                          <Table.Td>
                            {next.ok ? (
                              <Code data-testid={id('preview')}>{next.text}</Code>
                            ) : (
                              <Text size="xs" c="red" data-testid={id('preview')}>
                                {next.text}
                              </Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Title order={4} mb="sm">
                {t('logisticsConfig.workingCopies.title')}
              </Title>
              <Stack gap="sm">
                <TextInput
                  maw={320}
                  label={t('logisticsConfig.workingCopies.prefix')}
                  description={
                    workingCopyExample
                      ? t('logisticsConfig.workingCopies.example', { number: workingCopyExample })
                      : undefined
                  }
                  value={draft.workingCopyPrefix}
                  onChange={(e) => change({ ...draft, workingCopyPrefix: e.currentTarget.value })}
                  error={errorAt('workingCopyPrefix')}
                  data-testid="logistics-workingCopyPrefix"
                />
                <Switch
                  label={t('logisticsConfig.workingCopies.countInStock')}
                  description={t('logisticsConfig.workingCopies.countInStockDescription')}
                  checked={draft.workingCopiesCountInStock}
                  onChange={(e) => change({ ...draft, workingCopiesCountInStock: e.currentTarget.checked })}
                  data-testid="logistics-workingCopiesCountInStock"
                />
              </Stack>
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Title order={4} mb="sm">
                {t('logisticsConfig.rules.title')}
              </Title>
              <Stack gap="md">
                {ruleSwitch('expiredGoods')}
                <Group align="flex-start" gap="lg">
                  {ruleSwitch('nearExpiry')}
                  <NumberInput
                    w={160}
                    label={t('logisticsConfig.rules.nearExpiry.days')}
                    value={shownNumber(draft.rules.nearExpiry.days)}
                    onChange={(v) => setRule('nearExpiry', { days: numberOrNaN(v) })}
                    disabled={!draft.rules.nearExpiry.enabled}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    error={errorAt('rules.nearExpiry.days')}
                    data-testid="logistics-rule-nearExpiry-days"
                  />
                </Group>
                {ruleSwitch('temperature')}
                {ruleSwitch('rackCapacity')}
                <Group align="flex-start" gap="lg">
                  {ruleSwitch('verificationApproval')}
                  <NumberInput
                    w={160}
                    label={t('logisticsConfig.rules.verificationApproval.quantity')}
                    value={shownNumber(draft.rules.verificationApproval.quantity)}
                    onChange={(v) => setRule('verificationApproval', { quantity: numberOrNull(v) })}
                    disabled={!draft.rules.verificationApproval.enabled}
                    min={0}
                    allowNegative={false}
                    error={errorAt('rules.verificationApproval.quantity')}
                    data-testid="logistics-rule-verificationApproval-quantity"
                  />
                  <NumberInput
                    w={160}
                    label={t('logisticsConfig.rules.verificationApproval.percent')}
                    value={shownNumber(draft.rules.verificationApproval.percent)}
                    onChange={(v) => setRule('verificationApproval', { percent: numberOrNull(v) })}
                    disabled={!draft.rules.verificationApproval.enabled}
                    min={0}
                    allowNegative={false}
                    suffix="%"
                    error={errorAt('rules.verificationApproval.percent')}
                    data-testid="logistics-rule-verificationApproval-percent"
                  />
                </Group>
              </Stack>
            </Paper>

            <Paper withBorder p="md" radius="md">
              <Title order={4} mb="sm">
                {t('logisticsConfig.terminal.title')}
              </Title>
              <NumberInput
                maw={320}
                label={t('logisticsConfig.terminal.staleAfterMinutes')}
                description={t('logisticsConfig.terminal.staleAfterMinutesDescription')}
                value={shownNumber(draft.terminal.staleAfterMinutes)}
                onChange={(v) =>
                  change({ ...draft, terminal: { ...draft.terminal, staleAfterMinutes: numberOrNaN(v) } })
                }
                min={staleAfterMinutesBounds.min}
                max={staleAfterMinutesBounds.max}
                allowDecimal={false}
                allowNegative={false}
                error={errorAt('terminal.staleAfterMinutes')}
                data-testid="logistics-terminal-staleAfterMinutes"
              />
              <Switch
                mt="md"
                label={t('logisticsConfig.terminal.faceRecognition')}
                description={t('logisticsConfig.terminal.faceRecognitionDescription')}
                checked={draft.terminal.faceRecognition}
                onChange={(e) =>
                  change({
                    ...draft,
                    terminal: { ...draft.terminal, faceRecognition: e.currentTarget.checked },
                  })
                }
                data-testid="logistics-terminal-faceRecognition"
              />
            </Paper>
          </Stack>
        </Fieldset>
        {canEdit && (
          <Group justify="flex-end">
            <Button
              variant="default"
              onClick={() => {
                setDraft(saved);
                setSubmitted(false);
                setServerErrors({});
                setFailure(null);
              }}
              disabled={busy}
              data-testid="logistics-config-reset"
            >
              {t('logisticsConfig.revert')}
            </Button>
            <Button type="submit" loading={busy} data-testid="logistics-config-save">
              {t('common:actions.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};
