import { describe, expect, it } from 'vitest';
import { defineResource } from '../../../domain/resources/types';
import {
  buildFilters,
  buildListQuery,
  dayBoundary,
  defaultListState,
  listStateToSearch,
  parseListSearch,
  setColumnFilter,
  toggleSort,
} from '../../../src/resources/listState';

const def = defineResource({
  name: 'widget',
  path: 'Widget',
  route: 'widgets',
  section: 'other',
  titleField: 'name',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'name' },
  fields: {
    name: { kind: 'string', list: true },
    status: { kind: 'enum', options: ['a', 'b'], list: true },
    roles: { kind: 'enumList', options: ['x', 'y'], list: true },
    active: { kind: 'boolean', list: true },
    weight: { kind: 'decimal', list: true },
    born: { kind: 'date', list: true },
    seenAt: { kind: 'datetime', list: true },
    ownerId: { kind: 'ref', ref: 'user', list: true },
    tags: { kind: 'tags', tagPicker: true, list: true },
    barcodes: { kind: 'tags', list: true },
    secret: { kind: 'password', writeOnly: true },
    data: { kind: 'json' },
  },
});

describe('buildFilters', () => {
  it('is empty without search and filters', () => {
    expect(buildFilters(def, { search: '  ', filters: {} })).toEqual([]);
  });

  it('turns the quick search into contains on the title field', () => {
    expect(buildFilters(def, { search: ' ab ', filters: {} })).toEqual([
      { field: 'name', operator: 'contains', value: 'ab' },
    ]);
  });

  it('uses the operator of each kind', () => {
    const filters = buildFilters(def, {
      search: '',
      filters: {
        name: { value: 'foo' },
        status: { value: 'a' },
        roles: { value: 'x' },
        active: { value: 'false' },
        weight: { from: '1,5', to: '10' },
        born: { from: '2024-01-01', to: '2024-12-31' },
        ownerId: { value: '00000000-0000-4000-8000-000000000001' },
      },
    });
    expect(filters).toEqual([
      { field: 'name', operator: 'contains', value: 'foo' },
      { field: 'status', operator: 'eq', value: 'a' },
      { field: 'roles', operator: 'contains', value: 'x' },
      { field: 'active', operator: 'eq', value: false },
      { field: 'weight', operator: 'gte', value: 1.5 },
      { field: 'weight', operator: 'lte', value: 10 },
      { field: 'born', operator: 'gte', value: '2024-01-01' },
      { field: 'born', operator: 'lte', value: '2024-12-31' },
      { field: 'ownerId', operator: 'eq', value: '00000000-0000-4000-8000-000000000001' },
    ]);
  });

  it('turns datetime day ranges into local day boundaries', () => {
    const filters = buildFilters(def, {
      search: '',
      filters: { seenAt: { from: '2024-03-01', to: '2024-03-02' } },
    });
    expect(filters).toEqual([
      { field: 'seenAt', operator: 'gte', value: new Date(2024, 2, 1, 0, 0, 0, 0).toISOString() },
      { field: 'seenAt', operator: 'lte', value: new Date(2024, 2, 2, 23, 59, 59, 999).toISOString() },
    ]);
  });

  it('skips unknown, write-only, json and invalid values', () => {
    const filters = buildFilters(def, {
      search: '',
      filters: {
        nope: { value: 'x' },
        secret: { value: 'x' },
        data: { value: 'x' },
        weight: { from: 'abc' },
        active: { value: 'maybe' },
        born: { from: ' ' },
      },
    });
    expect(filters).toEqual([]);
  });
});

describe('buildListQuery', () => {
  it('builds the paged list query of the contract', () => {
    const state = { ...defaultListState(def), page: 2, pageSize: 50 as const, search: 'ab' };
    expect(buildListQuery(def, state)).toEqual({
      PageNumber: '2',
      PageSize: '50',
      sortColumn: 'name',
      sortDescending: 'false',
      BasicFiltersSerialized: JSON.stringify([{ field: 'name', operator: 'contains', value: 'ab' }]),
    });
  });

  it('leaves paging out of the export query', () => {
    const q = buildListQuery(def, { ...defaultListState(def), sortDescending: true }, { paged: false });
    expect(q).toEqual({ sortColumn: 'name', sortDescending: 'true' });
  });
});

describe('URL round trip', () => {
  it('keeps page, size, sort, search and filters', () => {
    let state = defaultListState(def);
    state = toggleSort(state, 'weight');
    state = toggleSort(state, 'weight');
    state = setColumnFilter(state, 'status', { value: 'b' });
    state = setColumnFilter(state, 'weight', { from: '1', to: '' });
    state = { ...state, page: 3, pageSize: 100, search: 'x y' };
    const params = listStateToSearch(def, state);
    expect(params.get('sort')).toBe('weight');
    expect(params.get('desc')).toBe('1');
    expect(params.has('f.weight.to')).toBe(false);
    expect(parseListSearch(def, new URLSearchParams(params.toString()))).toEqual(state);
  });

  it('keeps defaults out of the URL and falls back on bad values', () => {
    expect(listStateToSearch(def, defaultListState(def)).toString()).toBe('');
    const parsed = parseListSearch(
      def,
      new URLSearchParams('page=-1&size=7&sort=secret&f.nope=1&f.name.bad=2'),
    );
    expect(parsed).toEqual(defaultListState(def));
  });

  it('sorting a new column starts ascending on page one', () => {
    const state = toggleSort({ ...defaultListState(def), page: 4, sortDescending: true }, 'born');
    expect(state).toMatchObject({ page: 1, sortColumn: 'born', sortDescending: false });
  });

  it('an emptied filter is removed', () => {
    const state = setColumnFilter(setColumnFilter(defaultListState(def), 'name', { value: 'a' }), 'name', {
      value: '',
    });
    expect(state.filters).toEqual({});
  });
});

describe('dayBoundary', () => {
  it('refuses non-dates', () => {
    expect(dayBoundary('2024-1-1', false)).toBeUndefined();
  });
});

describe('filter by tag', () => {
  it('filters a dictionary tag by its name (rows that carry it); typed tag lists are not filtered', () => {
    const state = { search: '', filters: { tags: { value: ' VIP ' }, barcodes: { value: '590' } } };
    expect(buildFilters(def, state)).toEqual([{ field: 'tags', operator: 'contains', value: 'VIP' }]);
  });
});
