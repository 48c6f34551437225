import { describe, expect, it } from 'vitest';
import { allOf, countOf, keepAll, ReadCache, slotOf, type TableCache } from '../../../src/db/readCache';
import type { Row } from '../../../sync/types';

const byId = (r: Row): string => r.id;
const line = (id: string, documentId: string, quantity = 1): Row => ({ id, documentId, quantity });

/** A cache of lines at stamp `e:1` that knows the lines of documents d1 and d2 and the line l-9 by id. */
const known = (): { cache: ReadCache; c: TableCache<Row> } => {
  const cache = new ReadCache();
  const c = cache.of<Row>('wmsDocumentPosition', 'e:1');
  c.indexes.add('documentId');
  const d1 = [line('l-1', 'd1'), line('l-3', 'd1')];
  c.byValue.set(slotOf('documentId', 'd1'), d1);
  c.byValue.set(slotOf('documentId', 'd2'), []);
  for (const r of d1) c.byId.set(r.id, r);
  c.byId.set('l-9', null);
  return { cache, c };
};

const slot = (c: TableCache<Row>, documentId: string) =>
  c.byValue.get(slotOf('documentId', documentId))?.map((r) => `${r.id}:${String(r.quantity)}`);

describe('the memory follows a committed write transaction', () => {
  it('puts new rows into the slots they belong to, in key order, and moves changed ones', () => {
    const { cache } = known();
    cache.advance(
      'wmsDocumentPosition',
      'e:1',
      'e:2',
      [{ put: [line('l-2', 'd1'), line('l-3', 'd2', 7)] }, { put: [line('l-9', 'd3')] }],
      byId,
    );
    const next = cache.of<Row>('wmsDocumentPosition', 'e:2');
    expect(slot(next, 'd1')).toEqual(['l-1:1', 'l-2:1']);
    expect(slot(next, 'd2')).toEqual(['l-3:7']);
    // No slot was kept for d3 (nobody read it): none is made up from what was written.
    expect(slot(next, 'd3')).toBeUndefined();
    expect(next.byId.get('l-9')).toEqual(line('l-9', 'd3'));
    // The stamp before is gone: a transaction still at e:1 gets a fresh memory.
    expect(cache.of<Row>('wmsDocumentPosition', 'e:1').byId.size).toBe(0);
  });

  it('removes deleted rows from every slot and remembers that they are gone', () => {
    const { cache } = known();
    cache.advance('wmsDocumentPosition', 'e:1', 'e:2', [{ remove: ['l-1'] }], byId);
    const next = cache.of<Row>('wmsDocumentPosition', 'e:2');
    expect(slot(next, 'd1')).toEqual(['l-3:1']);
    expect(next.byId.get('l-1')).toBeNull();
  });

  it('keeps a frozen copy: the writer may go on changing its own object', () => {
    const { cache } = known();
    const written = { id: 'l-5', documentId: 'd2', quantity: 1 };
    cache.advance('wmsDocumentPosition', 'e:1', 'e:2', [{ put: [written] }], byId);
    written.quantity = 99;
    const kept = cache.of<Row>('wmsDocumentPosition', 'e:2').byId.get('l-5');
    expect(kept?.quantity).toBe(1);
    expect(Object.isFrozen(kept)).toBe(true);
  });

  it('follows nothing when the memory is not at the stamp the transaction read', () => {
    const { cache } = known();
    // Another tab committed e:2 first; this transaction read e:2 and wrote e:3.
    cache.advance('wmsDocumentPosition', 'e:2', 'e:3', [{ put: [line('l-2', 'd1')] }], byId);
    const last = cache.last<Row>('wmsDocumentPosition');
    expect(last?.stamp).toBe('e:1');
    expect(last && slot(last, 'd1')).toEqual(['l-1:1', 'l-3:1']);
    expect(cache.of<Row>('wmsDocumentPosition', 'e:3').byId.size).toBe(0);
  });

  it('drops the table for a big write (a feed page) instead of following it row by row', () => {
    const { cache } = known();
    const page = Array.from({ length: 501 }, (_, i) => line(`n-${i}`, 'd1'));
    cache.advance('wmsDocumentPosition', 'e:1', 'e:2', [{ put: page }], byId);
    expect(cache.of<Row>('wmsDocumentPosition', 'e:2').byId.size).toBe(0);
  });

  it('lists a multi-entry value under each of its entries', () => {
    const cache = new ReadCache();
    const c = cache.of<Row>('product', 'e:1');
    c.indexes.add('barcodes');
    c.byValue.set(slotOf('barcodes', '111'), []);
    c.byValue.set(slotOf('barcodes', '222'), []);
    cache.advance('product', 'e:1', 'e:2', [{ put: [{ id: 'p', barcodes: ['111', '222'] }] }], byId);
    const next = cache.of<Row>('product', 'e:2');
    expect(next.byValue.get(slotOf('barcodes', '111'))?.map(byId)).toEqual(['p']);
    expect(next.byValue.get(slotOf('barcodes', '222'))?.map(byId)).toEqual(['p']);
  });
});

describe('a table known whole', () => {
  it('lists its rows in key order, and after a write those the write left', () => {
    const cache = new ReadCache();
    keepAll(cache.of<Row>('shadow', 'e:1'), [line('b', 'd'), line('d', 'd')], byId);
    cache.advance(
      'shadow',
      'e:1',
      'e:2',
      [{ put: [line('c', 'd'), line('a', 'd')] }, { remove: ['d'] }],
      byId,
    );
    const next = cache.of<Row>('shadow', 'e:2');
    expect(next.complete).toBe(true);
    expect(allOf(next, byId).map(byId)).toEqual(['a', 'b', 'c']);
    expect(countOf(next)).toBe(3);
  });
});
