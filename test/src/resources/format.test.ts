import { describe, expect, it } from 'vitest';
import { defineResource } from '../../../domain/resources/types';
import { formatDate, formatDateTime, formatValue, refIdsToResolve } from '../../../src/resources/format';

const def = defineResource({
  name: 'widget',
  path: 'Widget',
  route: 'widgets',
  section: 'other',
  titleField: 'name',
  read: 'any',
  write: 'power',
  fields: {
    name: { kind: 'string', list: true },
    status: { kind: 'enum', options: ['a', 'b'] },
    roles: { kind: 'enumList', options: ['x', 'y'] },
    tags: { kind: 'tags' },
    active: { kind: 'boolean' },
    count: { kind: 'integer' },
    born: { kind: 'date' },
    seenAt: { kind: 'datetime' },
    ownerId: { kind: 'ref', ref: 'user' },
    parentId: { kind: 'ref', ref: 'widget' },
    data: { kind: 'json' },
  },
});

const t = (key: string, options?: Record<string, unknown>) =>
  key.includes('.options.') ? `T(${key})` : String(options?.defaultValue ?? key);
const ctx = { t, refTitles: new Map([['p1', 'Parent one']]) };

describe('formatDateTime', () => {
  it('formats YYYY-MM-DD HH:mm in local time', () => {
    const d = new Date(2024, 0, 5, 7, 3, 59);
    expect(formatDateTime(d.toISOString())).toBe('2024-01-05 07:03');
  });
  it('is empty for nothing or garbage', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('nope')).toBe('');
  });
  it('keeps date-only values', () => {
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
  });
});

describe('formatValue', () => {
  const row = {
    name: 'N',
    status: 'a',
    roles: ['x', 'y'],
    tags: ['t1', 't2'],
    active: false,
    count: 3,
    born: '2020-01-02',
    seenAt: new Date(2024, 5, 1, 12, 30).toISOString(),
    ownerId: 'u1',
    ownerName: 'Alice',
    parentId: 'p1',
    data: { a: 1 },
    createdAt: new Date(2023, 11, 31, 23, 59).toISOString(),
  };
  it.each([
    ['name', 'N'],
    ['status', 'T(resources:widget.options.status.a)'],
    ['roles', 'T(resources:widget.options.roles.x), T(resources:widget.options.roles.y)'],
    ['tags', 't1, t2'],
    ['active', '✗'],
    ['count', '3'],
    ['born', '2020-01-02'],
    ['seenAt', '2024-06-01 12:30'],
    ['ownerId', 'Alice'],
    ['parentId', 'Parent one'],
    ['data', '{"a":1}'],
    ['createdAt', '2023-12-31 23:59'],
  ])('%s', (field, expected) => {
    expect(formatValue(def, field, row, ctx)).toBe(expected);
  });

  it('shows true as a check and empty values as nothing', () => {
    expect(formatValue(def, 'active', { active: true }, ctx)).toBe('✓');
    expect(formatValue(def, 'name', { name: null }, ctx)).toBe('');
    expect(formatValue(def, 'roles', { roles: [] }, ctx)).toBe('');
  });

  it('falls back to the id of an unresolved ref', () => {
    expect(formatValue(def, 'parentId', { parentId: 'zz' }, ctx)).toBe('zz');
  });
});

describe('refIdsToResolve', () => {
  it('collects ids of refs without a display value, per target resource', () => {
    const rows = [
      { ownerId: 'u1', ownerName: 'Alice', parentId: 'p1' },
      { ownerId: 'u2', parentId: 'p1' },
      { ownerId: null, parentId: 'p2' },
    ];
    const ids = refIdsToResolve(def, ['name', 'ownerId', 'parentId'], rows);
    expect([...(ids.get('user') ?? [])]).toEqual(['u2']);
    expect([...(ids.get('widget') ?? [])]).toEqual(['p1', 'p2']);
  });
});
