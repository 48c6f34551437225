import {
  ColorInput,
  JsonInput,
  MultiSelect,
  NumberInput,
  PasswordInput,
  Select,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDefinition } from '../../domain/resources/types';
import { TagPicker } from '../features/tags/TagPicker';
import type { FormMode, FormValue } from './formValues';
import { RefSelect } from './RefSelect';

export interface FieldInputProps {
  readonly def: ResourceDefinition;
  readonly name: string;
  readonly field: FieldDef;
  readonly value: FormValue | undefined;
  readonly onChange: (value: FormValue) => void;
  readonly error?: string;
  readonly mode: FormMode;
  /** Title of the referenced row (ref fields) when the edited row carries it. */
  readonly refTitle?: string;
}

const asText = (v: FormValue | undefined): string => (typeof v === 'string' ? v : '');
const asList = (v: FormValue | undefined): string[] => (Array.isArray(v) ? v : []);

/** The form input of one field, chosen by the field's kind. */
export const FieldInput = ({
  def,
  name,
  field,
  value,
  onChange,
  error,
  mode,
  refTitle,
}: FieldInputProps): ReactNode => {
  const { t } = useTranslation(['resources']);
  const common = {
    label: t(`resources:${def.name}.fields.${name}`),
    error,
    required: field.required ?? false,
    'data-testid': `field-${name}`,
    name,
  };
  const text = (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value);
  const options = (field.options ?? []).map((o) => ({
    value: o,
    label: t(`resources:${def.name}.options.${name}.${o}`, { defaultValue: o }),
  }));

  switch (field.kind) {
    case 'text':
      return <Textarea {...common} value={asText(value)} onChange={text} autosize minRows={3} maxRows={12} />;
    case 'password':
      return (
        <PasswordInput
          {...common}
          required={mode === 'add' && (field.required ?? false)}
          value={asText(value)}
          onChange={text}
          autoComplete="new-password"
          description={mode === 'edit' ? t('resources:generic.passwordUnchanged') : undefined}
        />
      );
    case 'integer':
    case 'decimal':
      return (
        <NumberInput
          {...common}
          value={asText(value)}
          onChange={(v) => onChange(typeof v === 'number' ? String(v) : v)}
          min={field.min}
          max={field.max}
          allowDecimal={field.kind === 'decimal'}
          decimalSeparator="."
        />
      );
    case 'boolean':
      return (
        <Switch
          {...common}
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
          mt="xs"
        />
      );
    case 'date':
      return <TextInput {...common} type="date" value={asText(value)} onChange={text} />;
    case 'datetime':
      return <TextInput {...common} type="datetime-local" value={asText(value)} onChange={text} />;
    case 'enum':
      return (
        <Select
          {...common}
          data={options}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          clearable={!field.required}
          allowDeselect={!field.required}
        />
      );
    case 'enumList':
      return (
        <MultiSelect
          {...common}
          data={options}
          value={asList(value)}
          onChange={onChange}
          clearable
          searchable
        />
      );
    case 'tags':
      // Tags of the dictionary are picked with their colours; other tag lists (barcodes…) are typed.
      return field.tagPicker ? (
        <TagPicker {...common} value={asList(value)} onChange={onChange} />
      ) : (
        <TagsInput {...common} value={asList(value)} onChange={onChange} clearable />
      );
    case 'color':
      return <ColorInput {...common} value={asText(value)} onChange={onChange} format="hex" />;
    case 'ref':
      return (
        <RefSelect
          {...common}
          refName={field.ref ?? ''}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={onChange}
          initialTitle={refTitle}
        />
      );
    case 'json':
      return (
        <JsonInput {...common} value={asText(value)} onChange={onChange} autosize minRows={4} formatOnBlur />
      );
    case 'email':
      return <TextInput {...common} type="email" value={asText(value)} onChange={text} />;
    case 'phone':
      return <TextInput {...common} type="tel" value={asText(value)} onChange={text} />;
    case 'url':
      return <TextInput {...common} type="url" value={asText(value)} onChange={text} />;
    default:
      return <TextInput {...common} value={asText(value)} onChange={text} />;
  }
};
