import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SyncChange } from '../../../domain/sync/wire';
import { DexieSyncStore } from '../../../src/db/dexieSyncStore';
import { ReplicaDb, replicaMigrations } from '../../../src/db/replicaDb';
import { applyChangesPage } from '../../../sync/replica';
import type { Row, RowIndex, StockRecord } from '../../../sync/types';
import { anOutboxEntry } from '../../sync/support/outboxEntries';
import { seedChanges } from '../../sync/support/seed';
import { keyOf } from '../../sync/support/world';

let dbs = 0;
const freshName = (): string => {
  dbs++;
  return `schema-${dbs}`;
};

const [firstVersion] = replicaMigrations;
const latest = replicaMigrations.at(-1)?.version ?? 1;

describe('replica schema versions', () => {
  it('adds the stock key and per-user outbox indexes without touching the rows (no resync)', async () => {
    expect(firstVersion?.version).toBe(1);
    expect(latest).toBeGreaterThan(1);
    const name = freshName();
    const old = new ReplicaDb(name, firstVersion ? [firstVersion] : []);
    await old.open();
    await new DexieSyncStore(old).write(async (tx) => {
      await applyChangesPage(tx, seedChanges(), 'c7');
      await tx.setMeta({ lastSyncAt: '2026-03-15T08:00:00.000Z', lastIssuedMutationId: 6, deviceSeq: 3 });
      await tx.outboxPut([
        anOutboxEntry(1, 'accepted', 'u1'),
        anOutboxEntry(2, 'pending', 'u1'),
        anOutboxEntry(3, 'pending', 'u2'),
        anOutboxEntry(4, 'pending', 'u1'),
        anOutboxEntry(5, 'rejected', 'u1'),
        { ...anOutboxEntry(6, 'rejected', 'u1'), resolvedAt: '2026-03-15T09:00:00.000Z' },
      ]);
    });
    const stockBefore = await old.table('stock').toArray();
    old.close();

    const upgraded = new ReplicaDb(name);
    await upgraded.open();
    expect(upgraded.verno).toBe(latest);
    const store = new DexieSyncStore(upgraded);
    const seen = await store.read(async (tx) => ({
      stock: await tx.all('stock'),
      products: (await tx.all('product')).length,
      byKey: await tx.where('stock', 'key', [keyOf('p-2', 'l-1'), keyOf('p-9', 'l-1')]),
      meta: await tx.meta(),
      counts: await tx.outboxCounts('u1'),
      pending: (await tx.outboxPending('u1', 2, 10)).map((e) => e.mutationId),
      open: (await tx.outboxOpen()).map((e) => e.mutationId),
    }));
    expect(seen.stock).toEqual(stockBefore);
    expect(seen.stock).toHaveLength(3);
    expect(seen.products).toBe(3);
    expect(seen.byKey.map((r) => r.id)).toEqual(['s-3']);
    expect(seen.meta).toMatchObject({ cursor: 'c7', lastIssuedMutationId: 6, deviceSeq: 3 });
    expect(seen.counts).toEqual({ pending: 2, rejected: 1 });
    expect(seen.pending).toEqual([4]);
    expect(seen.open).toEqual([1, 2, 3, 4]);
    store.close();
  });

  it('a later version can still resync on top of the current one', async () => {
    const name = freshName();
    const current = new ReplicaDb(name);
    await current.open();
    await new DexieSyncStore(current).write(async (tx) => {
      await applyChangesPage(tx, seedChanges(), 'c9');
      await tx.outboxPut([anOutboxEntry(7, 'pending', 'u1')]);
    });
    current.close();
    const next = new ReplicaDb(name, [
      ...replicaMigrations,
      { version: latest + 1, stores: { product: 'id, indexKey, *barcodes, *gtins, sapId' }, resync: true },
    ]);
    await next.open();
    const store = new DexieSyncStore(next);
    const seen = await store.read(async (tx) => ({
      stock: await tx.where('stock', 'key', [keyOf('p-2', 'l-1')]),
      meta: await tx.meta(),
      outbox: (await tx.outboxAll()).map((e) => e.mutationId),
    }));
    expect(seen).toEqual({ stock: [], meta: expect.objectContaining({ cursor: null }), outbox: [7] });
    store.close();
  });
});

