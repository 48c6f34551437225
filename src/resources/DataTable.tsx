import { Box, Checkbox, LoadingOverlay, Table, UnstyledButton } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldDef, ResourceDefinition } from '../../domain/resources/types';
import { ColumnFilterInput } from './ColumnFilterInput';
import { EmptyRow } from './EmptyRow';
import { FieldValue } from './FieldValue';
import { type ColumnFilter, type ListState, setColumnFilter, toggleSort } from './listState';

/** A row of any paged list: an API row, a stock row… */
export type DataRow = Readonly<Record<string, unknown>>;

/** The data-testid values of a table (the generic list keeps its `resource-*` ones). */
export interface DataTableTestIds {
  readonly table: string;
  readonly row: string;
  readonly empty: string;
  /** Prefix of a column's sort button: `<sortPrefix><field>`. */
  readonly sortPrefix: string;
  /** Prefix of a column's filter input: `<filterPrefix><field>` (ranges add -from / -to). */
  readonly filterPrefix: string;
  readonly selectAll: string;
  readonly rowSelect: string;
}

export const resourceTableTestIds: DataTableTestIds = {
  table: 'resource-table',
  row: 'resource-row',
  empty: 'resource-empty',
  sortPrefix: 'sort-',
  filterPrefix: 'filter-',
  selectAll: 'resource-select-all',
  rowSelect: 'resource-row-select',
};

/** The first column names the row: it stays in place while a wide table scrolls sideways. */
const stickyCell = (left: number, tint?: string): CSSProperties => ({
  position: 'sticky',
  left,
  zIndex: 1,
  // Opaque, so the columns scrolling under it do not show through; a row's tint (selected, coloured) is kept.
  background: tint
    ? `linear-gradient(${tint}, ${tint}), var(--mantine-color-body)`
    : 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)',
});
const selectionWidth = 40;

export interface DataTableSelection {
  readonly selected: ReadonlySet<string>;
  readonly onChange: (next: ReadonlySet<string>) => void;
}

export interface DataTableProps<R extends DataRow> {
  /** Describes the columns: kinds drive rendering, filters and sorting (a resource or a view of one). */
  readonly def: ResourceDefinition;
  readonly columns: readonly (readonly [string, FieldDef])[];
  readonly rows: readonly R[];
  readonly state: ListState;
  /** New list state (sort, filters); `replace` for changes that should not add a history entry. */
  readonly onStateChange: (next: ListState, replace?: boolean) => void;
  readonly loading: boolean;
  /** Shown in the empty row when there are no rows (null: no empty row, e.g. after an error). */
  readonly emptyText: string | null;
  readonly rowKey: (row: R) => string;
  /** Column label (default: the resource's translated field label). */
  readonly fieldLabel?: (name: string) => string;
  /** Label of an enum value in the filter (default: the resource's translated option). */
  readonly optionLabel?: (field: string, value: string) => string;
  readonly refTitles?: ReadonlyMap<string, string>;
  readonly onRowClick?: (row: R) => void;
  /** Row checkboxes (keys from `rowKey`). */
  readonly selection?: DataTableSelection;
  /** A cell of its own instead of the field value (return undefined to keep the default). */
  readonly renderCell?: (row: R, field: string) => ReactNode | undefined;
  /** Extra attributes of a row (background colour, data-* for tests). */
  readonly rowAttributes?: (row: R) => { readonly bg?: string; readonly [data: `data-${string}`]: string };
  /** Hide the filter row. */
  readonly noFilters?: boolean;
  /** Columns the server can neither sort nor filter (computed values): plain headers, no filter. */
  readonly staticColumns?: readonly string[];
  readonly testIds?: Partial<DataTableTestIds>;
}

/**
 * The table of the list screens: sortable headers, a filter under each column, rows rendered by field
 * kind, optional selection. State lives with the caller (in the URL, see listState.ts).
 */
