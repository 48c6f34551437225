import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleIssue } from '../../../domain/errors';
import { priorities } from '../../../domain/resources/definitions/wmsDocument';
import type { SideRule } from '../../../domain/warehouse/documentTypes';
import type { Translate } from '../../i18n/i18n';
import { RefSelect } from '../../resources/RefSelect';
import type { HeaderValues, SideRules } from './documentForm';
import { issueText } from './issueText';

/** What a header field needs: its label, its error and a way to change the values. */
export interface HeaderFieldKit<V extends HeaderValues> {
  readonly t: Translate;
  readonly label: (field: string) => string;
  readonly errorOf: (field: string) => string | undefined;
  readonly set: (patch: Partial<V>) => void;
}

export const useHeaderFieldKit = <V extends HeaderValues>(
  values: V,
  onChange: (values: V) => void,
  issues: readonly RuleIssue[],
): HeaderFieldKit<V> => {
  const { t } = useTranslation();
  return {
    t,
    label: (field) => t(`logistics:fields.${field}`),
    errorOf: (field) => {
      const found = issues.find((i) => i.field === field);
      return found ? issueText(t, found) : undefined;
    },
    set: (patch) => onChange({ ...values, ...patch }),
  };
};

export interface WarehouseHeaderFormProps<V extends HeaderValues> {
  readonly values: V;
  readonly onChange: (values: V) => void;
  readonly readOnly: boolean;
  /** Types offered (value = code). */
  readonly typeOptions: readonly { readonly value: string; readonly label: string }[];
  /** The type no longer changes once the record exists (its number comes from it). */
  readonly typeLocked: boolean;
  /** Header issues (no positionIndex). */
  readonly issues: readonly RuleIssue[];
  /** Which sides are shown (not forbidden) and required. */
  readonly sides: SideRules;
  /** Test id prefix: `<prefix>-type`, `<prefix>-source`, `<prefix>-planned-date`, … */
  readonly prefix: string;
  /** Titles of the referenced rows the record carries, to avoid a lookup per select. */
  readonly refTitles?: Readonly<Record<string, string | undefined>>;
  /** Fields after the contractor (an order's assigned user) and after the planned date (its delivery date). */
  readonly afterContractor?: ReactNode;
  readonly afterPlannedDate?: ReactNode;
}

/** The header of a warehouse document or order: type, contractor, priority, locations and bins, dates, comment. */
export const WarehouseHeaderForm = <V extends HeaderValues>({
  values,
  onChange,
  readOnly,
  typeOptions,
  typeLocked,
  issues,
  sides,
  prefix,
  refTitles = {},
  afterContractor,
  afterPlannedDate,
}: WarehouseHeaderFormProps<V>): ReactNode => {
  const { t, label, errorOf, set } = useHeaderFieldKit(values, onChange, issues);
  const patch = (field: keyof HeaderValues, value: string | null) => set({ [field]: value } as Partial<V>);

  const location = (field: 'sourceLocationId' | 'destinationLocationId', rule: SideRule) =>
    rule === 'forbidden' ? null : (
      <RefSelect
        refName="storageSpace"
        label={label(field)}
        value={values[field]}
        onChange={(v) => patch(field, v)}
        required={rule === 'required'}
        disabled={readOnly}
        error={errorOf(field)}
        initialTitle={refTitles[field]}
        data-testid={`${prefix}-${field === 'sourceLocationId' ? 'source' : 'destination'}`}
      />
    );
  const container = (field: 'sourceContainer' | 'destinationContainer', rule: SideRule) =>
    rule === 'forbidden' ? null : (
      <TextInput
        label={label(field)}
        value={values[field]}
        onChange={(e) => patch(field, e.currentTarget.value)}
        required={rule === 'required'}
        disabled={readOnly}
        error={errorOf(field)}
        data-testid={`${prefix}-${field === 'sourceContainer' ? 'source-container' : 'destination-container'}`}
      />
    );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid={`${prefix}-header`}>
      <Select
        label={label('typeCode')}
        data={typeOptions}
        value={values.typeCode}
        onChange={(v) => patch('typeCode', v)}
        required
        disabled={readOnly || typeLocked}
        allowDeselect={false}
        error={errorOf('typeCode')}
        renderOption={({ option }) => (
          <span data-testid={`${prefix}-type-option-${option.value}`}>{option.label}</span>
        )}
        data-testid={`${prefix}-type`}
      />
      <RefSelect
        refName="company"
        label={label('contractorId')}
        value={values.contractorId}
        onChange={(v) => patch('contractorId', v)}
        disabled={readOnly}
        error={errorOf('contractorId')}
        initialTitle={refTitles.contractorId}
        data-testid={`${prefix}-contractor`}
      />
      {afterContractor}
      <Select
        label={label('priority')}
        data={priorities.map((p) => ({ value: p, label: t(`logistics:priorities.${p}`) }))}
        value={values.priority}
        onChange={(v) => patch('priority', v ?? 'normal')}
        allowDeselect={false}
        disabled={readOnly}
        data-testid={`${prefix}-priority`}
      />
      {location('sourceLocationId', sides.sourceLocation)}
      {container('sourceContainer', sides.sourceContainer)}
      {location('destinationLocationId', sides.destinationLocation)}
      {container('destinationContainer', sides.destinationContainer)}
      <DateTimeField
        label={label('plannedDate')}
        value={values.plannedDate}
        onChange={(v) => patch('plannedDate', v)}
        disabled={readOnly}
        error={errorOf('plannedDate')}
        testId={`${prefix}-planned-date`}
      />
      {afterPlannedDate}
      <Textarea
        label={label('comment')}
        value={values.comment}
        onChange={(e) => patch('comment', e.currentTarget.value)}
        disabled={readOnly}
        autosize
        minRows={1}
        maxRows={6}
        error={errorOf('comment')}
        data-testid={`${prefix}-comment`}
      />
    </SimpleGrid>
  );
};

/** A date and time input (datetime-local value). */
export const DateTimeField = ({
  label,
  value,
  onChange,
  disabled,
  error,
  testId,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly disabled?: boolean;
  readonly error?: string;
  readonly testId: string;
}): ReactNode => (
  <TextInput
    type="datetime-local"
    label={label}
    value={value}
    onChange={(e) => onChange(e.currentTarget.value)}
    disabled={disabled}
    error={error}
    data-testid={testId}
  />
);
