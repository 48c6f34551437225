import { type Filter, type FilterOperator, filterOperators } from '../../domain/resources/query';
import { type FieldDef, queryableFields, type ResourceDefinition } from '../../domain/resources/types';

/** Page sizes offered by the list screen. */
export const pageSizes = [25, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];

/** What the user typed into one column filter: a single value or a from/to range. */
export interface ColumnFilter {
  readonly value?: string;
  readonly from?: string;
  readonly to?: string;
}

/** The list screen's state; it lives in the URL query string. */
export interface ListState {
  readonly page: number;
  readonly pageSize: PageSize;
  readonly sortColumn: string | undefined;
  readonly sortDescending: boolean;
  readonly search: string;
  readonly filters: Readonly<Record<string, ColumnFilter>>;
  /** Key of the definition's quick-filter preset in force (e.g. the system log's errors-only). */
  readonly preset?: string;
}

/** How a column is filtered in the UI. */
export type FilterMode = 'text' | 'select' | 'boolean' | 'range' | 'dateRange' | 'ref' | 'none';

const textKinds = new Set<FieldDef['kind']>(['string', 'text', 'email', 'phone', 'url', 'color']);

export const filterModeOf = (f: FieldDef): FilterMode => {
  if (f.writeOnly || f.internal) return 'none';
  if (textKinds.has(f.kind)) return 'text';
  // A dictionary tag is filtered by its name: the rows that carry it.
  if (f.kind === 'tags' && f.tagPicker) return 'text';
  switch (f.kind) {
    case 'enum':
    case 'enumList':
      return 'select';
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'decimal':
      return 'range';
    case 'date':
    case 'datetime':
      return 'dateRange';
    case 'ref':
      return 'ref';
    default:
      return 'none';
  }
};

/** Fields shown as list columns, in definition order. */
export const listColumns = (def: ResourceDefinition): [string, FieldDef][] =>
  Object.entries(def.fields).filter(([, f]) => f.list && !f.writeOnly && !f.internal);

export const defaultListState = (def: ResourceDefinition): ListState => ({
  page: 1,
  pageSize: 25,
  sortColumn: def.defaultSort?.column,
  sortDescending: def.defaultSort?.descending ?? false,
  search: '',
  filters: {},
});

const isEmpty = (v: string | undefined): v is undefined => v === undefined || v.trim() === '';

const cleanFilter = (f: ColumnFilter): ColumnFilter | undefined => {
  const out: { value?: string; from?: string; to?: string } = {};
  if (!isEmpty(f.value)) out.value = f.value;
  if (!isEmpty(f.from)) out.from = f.from;
  if (!isEmpty(f.to)) out.to = f.to;
  return Object.keys(out).length ? out : undefined;
};

/** A named quick filter of a definition (`ResourceDefinition.presets`). */
export type ListPreset = NonNullable<ResourceDefinition['presets']>[number];

/** The definition's preset named `key`, if it has one. */
export const presetOf = (def: ResourceDefinition, key: string | undefined): ListPreset | undefined =>
  key === undefined ? undefined : def.presets?.find((p) => p.key === key);

/** Reads the list state from the URL (`page`, `size`, `sort`, `desc`, `q`, `preset`, `f.<field>`, `f.<field>.from|to`). */
export const parseListSearch = (def: ResourceDefinition, params: URLSearchParams): ListState => {
  const base = defaultListState(def);
  const allowed = new Set(queryableFields(def));
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const sort = params.get('sort');
  const filters: Record<string, { value?: string; from?: string; to?: string }> = {};
  for (const [key, value] of params) {
    if (!key.startsWith('f.') || value.trim() === '') continue;
    const [, field = '', part] = key.split('.');
    if (!def.fields[field] || !allowed.has(field)) continue;
    const entry = filters[field] ?? {};
    if (part === 'from') entry.from = value;
    else if (part === 'to') entry.to = value;
    else if (part === undefined) entry.value = value;
    else continue;
    filters[field] = entry;
  }
  const sortValid = sort !== null && allowed.has(sort);
  const state: ListState = {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (pageSizes as readonly number[]).includes(size) ? (size as PageSize) : base.pageSize,
    sortColumn: sortValid ? sort : base.sortColumn,
    sortDescending: sortValid ? params.get('desc') === '1' : base.sortDescending,
    search: params.get('q') ?? '',
    filters,
  };
  const preset = presetOf(def, params.get('preset') ?? undefined);
  return preset ? { ...state, preset: preset.key } : state;
};

/** Writes the list state to a query string; defaults are left out so URLs stay short. */
export const listStateToSearch = (def: ResourceDefinition, state: ListState): URLSearchParams => {
  const base = defaultListState(def);
  const params = new URLSearchParams();
  if (state.page !== 1) params.set('page', String(state.page));
  if (state.pageSize !== base.pageSize) params.set('size', String(state.pageSize));
  if (
    state.sortColumn &&
    (state.sortColumn !== base.sortColumn || state.sortDescending !== base.sortDescending)
  ) {
    params.set('sort', state.sortColumn);
    if (state.sortDescending) params.set('desc', '1');
  }
  if (state.search.trim() !== '') params.set('q', state.search);
  if (presetOf(def, state.preset)) params.set('preset', state.preset ?? '');
  for (const [field, raw] of Object.entries(state.filters)) {
    const f = cleanFilter(raw);
    if (!f) continue;
    if (f.value !== undefined) params.set(`f.${field}`, f.value);
    if (f.from !== undefined) params.set(`f.${field}.from`, f.from);
    if (f.to !== undefined) params.set(`f.${field}.to`, f.to);
  }
  return params;
};