export const DataTable = <R extends DataRow>({
  def,
  columns,
  rows,
  state,
  onStateChange,
  loading,
  emptyText,
  rowKey,
  fieldLabel,
  optionLabel,
  refTitles,
  onRowClick,
  selection,
  renderCell,
  rowAttributes,
  noFilters = false,
  staticColumns = [],
  testIds,
}: DataTableProps<R>): ReactNode => {
  const { t } = useTranslation(['resources']);
  const ids = { ...resourceTableTestIds, ...testIds };
  const label = fieldLabel ?? ((name: string) => t(`resources:${def.name}.fields.${name}`));
  const keys = rows.map(rowKey);
  const selected = selection?.selected;
  const allSelected = selected !== undefined && keys.length > 0 && keys.every((k) => selected.has(k));
  const someSelected = selected !== undefined && keys.some((k) => selected.has(k));
  const toggleAll = () => selection?.onChange(allSelected ? new Set() : new Set(keys));
  const toggleOne = (key: string) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };
  const firstColumn = columns[0]?.[0];
  const sticky = (name: string, tint?: string): CSSProperties | undefined =>
    name === firstColumn ? stickyCell(selection ? selectionWidth : 0, tint) : undefined;
  const sortMark = (name: string) => (state.sortColumn === name ? (state.sortDescending ? ' ▼' : ' ▲') : '');
  const ariaSort = (name: string): 'ascending' | 'descending' | 'none' =>
    state.sortColumn === name ? (state.sortDescending ? 'descending' : 'ascending') : 'none';

  return (
    <Box pos="relative">
      <LoadingOverlay visible={loading} zIndex={5} overlayProps={{ blur: 1 }} />
      <Table.ScrollContainer minWidth={columns.length * 140 + 48}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid={ids.table}>
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={selectionWidth} style={stickyCell(0)}>
                  <Checkbox
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={toggleAll}
                    disabled={rows.length === 0}
                    aria-label={t('resources:generic.selectAll')}
                    data-testid={ids.selectAll}
                  />
                </Table.Th>
              )}
              {columns.map(([name]) =>
                staticColumns.includes(name) ? (
                  <Table.Th key={name} fw={600} fz="sm" style={sticky(name)}>
                    {label(name)}
                  </Table.Th>
                ) : (
                  <Table.Th key={name} aria-sort={ariaSort(name)} style={sticky(name)}>
                    <UnstyledButton
                      onClick={() => onStateChange(toggleSort(state, name))}
                      fw={600}
                      fz="sm"
                      data-testid={`${ids.sortPrefix}${name}`}
                    >
                      {label(name)}
                      {sortMark(name)}
                    </UnstyledButton>
                  </Table.Th>
                ),
              )}
            </Table.Tr>
            {!noFilters && (
              <Table.Tr>
                {selection && <Table.Th style={stickyCell(0)} />}
                {columns.map(([name, field]) => (
                  <Table.Th key={name} style={sticky(name)}>
                    {!staticColumns.includes(name) && (
                      <ColumnFilterInput
                        def={def}
                        name={name}
                        field={field}
                        filter={state.filters[name]}
                        label={label(name)}
                        testId={`${ids.filterPrefix}${name}`}
                        optionLabel={optionLabel ? (value) => optionLabel(name, value) : undefined}
                        onChange={(filter: ColumnFilter) =>
                          onStateChange(setColumnFilter(state, name, filter), true)
                        }
                      />
                    )}
                  </Table.Th>
                ))}
              </Table.Tr>
            )}
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => {
              const key = keys[index] ?? String(index);
              const isSelected = selected?.has(key) ?? false;
              const attributes = rowAttributes?.(row) ?? {};
              const tint = isSelected ? 'var(--mantine-primary-color-light)' : attributes.bg;
              return (
                <Table.Tr
                  key={key}
                  data-testid={ids.row}
                  data-id={key}
                  {...attributes}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                  bg={tint}
                >
                  {selection && (
                    <Table.Td onClick={(e) => e.stopPropagation()} style={stickyCell(0, tint)}>
                      <Checkbox
                        checked={isSelected}
                        onChange={() => toggleOne(key)}
                        aria-label={t('resources:generic.selectRow')}
                        data-testid={ids.rowSelect}
                      />
                    </Table.Td>
                  )}
                  {columns.map(([name]) => (
                    <Table.Td key={name} data-field={name} style={sticky(name, tint)}>
                      {renderCell?.(row, name) ?? (
                        <FieldValue def={def} field={name} row={row} refTitles={refTitles} compact />
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
            {!loading && emptyText !== null && rows.length === 0 && (
              <EmptyRow
                colSpan={columns.length + (selection ? 1 : 0)}
                text={emptyText}
                testId={ids.empty}
                py="lg"
              />
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
};
