import {
  Alert,
  Button,
  FileButton,
  Group,
  Loader,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { FieldError } from '../../../domain/errors';
import { catalystResource } from '../../../domain/resources/definitions/catalyst';
import type { Page } from '../../../domain/resources/query';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { errorCodeOf, errorText, fieldErrorsOf } from '../../resources/apiErrors';
import { FormFieldInputs } from '../../resources/FormFieldInputs';
import {
  errorsByField,
  type FormValue,
  type FormValues,
  formFields,
  toFormValues,
  toPayload,
  validatePayload,
} from '../../resources/formValues';
import { type Row, resourceApi } from '../../resources/resourceApi';
import { useResourceAccess } from '../../resources/useResourceAccess';
import { contentOf, type GramsByMetal, gramsOf, maxGramsPerKg, metalField } from './catalystContent';

const def = catalystResource;
// The metals have their own inputs below the fields (one per metal rate of the company).
const contentField = 'productStockContent';
const catalogue = `/${def.route}`;

interface Metal {
  readonly id: string;
  readonly name: string;
  readonly shortName: string;
}

const loadMetals = async (): Promise<Metal[]> => {
  const page = await api.get<Page<Row>>('/api/catalyst/companystockraterule', {
    PageNumber: '1',
    PageSize: '100',
  });
  return page.results.map((r) => ({
    id: r.id,
    name: String(r.name ?? ''),
    shortName: String(r.shortName ?? ''),
  }));
};

/** Uploads the chosen photo of a catalyst and makes it the avatar (the picture clients see). */
const uploadPhoto = async (catalystId: string, file: File): Promise<void> => {
  const form = new FormData();
  form.append('images', file, file.name);
  const { files } = await api.post<{ files: { id: string }[] }>('/api/File/upload', form, {
    query: { refResourceType: 'catalyst', refResourceId: catalystId },
  });
  const [first] = files;
  if (first)
    await api.put(
      `/api/catalyst/catalyst/${encodeURIComponent(catalystId)}/avatar/${encodeURIComponent(first.id)}`,
    );
};

/**
 * Add or edit a catalyst of the general catalogue: its fields, the grams per kg of each metal the company quotes,
 * and a photo. Checked with the server's rules before sending; the server's field errors land on their inputs.
 */
export const CatalystForm = (): ReactNode => {
  const { id } = useParams();
  // A new form for each record: nothing typed for one catalyst survives into another's.
  return <CatalystFormOf key={id ?? 'new'} id={id} />;
};

const CatalystFormOf = ({ id }: { readonly id: string | undefined }): ReactNode => {
  const { t } = useTranslation(['catalyst', 'resources', 'errors']);
  const navigate = useNavigate();
  const mode = id === undefined ? 'add' : 'edit';
  const access = useResourceAccess(def);
  const fields = useMemo(() => formFields(def).filter(([name]) => name !== contentField), []);
  const [row, setRow] = useState<Row | null>(null);
  const [values, setValues] = useState<FormValues | null>(null);
  const [metals, setMetals] = useState<Metal[] | null>(null);
  const [grams, setGrams] = useState<GramsByMetal>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    Promise.all([loadMetals(), id === undefined ? Promise.resolve(null) : resourceApi.get(def, id)])
      .then(([found, record]) => {
        if (cancelled) return;
        setMetals(found);
        setRow(record);
        setValues(toFormValues(def, record ?? undefined, mode));
        setGrams(gramsOf(record?.productStockContent));
      })
      .catch((e: unknown) => {
        if (!cancelled) setLoadError(errorMessage(t, e));
      });
    return () => {
      cancelled = true;
    };
  }, [id, mode, t]);

  const clearError = (name: string) => {
    setFormError(null);
    setErrors((e) => {
      if (!e[name]) return e;
      const { [name]: _removed, ...rest } = e;
      return rest;
    });
  };
  const setValue = (name: string, value: FormValue) => {
    setValues((v) => (v ? { ...v, [name]: value } : v));
    clearError(name);
  };
  const setMetal = (metalId: string, value: string) => {
    setGrams((g) => ({ ...g, [metalId]: value }));
    clearError(metalField(metalId));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values || saving) return;
    const content = contentOf(grams);
    const payload = { ...toPayload(def, values, mode), [contentField]: content.content };
    const found = [...validatePayload(def, payload).errors, ...content.errors];
    if (found.length) {
      setErrors(errorsByField(found));
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
          : await resourceApi.update(def, id, row ? { ...payload, version: row.version } : payload);
      if (photo) {
        try {
          await uploadPhoto(saved.id, photo);
        } catch (e) {
          // The catalyst is saved; only the photo failed, and the preview lets staff see it has none.
          notifications.show({ color: 'red', message: `${t('form.photoFailed')} ${errorMessage(t, e)}` });
        }
      }
      notifications.show({ color: 'green', message: t('resources:generic.saved') });
      navigate(`${catalogue}/${saved.id}`, { replace: true });
    } catch (e) {
      const known = fieldErrorsOf(e).filter((f) => f.field in def.fields);
      setErrors(errorsByField(known));
      const message =
        known.length && errorCodeOf(e) === 'badRequest' ? errorText(t, 'formHasErrors') : errorMessage(t, e);
      setFormError(message);
      notifications.show({ color: 'red', message });
    } finally {
      setSaving(false);
    }
  };

  const heading = (
    <Title order={2}>
      {mode === 'add'
        ? t('resources:generic.newTitle', { name: t('resources:catalyst.one') })
        : t('resources:generic.editTitle', { name: t('resources:catalyst.one') })}
    </Title>
  );
  if (!(mode === 'add' ? access.canWrite : access.canEdit))
    return (
      <Stack>
        {heading}
        <Alert color="red" data-testid="resource-error">
          {errorText(t, 'forbidden')}
        </Alert>
      </Stack>
    );

  const contentError = errors[contentField];
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="catalyst-form">
      <Stack gap="md">
        {heading}
        {loadError && (
          <Alert color="red" data-testid="resource-error">
            {loadError}
          </Alert>
        )}
        {(!values || !metals) && !loadError && (
          <Group justify="center" p="xl">
            <Loader aria-label={t('resources:generic.loading')} />
          </Group>
        )}
        {values && metals && (
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
            <Paper withBorder p="sm" radius="md" data-testid="catalyst-form-metals">
              <Stack gap="xs">
                <Text fw={600}>{t('resources:catalyst.fields.productStockContent')}</Text>
                <Text size="sm" c="dimmed">
                  {metals.length ? t('form.metalsHint') : t('form.noMetals')}
                </Text>
                {contentError && (
                  <Text size="sm" c="red" data-testid="catalyst-form-metals-error">
                    {errorText(t, contentError.rule, contentError.params)}
                  </Text>
                )}
                <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                  {metals.map((metal) => {
                    const error = errors[metalField(metal.id)];
                    return (
                      <NumberInput
                        key={metal.id}
                        label={metal.shortName || metal.name}
                        title={metal.name}
                        value={grams[metal.id] ?? ''}
                        onChange={(v) => setMetal(metal.id, typeof v === 'number' ? String(v) : v)}
                        min={0}
                        max={maxGramsPerKg}
                        allowDecimal
                        decimalSeparator="."
                        error={error ? errorText(t, error.rule, error.params) : undefined}
                        data-testid="catalyst-form-metal"
                        data-metal={metal.shortName}
                      />
                    );
                  })}
                </SimpleGrid>
              </Stack>
            </Paper>
            <Group gap="xs" wrap="wrap">
              <FileButton
                onChange={setPhoto}
                accept="image/*"
                inputProps={{ 'data-testid': 'catalyst-form-photo-input' } as Record<string, string>}
              >
                {(props) => (
                  <Button variant="default" size="xs" {...props} data-testid="catalyst-form-photo">
                    {row?.imageUrl ? t('form.replacePhoto') : t('form.choosePhoto')}
                  </Button>
                )}
              </FileButton>
              <Text
                size="sm"
                c="dimmed"
                style={{ overflowWrap: 'anywhere' }}
                data-testid="catalyst-form-photo-name"
              >
                {photo ? photo.name : ''}
              </Text>
            </Group>
            <Group gap="xs">
              <Button type="submit" loading={saving} data-testid="resource-save">
                {t('resources:generic.save')}
              </Button>
              <Button
                variant="default"
                onClick={() => navigate(id === undefined ? catalogue : `${catalogue}/${id}`)}
                disabled={saving}
                data-testid="resource-cancel"
              >
                {t('resources:generic.cancel')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
};
