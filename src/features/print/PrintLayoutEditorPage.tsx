import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isPrintObjectType, placeholdersOf, printObjectTypes } from '../../../domain/print/printVocabulary';
import type { PrintPage } from '../../../domain/print/renderLayout';
import { errorMessage, fieldErrorMessages } from '../../i18n/i18n';
import { definitionByName } from '../../resources/registry';
import { resourceApi } from '../../resources/resourceApi';
import { LayoutPreview } from './LayoutPreview';

interface Draft {
  name: string;
  objectType: string;
  paper: string;
  labelWidthMm: number;
  labelHeightMm: number;
  isDefault: boolean;
  content: string;
  version: number;
}

/**
 * /print-layouts/:id/edit: a layout's content beside a live preview filled with a sample record of its kind, the
 * placeholders its kind offers, and the problems of the text as it is typed (the server checks the same on save).
 */
export const PrintLayoutEditorPage = (): ReactNode => {
  const { t } = useTranslation(['print', 'resources', 'errors']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const def = definitionByName('printLayout');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!def) return;
    resourceApi.get(def, id).then(
      (row) =>
        setDraft({
          name: String(row.name ?? ''),
          objectType: String(row.objectType ?? 'location'),
          paper: String(row.paper ?? 'label'),
          labelWidthMm: Number(row.labelWidthMm ?? 100),
          labelHeightMm: Number(row.labelHeightMm ?? 60),
          isDefault: row.isDefault === true,
          content: String(row.content ?? ''),
          version: Number(row.version ?? 1),
        }),
      (error: unknown) => setFailed(errorMessage(t, error)),
    );
  }, [def, id, t]);

  if (failed) return <Alert color="red">{failed}</Alert>;
  if (!def || !draft) return <Loader />;
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const objectType = isPrintObjectType(draft.objectType) ? draft.objectType : 'location';
  const page: PrintPage =
    draft.paper === 'a4'
      ? { kind: 'a4' }
      : { kind: 'label', widthMm: draft.labelWidthMm || 100, heightMm: draft.labelHeightMm || 60 };

  const save = async () => {
    setSaving(true);
    setFieldErrors({});
    try {
      const { version: _version, ...fields } = draft;
      await resourceApi.update(def, id, fields);
      notifications.show({ color: 'green', message: t('print:editor.saved') });
      navigate(`/${def.route}/${id}`);
    } catch (error) {
      setFieldErrors(fieldErrorMessages(t, error));
      notifications.show({ color: 'red', message: errorMessage(t, error) });
    } finally {
      setSaving(false);
    }
  };

  const field = (name: string) => t(`resources:printLayout.fields.${name}`);
  return (
    <Stack gap="md" data-testid="print-layout-editor">
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>
        {draft.name || t('resources:printLayout.one')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            label={field('name')}
            value={draft.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={fieldErrors.name}
          />
          <Select
            label={field('objectType')}
            data={printObjectTypes.map((v) => ({
              value: v,
              label: t(`resources:printLayout.options.objectType.${v}`),
            }))}
            value={draft.objectType}
            onChange={(v) => v && set({ objectType: v })}
            allowDeselect={false}
          />
          <SegmentedControl
            value={draft.paper}
            onChange={(paper) => set({ paper })}
            data={['label', 'a4'].map((v) => ({
              value: v,
              label: t(`resources:printLayout.options.paper.${v}`),
            }))}
          />
          {draft.paper === 'label' ? (
            <Group grow gap="xs">
              <NumberInput
                label={field('labelWidthMm')}
                value={draft.labelWidthMm}
                min={10}
                max={300}
                onChange={(v) => set({ labelWidthMm: Number(v) || 0 })}
                error={fieldErrors.labelWidthMm}
              />
              <NumberInput
                label={field('labelHeightMm')}
                value={draft.labelHeightMm}
                min={10}
                max={500}
                onChange={(v) => set({ labelHeightMm: Number(v) || 0 })}
                error={fieldErrors.labelHeightMm}
              />
            </Group>
          ) : null}
          <Switch
            label={field('isDefault')}
            checked={draft.isDefault}
            onChange={(e) => set({ isDefault: e.currentTarget.checked })}
          />
          <Textarea
            label={field('content')}
            value={draft.content}
            onChange={(e) => set({ content: e.currentTarget.value })}
            autosize
            minRows={8}
            maxRows={24}
            styles={{ input: { fontFamily: 'monospace' } }}
            error={fieldErrors.content}
            data-testid="print-layout-content"
          />
          <Text size="xs" c="dimmed">
            {t('print:editor.help', {
              value: '{{product.name}}',
              barcode: '{{barcode:code128 location.code}}',
              gs1: '{{barcode:gs1-128 product}}',
              loop: '{{#each lines}} … {{/each}}',
              interpolation: { escapeValue: false },
            })}
          </Text>
          <Group gap={4}>
            {placeholdersOf(objectType).map((p) => (
              <Code key={p}>{`{{${p}}}`}</Code>
            ))}
          </Group>
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>{t('print:editor.preview')}</Text>
          <LayoutPreview content={draft.content} objectType={objectType} page={page} />
        </Stack>
      </SimpleGrid>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={() => navigate(`/${def.route}/${id}`)}>
          {t('print:dialog.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={saving} data-testid="print-layout-save">
          {t('print:editor.save')}
        </Button>
      </Group>
    </Stack>
  );
};
