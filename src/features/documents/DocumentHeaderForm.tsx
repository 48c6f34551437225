import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleIssue } from '../../../domain/errors';
import { priorities } from '../../../domain/resources/definitions/wmsDocument';
import { documentTypeOf, type SideRule } from '../../../domain/warehouse/documentTypes';
import { RefSelect } from '../../resources/RefSelect';
import type { HeaderValues } from './documentForm';
import { issueText } from './issueText';

export interface DocumentHeaderFormProps {
  readonly values: HeaderValues;
  readonly onChange: (values: HeaderValues) => void;
  readonly readOnly: boolean;
  /** Types offered in the type select (the current one is always shown). */
  readonly typeOptions: readonly string[];
  /** The type no longer changes once the document exists (its number comes from it). */
  readonly typeLocked: boolean;
  /** Header issues (no positionIndex). */
  readonly issues: readonly RuleIssue[];
  /** Titles of the referenced rows the document row carries, to avoid a lookup per select. */
  readonly refTitles?: Readonly<Record<string, string | undefined>>;
}

type LocationField = 'sourceLocationId' | 'destinationLocationId';
type ContainerField = 'sourceContainer' | 'destinationContainer';

/** The header of a warehouse document; each location and bin is shown, required or hidden per the type's SideRule. */
export const DocumentHeaderForm = ({
  values,
  onChange,
  readOnly,
  typeOptions,
  typeLocked,
  issues,
  refTitles = {},
}: DocumentHeaderFormProps): ReactNode => {
  const { t } = useTranslation();
  const type = documentTypeOf(values.typeCode);
  const label = (field: string) => t(`logistics:fields.${field}`);
  const set = (patch: Partial<HeaderValues>) => onChange({ ...values, ...patch });
  const errorOf = (field: string): string | undefined => {
    const found = issues.find((i) => i.field === field);
    return found ? issueText(t, found) : undefined;
  };
  const ruleOf = (
    side: 'sourceLocation' | 'destinationLocation' | 'sourceContainer' | 'destinationContainer',
  ) => (type?.[side] ?? 'optional') as SideRule;

  const types = typeOptions.includes(values.typeCode ?? '')
    ? typeOptions
    : values.typeCode
      ? [values.typeCode, ...typeOptions]
      : typeOptions;

  const location = (field: LocationField, rule: SideRule) =>
    rule === 'forbidden' ? null : (
      <RefSelect
        refName="storageSpace"
        label={label(field)}
        value={values[field]}
        onChange={(v) => set({ [field]: v })}
        required={rule === 'required'}
        disabled={readOnly}
        error={errorOf(field)}
        initialTitle={refTitles[field]}
        data-testid={`doc-${field === 'sourceLocationId' ? 'source' : 'destination'}`}
      />
    );

  const container = (field: ContainerField, rule: SideRule) =>
    rule === 'forbidden' ? null : (
      <TextInput
        label={label(field)}
        value={values[field]}
        onChange={(e) => set({ [field]: e.currentTarget.value })}
        required={rule === 'required'}
        disabled={readOnly}
        error={errorOf(field)}
        data-testid={`doc-${field === 'sourceContainer' ? 'source-container' : 'destination-container'}`}
      />
    );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" data-testid="doc-header">
      <Select
        label={label('typeCode')}
        data={types.map((code) => ({
          value: code,
          label: `${code} — ${t(`warehouse:documentTypes.${code}`)}`,
        }))}
        value={values.typeCode}
        onChange={(v) => set({ typeCode: v })}
        required
        disabled={readOnly || typeLocked}
        allowDeselect={false}
        error={errorOf('typeCode')}
        renderOption={({ option }) => (
          <span data-testid={`doc-type-option-${option.value}`}>{option.label}</span>
        )}
        data-testid="doc-type"
      />
      <RefSelect
        refName="company"
        label={label('contractorId')}
        value={values.contractorId}
        onChange={(v) => set({ contractorId: v })}
        disabled={readOnly}
        error={errorOf('contractorId')}
        initialTitle={refTitles.contractorId}
        data-testid="doc-contractor"
      />
      <Select
        label={label('priority')}
        data={priorities.map((p) => ({ value: p, label: t(`logistics:priorities.${p}`) }))}
        value={values.priority}
        onChange={(v) => set({ priority: v ?? 'normal' })}
        allowDeselect={false}
        disabled={readOnly}
        data-testid="doc-priority"
      />
      {location('sourceLocationId', ruleOf('sourceLocation'))}
      {container('sourceContainer', ruleOf('sourceContainer'))}
      {location('destinationLocationId', ruleOf('destinationLocation'))}
      {container('destinationContainer', ruleOf('destinationContainer'))}
      <TextInput
        type="datetime-local"
        label={label('plannedDate')}
        value={values.plannedDate}
        onChange={(e) => set({ plannedDate: e.currentTarget.value })}
        disabled={readOnly}
        error={errorOf('plannedDate')}
        data-testid="doc-planned-date"
      />
      <Textarea
        label={label('comment')}
        value={values.comment}
        onChange={(e) => set({ comment: e.currentTarget.value })}
        disabled={readOnly}
        autosize
        minRows={1}
        maxRows={6}
        error={errorOf('comment')}
        data-testid="doc-comment"
      />
    </SimpleGrid>
  );
};
