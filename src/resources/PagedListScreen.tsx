import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../domain/resources/query';
import type { FieldDef, ResourceDefinition } from '../../domain/resources/types';
import { ColumnChooser } from './ColumnChooser';
import { type DataRow, DataTable, type DataTableProps } from './DataTable';
import { DebouncedTextInput } from './DebouncedTextInput';
import { formatValue } from './format';
import { ListPager } from './ListPager';
import type { ListState } from './listState';
import { buildPrintHtml, openPrintView } from './printView';
import { useListColumns } from './useListColumns';
import { type PagedList, usePagedList } from './usePagedList';
import { useRefTitles } from './useRefTitles';

export interface PagedListScreenProps<R extends DataRow> {
  /** Describes the rows (a resource or a view of an endpoint's rows): URL state, filters, sorting. */
  readonly def: ResourceDefinition;
  readonly title: string;
  readonly columns: readonly (readonly [string, FieldDef])[];
  /** Loads the page for the list state. */
  readonly load: (state: ListState) => Promise<Page<R>>;
  /**
   * data-testid prefix: `<p>-table`, `<p>-row`, `<p>-empty`, `<p>-sort-<field>`, `<p>-filter-<field>`,
   * `<p>-total`, `<p>-error`, `<p>-search`, `<p>-clear-filters`, `<p>-print`, `<p>-pagination`, `<p>-page-size`.
   */
  readonly testIdPrefix: string;
  /** data-testid of the whole screen (default `<p>-page`). */
  readonly testId?: string;
  readonly fieldLabel: (name: string) => string;
  /** Shown when the list is empty without filters. */
  readonly emptyText: string;
  /** A search box above the table. */
  readonly searchable?: boolean;
  /** A print button (the page as it is shown). */
  readonly printable?: boolean;
  /** Buttons next to the title. */
  readonly actions?: ReactNode;
  /** Filters or tabs above the table. */
  readonly toolbar?: (list: PagedList<R>) => ReactNode;
  readonly rowKey: DataTableProps<R>['rowKey'];
  readonly onRowClick?: DataTableProps<R>['onRowClick'];
  readonly renderCell?: DataTableProps<R>['renderCell'];
  readonly rowAttributes?: DataTableProps<R>['rowAttributes'];
  readonly optionLabel?: DataTableProps<R>['optionLabel'];
  readonly staticColumns?: DataTableProps<R>['staticColumns'];
}

const hasFilters = (state: ListState): boolean =>
  state.search.trim() !== '' || Object.keys(state.filters).length > 0;

/**
 * A screen with one paged list over any endpoint that answers the list query (stock views, order progress):
 * title and buttons, search and filters, the total, the table and the pager. The state lives in the URL.
 */
export const PagedListScreen = <R extends DataRow>({
  def,
  title,
  columns,
  load,
  testIdPrefix: p,
  testId,
  fieldLabel,
  emptyText,
  searchable = false,
  printable = false,
  actions,
  toolbar,
  rowKey,
  onRowClick,
  renderCell,
  rowAttributes,
  optionLabel,
  staticColumns,
}: PagedListScreenProps<R>): ReactNode => {
  const { t, i18n } = useTranslation(['resources', 'errors']);
  const list = usePagedList<R>(def, load);
  const { state, update, rows, total, pages, loading, error, page } = list;
  const chosen = useListColumns(def.name, columns);
  const columnNames = useMemo(() => columns.map(([name]) => name), [columns]);
  // Reference columns (a contractor…) show their rows' titles.
  const titles = useRefTitles(def, columnNames, rows);
  const filtered = hasFilters(state);

  const print = () => {
    const html = buildPrintHtml({
      title,
      lang: i18n.language,
      headers: chosen.shown.map(([name]) => fieldLabel(name)),
      rows: rows.map((row) =>
        chosen.shown.map(([name]) => formatValue(def, name, row, { t, refTitles: titles })),
      ),
      subtitle: t('resources:generic.printSubtitle', { page: state.page, pages, count: total }),
    });
    if (!openPrintView(html))
      notifications.show({ color: 'red', message: t('resources:generic.popupBlocked') });
  };

  return (
    <Stack gap="md" data-testid={testId ?? `${p}-page`}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{title}</Title>
        <Group gap="xs" wrap="wrap">
          {actions}
          {printable && (
            <Button variant="default" onClick={print} disabled={!page} data-testid={`${p}-print`}>
              {t('resources:generic.print')}
            </Button>
          )}
          <ColumnChooser columns={chosen} fieldLabel={fieldLabel} testId={`${p}-columns`} />
        </Group>
      </Group>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="xs" align="flex-end" wrap="wrap">
          {searchable && (
            <DebouncedTextInput
              value={state.search}
              onCommit={(search) => update({ ...state, page: 1, search }, true)}
              placeholder={t('resources:generic.search')}
              aria-label={t('resources:generic.search')}
              data-testid={`${p}-search`}
              w={220}
            />
          )}
          {toolbar?.(list)}
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => update({ ...state, page: 1, search: '', filters: {} })}
              data-testid={`${p}-clear-filters`}
            >
              {t('resources:generic.clearFilters')}
            </Button>
          )}
        </Group>
        <Text size="sm" c="dimmed" data-testid={`${p}-total`}>
          {t('resources:generic.total', { count: total })}
        </Text>
      </Group>
      {error && (
        <Alert color="red" data-testid={`${p}-error`}>
          {error}
        </Alert>
      )}
      <DataTable
        def={def}
        columns={chosen.shown}
        rows={rows}
        state={state}
        onStateChange={update}
        loading={loading}
        rowKey={rowKey}
        refTitles={titles}
        fieldLabel={fieldLabel}
        optionLabel={optionLabel}
        staticColumns={staticColumns}
        onRowClick={onRowClick}
        renderCell={renderCell}
        rowAttributes={rowAttributes}
        emptyText={error ? null : filtered ? t('resources:generic.noMatches') : emptyText}
        testIds={{
          table: `${p}-table`,
          row: `${p}-row`,
          empty: `${p}-empty`,
          sortPrefix: `${p}-sort-`,
          filterPrefix: `${p}-filter-`,
        }}
      />
      <ListPager state={state} total={total} onStateChange={update} testIdPrefix={`${p}-`} />
    </Stack>
  );
};
