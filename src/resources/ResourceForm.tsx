import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../domain/errors';
import type { ResourceDefinition } from '../../domain/resources/types';
import { EditModeIndicator } from '../features/editMode/EditModeIndicator';
import { RecordOffice } from '../features/office/RecordOffice';
import { errorMessage } from '../i18n/i18n';
import { errorCodeOf, errorText, fieldErrorsOf } from './apiErrors';
import { FormFieldInputs } from './FormFieldInputs';
import {
  errorsByField,
  type FormMode,
  type FormValue,
  type FormValues,
  formFields,
  toFormValues,
  toPayload,
  validatePayload,
} from './formValues';
import { type Row, resourceApi } from './resourceApi';
import { useResourceAccess } from './useResourceAccess';

export interface ResourceFormProps {
  readonly def: ResourceDefinition;
  /** The edited record; absent for a new one. */
  readonly id?: string;
  /** Called with the saved row (the caller navigates to its preview). */
  readonly onSaved: (row: Row) => void;
  readonly onCancel: () => void;
}

/** Add / edit form of a resource: one input per writable, visible field, validated like the server does. */
export const ResourceForm = ({ def, id, onSaved, onCancel }: ResourceFormProps): ReactNode => {
  const { t } = useTranslation(['resources', 'errors']);
  const mode: FormMode = id === undefined ? 'add' : 'edit';
  const access = useResourceAccess(def);
  const fields = useMemo(() => formFields(def), [def]);
  const [row, setRow] = useState<Row | null>(null);
  const [values, setValues] = useState<FormValues | null>(
    mode === 'add' ? toFormValues(def, undefined, 'add') : null,
  );
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (id === undefined) {
      setRow(null);
      setValues(toFormValues(def, undefined, 'add'));
      return;
    }
    let cancelled = false;
    setValues(null);
    setLoadError(null);
    resourceApi
      .get(def, id)
      .then((r) => {
        if (cancelled) return;
        setRow(r);
        setValues(toFormValues(def, r, 'edit'));
      })
      .catch((e: unknown) => {
        if (!cancelled) setLoadError(errorMessage(t, e));
      });
    return () => {
      cancelled = true;
    };
  }, [def, id, t]);

  const allowed = mode === 'add' ? access.canWrite : access.canEdit;

  const setValue = (name: string, value: FormValue) => {
    setValues((v) => (v ? { ...v, [name]: value } : v));
    setFormError(null);
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _removed, ...rest } = e;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values || saving) return;
    const payload = toPayload(def, values, mode);
    const result = validatePayload(def, payload);
    if (result.errors.length) {
      setErrors(errorsByField(result.errors));
      setFormError(errorText(t, 'formHasErrors'));
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const saved =
        id === undefined
          ? await resourceApi.create(def, payload)
          : await resourceApi.update(
              def,
              id,
              row && 'version' in row ? { ...payload, version: row.version } : payload,
            );
      notifications.show({ color: 'green', message: t('resources:generic.saved') });
      onSaved(saved);
    } catch (e) {
      const fieldErrors = fieldErrorsOf(e).filter((f) => f.field in def.fields);
      const code = errorCodeOf(e);
      setErrors(errorsByField(fieldErrors));
      const message =
        fieldErrors.length && code === 'badRequest' ? errorText(t, 'formHasErrors') : errorMessage(t, e);
      setFormError(message);
      notifications.show({ color: 'red', message });
    } finally {
      setSaving(false);
    }
  };

  const heading = (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {t(`resources:${def.name}.title`)}
      </Text>
      <Title order={2}>
        {mode === 'add'
          ? t('resources:generic.newTitle', { name: t(`resources:${def.name}.one`) })
          : t('resources:generic.editTitle', { name: t(`resources:${def.name}.one`) })}
      </Title>
    </Stack>
  );

  if (!allowed) {
    return (
      <Stack>
        {heading}
        <Alert color="red" data-testid="resource-error">
          {errorText(t, 'forbidden')}
        </Alert>
      </Stack>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="resource-form">
      <Stack gap="md">
        {heading}
        {id !== undefined && <EditModeIndicator resourceType={def.name} id={id} />}
        {id !== undefined && <RecordOffice resourceType={def.name} id={id} />}
        {loadError && (
          <Alert color="red" data-testid="resource-error">
            {loadError}
          </Alert>
        )}
        {!values && !loadError && (
          <Group justify="center" p="xl">
            <Loader aria-label={t('resources:generic.loading')} />
          </Group>
        )}
        {values && (
          <>
            {formError && (
              <Alert color="red" data-testid="resource-form-error">
                {formError}
              </Alert>
            )}
            <FormFieldInputs
              def={def}
              fields={fields}
              values={values}
              errors={errors}
              onChange={setValue}
              mode={mode}
              row={row}
            />
            <Group gap="xs">
              <Button type="submit" loading={saving} data-testid="resource-save">
                {t('resources:generic.save')}
              </Button>
              <Button variant="default" onClick={onCancel} disabled={saving} data-testid="resource-cancel">
                {t('resources:generic.cancel')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
};
