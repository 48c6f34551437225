import { describe, expect, it } from 'vitest';
import { recordChanges } from '../../../domain/office/recordChanges';

describe('recordChanges (the old/new comparison of a history entry)', () => {
  it('lists only the fields an update changed, with both values', () => {
    const changes = recordChanges(
      { id: 'p1', version: 1, updatedAt: 'a', name: 'Bolt', weight: 1.5, tags: ['a'], ean: null },
      { id: 'p1', version: 2, updatedAt: 'b', name: 'Bolt M8', weight: 1.5, tags: ['a', 'b'], ean: null },
    );
    expect(changes).toEqual([
      { field: 'name', before: 'Bolt', after: 'Bolt M8' },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('shows every field with a value of a created or deleted record, without bookkeeping', () => {
    expect(recordChanges(null, { id: 'x', createdAt: 't', name: 'Bolt', note: null })).toEqual([
      { field: 'name', before: undefined, after: 'Bolt' },
    ]);
    expect(recordChanges({ id: 'x', version: 3, name: 'Bolt' }, undefined)).toEqual([
      { field: 'name', before: 'Bolt', after: undefined },
    ]);
  });

  it('treats a missing field and an empty one alike, and tolerates entries that are not objects', () => {
    expect(recordChanges({ name: 'A', note: null }, { name: 'A' })).toEqual([]);
    expect(recordChanges('broken', [1, 2])).toEqual([]);
  });
});
