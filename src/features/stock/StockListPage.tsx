import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../domain/resources/types';
import { type DataRow, DataTable, type DataTableProps } from '../../resources/DataTable';
import { DebouncedTextInput } from '../../resources/DebouncedTextInput';
import { formatValue } from '../../resources/format';
import { ListPager } from '../../resources/ListPager';
import { type ListState, listColumns } from '../../resources/listState';
import { buildPrintHtml, openPrintView } from '../../resources/printView';
import { type PagedList, usePagedList } from '../../resources/usePagedList';
import { loadStockPage } from './stockApi';

export interface StockListPageProps {
  /** The endpoint's row description (inventoryView, productStockView, containerStockView). */
  readonly view: ResourceDefinition;
  /** Translation key prefix in the infrastructure namespace: `<ns>.title`, `<ns>.fields.<field>`. */
  readonly ns: string;
  /** data-testid prefix: `<p>-page`, `<p>-row`, `<p>-filter-<field>`, `<p>-sort-<field>`, … */
  readonly testIdPrefix: string;
  readonly rowKey: (row: DataRow) => string;
  readonly onRowClick?: (row: DataRow) => void;
  readonly renderCell?: DataTableProps<DataRow>['renderCell'];
  readonly rowAttributes?: DataTableProps<DataRow>['rowAttributes'];
  readonly optionLabel?: DataTableProps<DataRow>['optionLabel'];
  readonly staticColumns?: DataTableProps<DataRow>['staticColumns'];
  /** Filters above the table (e.g. a product or location select). */
  readonly toolbar?: (list: PagedList<DataRow>) => ReactNode;
}

const hasFilters = (state: ListState): boolean =>
  state.search.trim() !== '' || Object.keys(state.filters).length > 0;

/** A stock screen: the generic list building blocks over one of the WmsInventory endpoints. */
export const StockListPage = ({
  view,
  ns,
  testIdPrefix: p,
  rowKey,
  onRowClick,
  renderCell,
  rowAttributes,
  optionLabel,
  staticColumns,
  toolbar,
}: StockListPageProps): ReactNode => {
  const { t, i18n } = useTranslation(['infrastructure', 'resources', 'errors']);
  const columns = useMemo(() => listColumns(view), [view]);
  const list = usePagedList<DataRow>(view, (state) => loadStockPage(view, state));
  const { state, update, rows, total, pages, loading, error, page } = list;
  const title = t(`${ns}.title`);
  const fieldLabel = (name: string) => t(`${ns}.fields.${name}`);
  const filtered = hasFilters(state);

  const print = () => {
    const html = buildPrintHtml({
      title,
      lang: i18n.language,
      headers: columns.map(([name]) => fieldLabel(name)),
      rows: rows.map((row) => columns.map(([name]) => formatValue(view, name, row, { t }))),
      subtitle: t('resources:generic.printSubtitle', { page: state.page, pages, count: total }),
    });
    if (!openPrintView(html))
      notifications.show({ color: 'red', message: t('resources:generic.popupBlocked') });
  };

  return (
    <Stack gap="md" data-testid={`${p}-page`}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{title}</Title>
        <Button variant="default" onClick={print} disabled={!page} data-testid={`${p}-print`}>
          {t('resources:generic.print')}
        </Button>
      </Group>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <DebouncedTextInput
            value={state.search}
            onCommit={(search) => update({ ...state, page: 1, search }, true)}
            placeholder={t('resources:generic.search')}
            aria-label={t('resources:generic.search')}
            data-testid={`${p}-search`}
            w={220}
          />
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
        def={view}
        columns={columns}
        rows={rows}
        state={state}
        onStateChange={update}
        loading={loading}
        rowKey={rowKey}
        fieldLabel={fieldLabel}
        optionLabel={optionLabel}
        staticColumns={staticColumns}
        onRowClick={onRowClick}
        renderCell={renderCell}
        rowAttributes={rowAttributes}
        emptyText={error ? null : filtered ? t('resources:generic.noMatches') : t(`${ns}.empty`)}
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
