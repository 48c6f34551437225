import { Group, Select, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDefinition } from '../../domain/resources/types';
import { DebouncedTextInput } from './DebouncedTextInput';
import { type ColumnFilter, filterModeOf } from './listState';
import { RefSelect } from './RefSelect';

export interface ColumnFilterInputProps {
  readonly def: ResourceDefinition;
  readonly name: string;
  readonly field: FieldDef;
  readonly filter: ColumnFilter | undefined;
  readonly onChange: (filter: ColumnFilter) => void;
  /** Column label (default: the resource's translated field label). */
  readonly label?: string;
  /** data-testid of the input (default `filter-<name>`; range inputs add -from / -to). */
  readonly testId?: string;
  /** Label of an enum value (default: the resource's translated option). */
  readonly optionLabel?: (value: string) => string;
}

/** The filter input under a list column header, chosen by the field's kind. */
export const ColumnFilterInput = ({
  def,
  name,
  field,
  filter,
  onChange,
  label: givenLabel,
  testId = `filter-${name}`,
  optionLabel,
}: ColumnFilterInputProps): ReactNode => {
  const { t } = useTranslation(['resources']);
  const label = givenLabel ?? t(`resources:${def.name}.fields.${name}`);
  const aria = t('resources:generic.filterBy', { field: label });
  const mode = filterModeOf(field);
  const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

  switch (mode) {
    case 'text':
      return (
        <DebouncedTextInput
          size="xs"
          value={filter?.value ?? ''}
          onCommit={(value) => onChange({ value })}
          aria-label={aria}
          placeholder={t('resources:generic.filterPlaceholder')}
          data-testid={testId}
          onClick={stop}
        />
      );
    case 'select':
    case 'boolean': {
      const data =
        mode === 'boolean'
          ? [
              { value: 'true', label: t('resources:generic.yes') },
              { value: 'false', label: t('resources:generic.no') },
            ]
          : (field.options ?? []).map((o) => ({
              value: o,
              label: optionLabel
                ? optionLabel(o)
                : t(`resources:${def.name}.options.${name}.${o}`, { defaultValue: o }),
            }));
      return (
        <Select
          size="xs"
          data={data}
          value={filter?.value ?? null}
          onChange={(value) => onChange({ value: value ?? undefined })}
          clearable
          aria-label={aria}
          placeholder={t('resources:generic.any')}
          data-testid={testId}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'ref':
      return (
        <RefSelect
          size="xs"
          refName={field.ref ?? ''}
          value={filter?.value ?? null}
          onChange={(value) => onChange({ value: value ?? undefined })}
          aria-label={aria}
          placeholder={t('resources:generic.any')}
          data-testid={testId}
        />
      );
    case 'range':
    case 'dateRange': {
      const type = mode === 'range' ? 'number' : 'date';
      const from = filter?.from ?? '';
      const to = filter?.to ?? '';
      const input = (part: 'from' | 'to', value: string) =>
        mode === 'range' ? (
          <DebouncedTextInput
            size="xs"
            type={type}
            value={value}
            onCommit={(next) => onChange({ ...filter, [part]: next })}
            aria-label={t(`resources:generic.${part}Of`, { field: label })}
            placeholder={t(`resources:generic.${part}`)}
            data-testid={`${testId}-${part}`}
            miw={70}
          />
        ) : (
          <TextInput
            size="xs"
            type={type}
            value={value}
            onChange={(event) => onChange({ ...filter, [part]: event.currentTarget.value })}
            aria-label={t(`resources:generic.${part}Of`, { field: label })}
            data-testid={`${testId}-${part}`}
            miw={120}
          />
        );
      return (
        <Group gap={4} wrap="nowrap" data-testid={testId} onClick={stop}>
          {input('from', from)}
          {input('to', to)}
        </Group>
      );
    }
    case 'none':
      return null;
  }
};
