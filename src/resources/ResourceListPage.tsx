import { Alert, Button, Chip, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ResourceDefinition } from '../../domain/resources/types';
import { errorMessage } from '../i18n/i18n';
import { useRightDrawer } from '../ui/useRightDrawer';
import { errorText } from './apiErrors';
import { ColumnChooser } from './ColumnChooser';
import { ConfirmDialog } from './ConfirmDialog';
import { DataTable } from './DataTable';
import { DebouncedTextInput } from './DebouncedTextInput';
import { resourceExtensions } from './extensions';
import { formatValue } from './format';
import { ListPager } from './ListPager';
import { listColumns, togglePreset } from './listState';
import { buildPrintHtml, openPrintView } from './printView';
import { ResourcePreview } from './ResourcePreview';
import { type Row, resourceApi } from './resourceApi';
import { useListColumns } from './useListColumns';
import { usePagedList } from './usePagedList';
import { useRefTitles } from './useRefTitles';
import { useResourceAccess } from './useResourceAccess';

export interface ResourceListPageProps {
  readonly def: ResourceDefinition;
}

/** The generic list screen: paged, sorted and filtered on the server, driven by the definition. */
export const ResourceListPage = ({ def }: ResourceListPageProps): ReactNode => {
  const { t, i18n } = useTranslation(['resources', 'errors']);
  const navigate = useNavigate();
  const drawer = useRightDrawer();
  const access = useResourceAccess(def);
  const columns = useListColumns(
    def.name,
    useMemo(() => listColumns(def), [def]),
  );
  const columnNames = useMemo(() => columns.shown.map(([name]) => name), [columns.shown]);
  const list = usePagedList<Row>(def, (state) => resourceApi.list(def, state));
  const { state, update, page, rows, total, pages, loading, error, refresh } = list;

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const refTitles = useRefTitles(def, columnNames, rows);
  const listActions = resourceExtensions.listActionsOf(def.name);

  // Keep only selected rows that are still listed after a reload.
  useEffect(() => {
    setSelected((s) => {
      const ids = new Set(rows.map((r) => r.id));
      const kept = [...s].filter((id) => ids.has(id));
      return kept.length === s.size ? s : new Set(kept);
    });
  }, [rows]);

  const title = t(`resources:${def.name}.title`);
  const fieldLabel = (name: string) => t(`resources:${def.name}.fields.${name}`);
  const hasFilters =
    state.search.trim() !== '' || Object.keys(state.filters).length > 0 || state.preset !== undefined;

  const openPreview = (row: Row) => {
    const goEdit = () => {
      drawer.close();
      navigate(`/${def.route}/${row.id}/edit`);
    };
    drawer.open(
      <ResourcePreview
        def={def}
        id={row.id}
        onEdit={goEdit}
        onDeleted={() => {
          drawer.close();
          refresh();
        }}
      />,
      { title: t(`resources:${def.name}.one`) },
    );
  };

  const selectable = access.genericWrite;

  const bulkDelete = async () => {
    setBulkBusy(true);
    try {
      const result = await resourceApi.bulkDelete(def, [...selected]);
      setConfirmBulk(false);
      if (result.deleted.length) {
        notifications.show({
          color: 'green',
          message: t('resources:generic.bulkDeleted', { count: result.deleted.length }),
        });
      }
      const byCode = new Map<string, number>();
      for (const f of result.failed) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
      for (const [code, count] of byCode) {
        notifications.show({
          color: 'red',
          title: t('resources:generic.bulkDeleteFailed', { count }),
          message: errorText(t, code),
          autoClose: 10_000,
        });
      }
      setSelected(new Set(result.failed.map((f) => f.id)));
      refresh();
    } catch (e) {
      setConfirmBulk(false);
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setBulkBusy(false);
    }
  };

  const exportFile = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await resourceApi.export(def, state, format);
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setExporting(null);
    }
  };

  const print = () => {
    const html = buildPrintHtml({
      title,
      lang: i18n.language,
      headers: columnNames.map(fieldLabel),
      rows: rows.map((row) => columnNames.map((name) => formatValue(def, name, row, { t, refTitles }))),
      subtitle: t('resources:generic.printSubtitle', { page: state.page, pages, count: total }),
    });
    if (!openPrintView(html))
      notifications.show({ color: 'red', message: t('resources:generic.popupBlocked') });
  };

  return (
    <Stack gap="md" data-testid="resource-list" data-resource={def.name}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{title}</Title>
        <Group gap="xs" wrap="wrap">
          {listActions.map((Action, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the registered actions of a resource never change order
            <Action key={index} def={def} />
          ))}
          {access.genericWrite && (
            <Button onClick={() => navigate(`/${def.route}/new`)} data-testid="resource-add">
              {t('resources:generic.add')}
            </Button>
          )}
          {access.genericWrite && selected.size > 0 && (
            <Button
              color="red"
              variant="light"
              onClick={() => setConfirmBulk(true)}
              data-testid="resource-bulk-delete"
            >
              {t('resources:generic.bulkDelete', { count: selected.size })}
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => void exportFile('csv')}
            loading={exporting === 'csv'}
            data-testid="resource-export-csv"
          >
            {t('resources:generic.exportCsv')}
          </Button>
          <Button
            variant="default"
            onClick={() => void exportFile('xlsx')}
            loading={exporting === 'xlsx'}
            data-testid="resource-export-xlsx"
          >
            {t('resources:generic.exportXlsx')}
          </Button>
          <Button variant="default" onClick={print} disabled={!page} data-testid="resource-print">
            {t('resources:generic.print')}
          </Button>
          <ColumnChooser columns={columns} fieldLabel={fieldLabel} testId="resource-columns" />
        </Group>
      </Group>

      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="xs" align="flex-end">
          <DebouncedTextInput
            value={state.search}
            onCommit={(search) => update({ ...state, page: 1, search }, true)}
            placeholder={t('resources:generic.search')}
            aria-label={t('resources:generic.search')}
            data-testid="resource-search"
            w={260}
          />
          {(def.presets ?? []).map((preset) => (
            <Chip
              key={preset.key}
              checked={state.preset === preset.key}
              onChange={() => update(togglePreset(state, preset.key))}
              wrapperProps={{
                'data-testid': `resource-preset-${preset.key}`,
                'data-active': String(state.preset === preset.key),
              }}
              mb={4}
            >
              {t(`resources:generic.presets.${preset.key}`)}
            </Chip>
          ))}
          {hasFilters && (
            <Button
              variant="subtle"
              onClick={() => update({ ...state, page: 1, search: '', filters: {}, preset: undefined })}
              data-testid="resource-clear-filters"
            >
              {t('resources:generic.clearFilters')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed" data-testid="resource-total">
          {t('resources:generic.total', { count: total })}
        </Text>
      </Group>

      {error && (
        <Alert color="red" data-testid="resource-error">
          {error}
        </Alert>
      )}

      <DataTable
        def={def}
        columns={columns.shown}
        rows={rows}
        state={state}
        onStateChange={update}
        loading={loading}
        rowKey={(row) => row.id}
        refTitles={refTitles}
        onRowClick={openPreview}
        selection={selectable ? { selected, onChange: setSelected } : undefined}
        emptyText={
          error ? null : hasFilters ? t('resources:generic.noMatches') : t('resources:generic.empty')
        }
      />

      <ListPager state={state} total={total} onStateChange={update} />

      <ConfirmDialog
        opened={confirmBulk}
        title={t('resources:generic.confirmDeleteTitle')}
        message={t('resources:generic.confirmBulkDelete', { count: selected.size })}
        busy={bulkBusy}
        onConfirm={() => void bulkDelete()}
        onCancel={() => setConfirmBulk(false)}
      />
    </Stack>
  );
};
