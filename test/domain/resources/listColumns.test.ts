import { describe, expect, it } from 'vitest';
import {
  arrangeListColumns,
  isKeyColumn,
  type ListColumn,
  listColumnLimits,
  parseListColumnsParam,
  readListColumnPrefs,
  withListColumns,
} from '../../../domain/resources/listColumns';

const columns: ListColumn[] = [
  ['documentNumber', { kind: 'string' }],
  ['typeCode', { kind: 'enum' }],
  ['statusCode', { kind: 'enum' }],
  ['contractorId', { kind: 'ref', ref: 'company' }],
  ['executionDate', { kind: 'datetime' }],
  ['unconfirmedQuantity', { kind: 'decimal' }],
  ['lockedIn', { kind: 'boolean' }],
  ['reserved', { kind: 'decimal', listPriority: 'key' }],
  ['statusText', { kind: 'string' }],
];
const names = (cols: readonly ListColumn[]) => cols.map(([name]) => name);

describe('wide lists: column priorities and hidden columns', () => {
  it('quantities, statuses and locks are key by default; a mark wins either way', () => {
    expect(isKeyColumn('unconfirmedQuantity', { kind: 'decimal' })).toBe(true);
    expect(isKeyColumn('statusCode', { kind: 'enum' })).toBe(true);
    expect(isKeyColumn('lockOut', { kind: 'boolean' })).toBe(true);
    // A text that merely mentions a status is not a key figure.
    expect(isKeyColumn('statusText', { kind: 'string' })).toBe(false);
    expect(isKeyColumn('available', { kind: 'decimal', listPriority: 'key' })).toBe(true);
    expect(isKeyColumn('quantity', { kind: 'decimal', listPriority: 'normal' })).toBe(false);
  });

  it('keeps the first column first, then the key columns, then the rest, each in definition order', () => {
    expect(names(arrangeListColumns(columns))).toEqual([
      'documentNumber',
      'statusCode',
      'unconfirmedQuantity',
      'lockedIn',
      'reserved',
      'typeCode',
      'contractorId',
      'executionDate',
      'statusText',
    ]);
  });

  it('leaves out hidden columns, never the first one', () => {
    expect(names(arrangeListColumns(columns, ['documentNumber', 'lockedIn', 'typeCode', 'nope']))).toEqual([
      'documentNumber',
      'statusCode',
      'unconfirmedQuantity',
      'reserved',
      'contractorId',
      'executionDate',
      'statusText',
    ]);
    expect(arrangeListColumns([])).toEqual([]);
  });

  it('reads the saved call: a list id and identifiers only', () => {
    expect(parseListColumnsParam('listColumns:wmsDocument', 'orderId,typeCode,orderId')).toEqual({
      list: 'wmsDocument',
      hidden: ['orderId', 'typeCode'],
    });
    expect(parseListColumnsParam('listColumns:stock-list', '')).toEqual({ list: 'stock-list', hidden: [] });
    for (const [name, value] of [
      ['language', 'pl-pl'],
      ['listColumns:', 'a'],
      ['listColumns:1abc', 'a'],
      ['listColumns:a b', 'a'],
      ['listColumns:list', 'a,,b'],
      ['listColumns:list', '<img>'],
      ['listColumns:list', 'x'.repeat(listColumnLimits.nameLength + 1)],
      ['listColumns:list', Array.from({ length: listColumnLimits.columns + 1 }, (_, i) => `c${i}`).join(',')],
    ] as const) {
      expect(parseListColumnsParam(name, value), `${name}=${value}`).toBeNull();
    }
  });

  it('replaces one list, forgets a list with nothing hidden, and keeps the lists saved last', () => {
    const prefs = withListColumns({ a: ['x'], b: ['y'] }, 'a', ['z']);
    expect(prefs).toEqual({ b: ['y'], a: ['z'] });
    expect(Object.keys(prefs)).toEqual(['b', 'a']);
    expect(withListColumns(prefs, 'b', [])).toEqual({ a: ['z'] });
    let many: Record<string, string[]> = {};
    for (let i = 0; i < listColumnLimits.lists + 5; i += 1) many = withListColumns(many, `list${i}`, ['c']);
    expect(Object.keys(many)).toHaveLength(listColumnLimits.lists);
    expect(many.list0).toBeUndefined();
    expect(many[`list${listColumnLimits.lists + 4}`]).toEqual(['c']);
  });

  it('ignores anything unreadable in what was stored', () => {
    expect(readListColumnPrefs(null)).toEqual({});
    expect(readListColumnPrefs(['a'])).toEqual({});
    expect(readListColumnPrefs({ ok: ['a', 3, 'b c'], 'bad list': ['a'], worse: 'a' })).toEqual({
      ok: ['a'],
    });
  });
});