/** What `where` gave before: Dexie's anyOf walk, each row once. */
const anyOfRows = async (db: ReplicaDb, entity: string, index: string, values: string[]): Promise<Row[]> => {
  const rows = (await db.table(entity).where(index).anyOf(values).toArray()) as Row[];
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.id) && Boolean(seen.add(r.id)));
};

const barcodePool = ['A', 'B', 'C', 'a', 'Ä', '10', '9', 'B-1'];
const productsArb = fc.array(
  fc.record({
    barcodes: fc.subarray(barcodePool),
    index: fc.constantFrom('X', 'Y', 'Z'),
    locationId: fc.constantFrom('l-1', 'l-2', 'l-3'),
    container: fc.constantFrom('', 'BIN-1', 'BIN-2'),
  }),
  { maxLength: 12 },
);

describe('the store’s where', () => {
  it('returns the rows anyOf returned, in the same order, each once', async () => {
    await fc.assert(
      fc.asyncProperty(
        productsArb,
        fc.array(fc.constantFrom(...barcodePool, 'missing'), { maxLength: 6 }),
        fc.array(fc.constantFrom('p0', 'p1', 'p2', 'p3', 'nobody'), { maxLength: 5 }),
        async (products, barcodes, productIds) => {
          const db = new ReplicaDb(freshName());
          await db.open();
          const store = new DexieSyncStore(db);
          const changes: SyncChange[] = products.flatMap((p, i) => [
            {
              op: 'upsert',
              entity: 'product',
              id: `p${i}`,
              data: { index: p.index, barcodes: [...p.barcodes, ...p.barcodes.slice(0, 1)] },
            },
            {
              op: 'upsert',
              entity: 'stock',
              id: `s${i}`,
              data: { productId: `p${i % 4}`, locationId: p.locationId, container: p.container, quantity: 1 },
            },
          ]);
          await store.write((tx) => applyChangesPage(tx, changes, 'c1'));
          const keys = (await db.table('stock').toArray()).map((r) => (r as StockRecord).key);
          const asks: [string, RowIndex, string[]][] = [
            ['product', 'barcodes', barcodes],
            ['product', 'indexKey', ['Z', 'X', 'X']],
            ['stock', 'productId', productIds],
            ['stock', 'key', [...keys.slice(0, 3), ...keys.slice(0, 1), 'no such key']],
            ['stock', 'container', ['BIN-2', 'BIN-1']],
          ];
          try {
            for (const [entity, index, values] of asks) {
              const expected = await anyOfRows(db, entity, index, values);
              const inTx = await store.read((tx) => tx.where(entity as 'product', index, values));
              const outside = await store.reader.where(entity as 'product', index, values);
              expect(inTx).toEqual(expected);
              expect(outside).toEqual(expected);
              expect(new Set(inTx.map((r) => r.id)).size).toBe(inTx.length);
            }
          } finally {
            await db.delete();
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('finds shadows by ref, every one of them', async () => {
    const db = new ReplicaDb(freshName());
    await db.open();
    const store = new DexieSyncStore(db);
    // Shadows of two entities may carry the same id; they are told apart by their key.
    await store.write((tx) =>
      tx.shadowPut([
        { key: 'wmsDocumentPosition|x', entity: 'wmsDocumentPosition', id: 'x', ref: 'd1', row: null },
        { key: 'wmsOrderPosition|x', entity: 'wmsOrderPosition', id: 'x', ref: 'd1', row: null },
        { key: 'stock|k', entity: 'stock', id: 'k', ref: 's1', row: null },
        { key: 'wmsDocument|d2', entity: 'wmsDocument', id: 'd2', ref: null, row: null },
      ]),
    );
    const found = await store.read((tx) => tx.shadowByRef(['s1', 'd1', 'd1', 'none']));
    expect(found.map((s) => s.key)).toEqual(['wmsDocumentPosition|x', 'wmsOrderPosition|x', 'stock|k']);
    await db.delete();
  });
});

describe('the meta row inside a transaction', () => {
  it('is read once and follows its own writes; a rolled-back write is not seen afterwards', async () => {
    const db = new ReplicaDb(freshName());
    await db.open();
    const store = new DexieSyncStore(db);
    const inside = await store.write(async (tx) => {
      const first = await tx.meta();
      await tx.setMeta({ deviceSeq: first.deviceSeq + 1 });
      const [a, b] = await Promise.all([tx.meta(), tx.setMeta({ lastIssuedMutationId: 4 })]);
      await tx.setMeta({ cursor: 'c2' });
      return { first, a, last: await tx.meta(), b };
    });
    expect(inside.first).toMatchObject({ deviceSeq: 0, lastIssuedMutationId: 0, cursor: null });
    expect(inside.a.deviceSeq).toBe(1);
    expect(inside.last).toMatchObject({ deviceSeq: 1, lastIssuedMutationId: 4, cursor: 'c2' });
    await expect(
      store.write(async (tx) => {
        await tx.setMeta({ deviceSeq: 99 });
        expect((await tx.meta()).deviceSeq).toBe(99);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.read((tx) => tx.meta())).toMatchObject({
      deviceSeq: 1,
      lastIssuedMutationId: 4,
      cursor: 'c2',
    });
    // Outside a transaction every read goes to the table.
    await store.write((tx) => tx.setMeta({ deviceSeq: 5 }));
    expect((await store.reader.meta()).deviceSeq).toBe(5);
    await store.write((tx) => tx.setMeta({ deviceSeq: 6 }));
    expect((await store.reader.meta()).deviceSeq).toBe(6);
    await db.delete();
  });
});

describe('writes inside a write transaction', () => {
  it('are seen by the reads after them, and a failed one rolls the whole transaction back', async () => {
    const db = new ReplicaDb(freshName());
    await db.open();
    const store = new DexieSyncStore(db);
    const seen = await store.write(async (tx) => {
      await tx.put('product', [{ id: 'p1', index: 'A', indexKey: 'A', barcodes: ['X'] }]);
      await tx.outboxPut([anOutboxEntry(1, 'pending', 'u1')]);
      await tx.remove('product', ['p1']);
      await tx.put('product', [{ id: 'p1', index: 'B', indexKey: 'B', barcodes: ['Y'] }]);
      return {
        product: await tx.where('product', 'barcodes', ['X', 'Y']),
        counts: await tx.outboxCounts('u1'),
      };
    });
    expect(seen.product.map((p) => p.index)).toEqual(['B']);
    expect(seen.counts).toEqual({ pending: 1, rejected: 0 });
    await expect(
      store.write(async (tx) => {
        await tx.outboxPut([anOutboxEntry(2, 'pending', 'u1')]);
        await tx.setMeta({ cursor: 'lost' });
        // No primary key: IndexedDB refuses the row.
        await tx.put('product', [{ index: 'C' } as unknown as Row]);
        await tx.shadowPut([{ key: 'stock|k', entity: 'stock', id: 'k', ref: null, row: null }]);
        return 'done';
      }),
    ).rejects.toThrow();
    expect(
      await store.read(async (tx) => ({
        outbox: (await tx.outboxAll()).map((e) => e.mutationId),
        cursor: (await tx.meta()).cursor,
        shadows: await tx.shadowCount(),
        products: (await tx.all('product')).map((p) => p.index),
      })),
    ).toEqual({ outbox: [1], cursor: null, shadows: 0, products: ['B'] });
    await db.delete();
  });
});
