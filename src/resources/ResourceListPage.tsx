import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  LoadingOverlay,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { Page } from '../../domain/resources/query';
import type { ResourceDefinition } from '../../domain/resources/types';
import { useRightDrawer } from '../app/useRightDrawer';
import { errorMessage } from '../i18n/i18n';
import { errorText } from './apiErrors';
import { ColumnFilterInput } from './ColumnFilterInput';
import { ConfirmDialog } from './ConfirmDialog';
import { DebouncedTextInput } from './DebouncedTextInput';
import { FieldValue } from './FieldValue';
import { formatValue } from './format';
import {
  buildListQuery,
  type ColumnFilter,
  type ListState,
  listColumns,
  listStateToSearch,
  type PageSize,
  pageCount,
  pageSizes,
  parseListSearch,
  setColumnFilter,
  toggleSort,
} from './listState';
import { buildPrintHtml, openPrintView } from './printView';
import { ResourcePreview } from './ResourcePreview';
import { type Row, resourceApi } from './resourceApi';
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
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListSearch(def, searchParams), [def, searchParams]);
  const columns = useMemo(() => listColumns(def), [def]);
  const columnNames = useMemo(() => columns.map(([name]) => name), [columns]);
  const queryKey = JSON.stringify(buildListQuery(def, state));

  const [page, setPage] = useState<Page<Row> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [bulkBusy, setBulkBusy] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const rows = useMemo(() => page?.results ?? [], [page]);
  const refTitles = useRefTitles(def, columnNames, rows);

  const update = useCallback(
    (next: ListState, replace = false) => setSearchParams(listStateToSearch(def, next), { replace }),
    [def, setSearchParams],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: queryKey is the content of `state`; reload forces a refetch
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setError(null);
    resourceApi
      .list(def, state)
      .then((result) => {
        if (cancelled) return;
        setPage(result);
        setSelected((s) => {
          const ids = new Set(result.results.map((r) => r.id));
          const kept = [...s].filter((id) => ids.has(id));
          return kept.length === s.size ? s : new Set(kept);
        });
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(errorMessage(t, e));
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [def, queryKey, reload]);

  const refresh = () => setReload((n) => n + 1);
  const total = page?.allFilteredRowCount ?? 0;
  const pages = pageCount(total, state.pageSize);

  // Past the last page (rows were deleted meanwhile): go to the last one.
  useEffect(() => {
    if (!loading && page && page.results.length === 0 && total > 0 && state.page > pages) {
      update({ ...state, page: pages }, true);
    }
  }, [loading, page, total, pages, state, update]);
  const title = t(`resources:${def.name}.title`);
  const fieldLabel = (name: string) => t(`resources:${def.name}.fields.${name}`);
  const hasFilters = state.search.trim() !== '' || Object.keys(state.filters).length > 0;

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

  const selectable = access.canWrite;
  const allOnPageSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someOnPageSelected = rows.some((r) => selected.has(r.id));
  const toggleAll = () => setSelected(allOnPageSelected ? new Set() : new Set(rows.map((r) => r.id)));
  const toggleOne = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

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

  const sortMark = (name: string) => (state.sortColumn === name ? (state.sortDescending ? ' ▼' : ' ▲') : '');
  const ariaSort = (name: string): 'ascending' | 'descending' | 'none' =>
    state.sortColumn === name ? (state.sortDescending ? 'descending' : 'ascending') : 'none';

  return (
    <Stack gap="md" data-testid="resource-list" data-resource={def.name}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{title}</Title>
        <Group gap="xs" wrap="wrap">
          {access.canWrite && (
            <Button onClick={() => navigate(`/${def.route}/new`)} data-testid="resource-add">
              {t('resources:generic.add')}
            </Button>
          )}
          {access.canWrite && selected.size > 0 && (
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
          {hasFilters && (
            <Button
              variant="subtle"
              onClick={() => update({ ...state, page: 1, search: '', filters: {} })}
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

      <Box pos="relative">
        <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />
        <Table.ScrollContainer minWidth={columns.length * 140 + 48}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="resource-table">
            <Table.Thead>
              <Table.Tr>
                {selectable && (
                  <Table.Th w={40}>
                    <Checkbox
                      checked={allOnPageSelected}
                      indeterminate={someOnPageSelected && !allOnPageSelected}
                      onChange={toggleAll}
                      disabled={rows.length === 0}
                      aria-label={t('resources:generic.selectAll')}
                      data-testid="resource-select-all"
                    />
                  </Table.Th>
                )}
                {columns.map(([name]) => (
                  <Table.Th key={name} aria-sort={ariaSort(name)}>
                    <UnstyledButton
                      onClick={() => update(toggleSort(state, name))}
                      fw={600}
                      fz="sm"
                      data-testid={`sort-${name}`}
                    >
                      {fieldLabel(name)}
                      {sortMark(name)}
                    </UnstyledButton>
                  </Table.Th>
                ))}
              </Table.Tr>
              <Table.Tr>
                {selectable && <Table.Th />}
                {columns.map(([name, field]) => (
                  <Table.Th key={name}>
                    <ColumnFilterInput
                      def={def}
                      name={name}
                      field={field}
                      filter={state.filters[name]}
                      onChange={(filter: ColumnFilter) => update(setColumnFilter(state, name, filter), true)}
                    />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr
                  key={row.id}
                  data-testid="resource-row"
                  data-id={row.id}
                  onClick={() => openPreview(row)}
                  style={{ cursor: 'pointer' }}
                  bg={selected.has(row.id) ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  {selectable && (
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <Checkbox
                        checked={selected.has(row.id)}
                        onChange={() => toggleOne(row.id)}
                        aria-label={t('resources:generic.selectRow')}
                        data-testid="resource-row-select"
                      />
                    </Table.Td>
                  )}
                  {columnNames.map((name) => (
                    <Table.Td key={name} data-field={name}>
                      <FieldValue def={def} field={name} row={row} refTitles={refTitles} compact />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {!loading && !error && rows.length === 0 && (
                <Table.Tr data-testid="resource-empty">
                  <Table.Td colSpan={columns.length + (selectable ? 1 : 0)}>
                    <Text c="dimmed" ta="center" py="lg">
                      {hasFilters ? t('resources:generic.noMatches') : t('resources:generic.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>

      <Group justify="space-between" wrap="wrap">
        <Pagination
          total={pages}
          value={Math.min(state.page, pages)}
          onChange={(p) => update({ ...state, page: p })}
          data-testid="resource-pagination"
        />
        <Group gap="xs">
          <Text size="sm">{t('resources:generic.pageSize')}</Text>
          <Select
            w={90}
            data={pageSizes.map(String)}
            value={String(state.pageSize)}
            onChange={(v) => v && update({ ...state, page: 1, pageSize: Number(v) as PageSize })}
            allowDeselect={false}
            aria-label={t('resources:generic.pageSize')}
            data-testid="resource-page-size"
          />
        </Group>
      </Group>

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
