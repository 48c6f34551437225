import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../domain/errors';
import type { FieldDef, ResourceDefinition } from '../../domain/resources/types';
import { errorText } from './apiErrors';
import { FieldInput } from './FieldInput';
import { refDisplayValue } from './format';
import type { FormMode, FormValue, FormValues } from './formValues';
import type { Row } from './resourceApi';

export interface FormFieldInputsProps {
  readonly def: ResourceDefinition;
  readonly fields: readonly (readonly [string, FieldDef])[];
  readonly values: FormValues;
  readonly errors: Readonly<Record<string, FieldError>>;
  readonly onChange: (name: string, value: FormValue) => void;
  readonly mode: FormMode;
  /** The edited row (titles of its references), null for a new one. */
  readonly row: Row | null;
}

/** The inputs of a form's fields, one column on a phone and two from a tablet up, each with its translated error. */
export const FormFieldInputs = ({
  def,
  fields,
  values,
  errors,
  onChange,
  mode,
  row,
}: FormFieldInputsProps): ReactNode => {
  const { t } = useTranslation(['resources', 'errors']);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {fields.map(([name, field]) => {
        const error = errors[name];
        return (
          <FieldInput
            key={name}
            def={def}
            name={name}
            field={field}
            value={values[name]}
            onChange={(value) => onChange(name, value)}
            error={error ? errorText(t, error.rule, error.params) : undefined}
            mode={mode}
            refTitle={row ? refDisplayValue(row, name) : undefined}
          />
        );
      })}
    </SimpleGrid>
  );
};
