import { describe, expect, it } from 'vitest';
import { systemLogResource } from '../../../domain/resources/definitions/systemLog';
import { defineResource } from '../../../domain/resources/types';
import {
  buildFilters,
  buildListQuery,
  defaultListState,
  listStateToSearch,
  parseListSearch,
  setColumnFilter,
  togglePreset,
} from '../../../src/resources/listState';

const def = defineResource({
  name: 'gadget',
  path: 'Gadget',
  route: 'gadgets',
  section: 'other',
  titleField: 'name',
  read: 'any',
  write: 'power',
  presets: [
    { key: 'broken', filters: [{ field: 'state', operator: 'eq', value: 'broken' }] },
    { key: 'unnamed', filters: [{ field: 'name', operator: 'isNull' }] },
  ],
  fields: {
    name: { kind: 'string', list: true },
    state: { kind: 'enum', options: ['ok', 'broken'], list: true },
  },
});

describe('list presets', () => {
  it('adds the preset filters before the column filters', () => {
    const state = setColumnFilter({ ...defaultListState(def), preset: 'broken' }, 'name', { value: 'x' });
    expect(buildFilters(def, state)).toEqual([
      { field: 'state', operator: 'eq', value: 'broken' },
      { field: 'name', operator: 'contains', value: 'x' },
    ]);
    expect(buildFilters(def, { search: '', filters: {}, preset: 'unnamed' })).toEqual([
      { field: 'name', operator: 'isNull' },
    ]);
  });

  it('keeps the preset in the URL and drops unknown ones', () => {
    const state = { ...defaultListState(def), preset: 'broken' };
    const params = listStateToSearch(def, state);
    expect(params.get('preset')).toBe('broken');
    expect(parseListSearch(def, params)).toEqual(state);
    expect(parseListSearch(def, new URLSearchParams('preset=nope')).preset).toBeUndefined();
    expect(listStateToSearch(def, { ...defaultListState(def), preset: 'nope' }).has('preset')).toBe(false);
  });

  it('toggles a preset on, to another one and off, back on page one', () => {
    const on = togglePreset({ ...defaultListState(def), page: 3 }, 'broken');
    expect(on).toMatchObject({ page: 1, preset: 'broken' });
    expect(togglePreset(on, 'unnamed').preset).toBe('unnamed');
    expect(togglePreset(on, 'broken').preset).toBeUndefined();
  });

  it('gives the system log its errors-only filter', () => {
    const state = parseListSearch(systemLogResource, new URLSearchParams('preset=errorsOnly'));
    expect(JSON.parse(buildListQuery(systemLogResource, state).BasicFiltersSerialized ?? '[]')).toEqual([
      { field: 'level', operator: 'eq', value: 'error' },
    ]);
  });
});