/** A local `YYYY-MM-DD` day as the ISO instant of its first (or last) millisecond. */
export const dayBoundary = (day: string, end: boolean): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

const toNumber = (v: string): number | undefined => {
  const n = Number(v.trim().replace(',', '.'));
  return v.trim() !== '' && Number.isFinite(n) ? n : undefined;
};

type PresetFilter = ListPreset['filters'][number];

const presetFilter = (f: PresetFilter): Filter => {
  const operator = (filterOperators as readonly string[]).includes(f.operator)
    ? (f.operator as FilterOperator)
    : 'eq';
  return f.value === undefined ? { field: f.field, operator } : { field: f.field, operator, value: f.value };
};

/** Turns the UI filter state and the quick search into the API's BasicFiltersSerialized filters. */
export const buildFilters = (
  def: ResourceDefinition,
  state: Pick<ListState, 'search' | 'filters' | 'preset'>,
): Filter[] => {
  const out: Filter[] = [];
  // The preset's filters come from the definition as they are; the server checks them like any other.
  for (const f of presetOf(def, state.preset)?.filters ?? []) out.push(presetFilter(f));
  const allowed = new Set(queryableFields(def));
  const search = state.search.trim();
  if (search !== '' && allowed.has(def.titleField)) {
    out.push({ field: def.titleField, operator: 'contains', value: search });
  }
  for (const [field, raw] of Object.entries(state.filters)) {
    const f = def.fields[field];
    const value = cleanFilter(raw);
    if (!f || !value || !allowed.has(field)) continue;
    const mode = filterModeOf(f);
    switch (mode) {
      case 'text':
        if (value.value !== undefined) out.push({ field, operator: 'contains', value: value.value.trim() });
        break;
      case 'select':
        if (value.value !== undefined)
          out.push({ field, operator: f.kind === 'enumList' ? 'contains' : 'eq', value: value.value });
        break;
      case 'ref':
        if (value.value !== undefined) out.push({ field, operator: 'eq', value: value.value });
        break;
      case 'boolean':
        if (value.value === 'true' || value.value === 'false')
          out.push({ field, operator: 'eq', value: value.value === 'true' });
        break;
      case 'range': {
        const from = value.from === undefined ? undefined : toNumber(value.from);
        const to = value.to === undefined ? undefined : toNumber(value.to);
        if (from !== undefined) out.push({ field, operator: 'gte', value: from });
        if (to !== undefined) out.push({ field, operator: 'lte', value: to });
        break;
      }
      case 'dateRange': {
        const date = f.kind === 'date';
        const from =
          value.from === undefined ? undefined : date ? value.from : dayBoundary(value.from, false);
        const to = value.to === undefined ? undefined : date ? value.to : dayBoundary(value.to, true);
        if (from !== undefined) out.push({ field, operator: 'gte', value: from });
        if (to !== undefined) out.push({ field, operator: 'lte', value: to });
        break;
      }
      case 'none':
        break;
    }
  }
  return out;
};

/** The query of GET /api/<path> (paged) or of the export (no paging). */
export const buildListQuery = (
  def: ResourceDefinition,
  state: ListState,
  options: { paged: boolean } = { paged: true },
): Record<string, string> => {
  const query: Record<string, string> = {};
  if (options.paged) {
    query.PageNumber = String(state.page);
    query.PageSize = String(state.pageSize);
  }
  if (state.sortColumn) {
    query.sortColumn = state.sortColumn;
    query.sortDescending = String(state.sortDescending);
  }
  const filters = buildFilters(def, state);
  if (filters.length) query.BasicFiltersSerialized = JSON.stringify(filters);
  return query;
};

/** Next sort after a click on a column header: ascending → descending → ascending. */
export const toggleSort = (state: ListState, column: string): ListState => ({
  ...state,
  page: 1,
  sortColumn: column,
  sortDescending: state.sortColumn === column ? !state.sortDescending : false,
});

/** Switches a preset on (or off when it is the one in force) and goes back to the first page. */
export const togglePreset = (state: ListState, key: string): ListState => {
  const { preset, ...rest } = state;
  return preset === key ? { ...rest, page: 1 } : { ...rest, page: 1, preset: key };
};

/** Replaces one column filter (an empty one removes it) and goes back to the first page. */
export const setColumnFilter = (state: ListState, field: string, filter: ColumnFilter): ListState => {
  const filters = { ...state.filters };
  const clean = cleanFilter(filter);
  if (clean) filters[field] = clean;
  else delete filters[field];
  return { ...state, page: 1, filters };
};

export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

/** A query string built from plain key/value pairs. */
export const toQueryString = (query: Record<string, string>): string => new URLSearchParams(query).toString();
