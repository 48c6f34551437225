import { Alert, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResourceDefinition, visibleFields } from '../../domain/resources/types';
import { RecordOffice } from '../features/office/RecordOffice';
import { errorMessage } from '../i18n/i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { resourceExtensions } from './extensions';
import { FieldValue } from './FieldValue';
import { type Row, resourceApi } from './resourceApi';
import { useRefTitles } from './useRefTitles';
import { useResourceAccess } from './useResourceAccess';

export interface ResourcePreviewProps {
  readonly def: ResourceDefinition;
  readonly id: string;
  /** Opens the edit form (the caller navigates). */
  readonly onEdit: () => void;
  /** Called after the record was deleted. */
  readonly onDeleted: () => void;
  /** Shown as a page (title and back button) rather than inside the drawer. */
  readonly standalone?: boolean;
  readonly onBack?: () => void;
}

const systemColumns = ['createdAt', 'updatedAt'] as const;

/** All visible fields of one record with their labels, plus edit and delete. */
export const ResourcePreview = ({
  def,
  id,
  onEdit,
  onDeleted,
  standalone = false,
  onBack,
}: ResourcePreviewProps): ReactNode => {
  const { t } = useTranslation(['resources', 'errors']);
  const access = useResourceAccess(def);
  const [row, setRow] = useState<Row | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reloads, setReloads] = useState(0);
  const fields = useMemo(() => visibleFields(def).map(([name]) => name), [def]);
  const rows = useMemo(() => (row ? [row] : []), [row]);
  const refTitles = useRefTitles(def, fields, rows);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads forces a refetch (a preview extra changed the record)
  useEffect(() => {
    let cancelled = false;
    // Reloading the same record keeps showing it meanwhile.
    setRow((r) => (r?.id === id ? r : null));
    setError(null);
    resourceApi
      .get(def, id)
      .then((r) => {
        if (!cancelled) setRow(r);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(errorMessage(t, e));
      });
    return () => {
      cancelled = true;
    };
  }, [def, id, t, reloads]);

  const extras = resourceExtensions.previewExtrasOf(def.name);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const remove = async () => {
    setDeleting(true);
    try {
      await resourceApi.remove(def, id);
      setConfirming(false);
      notifications.show({ color: 'green', message: t('resources:generic.deleted') });
      onDeleted();
    } catch (e) {
      setConfirming(false);
      const message = errorMessage(t, e);
      setError(message);
      notifications.show({ color: 'red', message });
    } finally {
      setDeleting(false);
    }
  };

  const title = row ? String(row[def.titleField] ?? '') : '';

  return (
    <Stack gap="md" data-testid="resource-preview" data-id={id}>
      {standalone && (
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t(`resources:${def.name}.one`)}
            </Text>
            <Title order={2}>{title}</Title>
          </Stack>
          {onBack && (
            <Button variant="default" onClick={onBack} data-testid="resource-back">
              {t('resources:generic.backToList')}
            </Button>
          )}
        </Group>
      )}
      {!standalone && row && <Title order={3}>{title}</Title>}
      {error && (
        <Alert color="red" data-testid="resource-error">
          {error}
        </Alert>
      )}
      {!row && !error && (
        <Group justify="center" p="xl">
          <Loader aria-label={t('resources:generic.loading')} />
        </Group>
      )}
      {row && (
        <>
          {(access.genericEdit || access.genericWrite) && (
            <Group gap="xs">
              {access.genericEdit && (
                <Button onClick={onEdit} data-testid="resource-edit">
                  {t('resources:generic.edit')}
                </Button>
              )}
              {access.genericWrite && (
                <Button
                  color="red"
                  variant="light"
                  onClick={() => setConfirming(true)}
                  data-testid="resource-delete"
                >
                  {t('resources:generic.delete')}
                </Button>
              )}
            </Group>
          )}
          {extras.map((Extra, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the registered extras of a resource never change order
            <Extra key={index} def={def} row={row} reload={reload} />
          ))}
          <RecordOffice resourceType={def.name} id={id} />
          <SimpleGrid cols={standalone ? { base: 1, sm: 2 } : 1} spacing="sm" verticalSpacing="sm">
            {[...fields, ...systemColumns].map((field) => (
              <Stack key={field} gap={2} data-testid={`value-${field}`}>
                <Text size="xs" c="dimmed" fw={500}>
                  {def.fields[field]
                    ? t(`resources:${def.name}.fields.${field}`)
                    : t(`resources:generic.fields.${field}`)}
                </Text>
                <div>
                  <FieldValue def={def} field={field} row={row} refTitles={refTitles} />
                </div>
              </Stack>
            ))}
          </SimpleGrid>
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title={t('resources:generic.confirmDeleteTitle')}
        message={t('resources:generic.confirmDelete', { title })}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
};
