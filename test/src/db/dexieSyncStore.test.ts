import 'fake-indexeddb/auto';
import { filter, firstValueFrom, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Intent } from '../../../domain/sync/intents';
import { DexieSyncStore } from '../../../src/db/dexieSyncStore';
import { openReplicaDb, ReplicaDb, replicaDbName, replicaMigrations } from '../../../src/db/replicaDb';
import { applyChangesPage } from '../../../sync/replica';
import { SimDevice } from '../../sync/support/harness';
import { anOutboxEntry } from '../../sync/support/outboxEntries';
import { assertConverges } from '../../sync/support/propertyRun';
import { keyOf, makeServer, serverView, viewOf } from '../../sync/support/world';

let dbs = 0;
const freshStore = async (): Promise<DexieSyncStore> => {
  dbs++;
  return new DexieSyncStore(await openReplicaDb(`acc${dbs}`, `user${dbs}`));
};

describe('Dexie replica store (fake-indexeddb)', () => {
  it('names the database by company and user', () => {
    expect(replicaDbName('acc', 'usr')).toBe('aisle-acc-usr');
  });

  it('stores feed rows with their lookup fields and finds them by index', async () => {
    const store = await freshStore();
    await store.write((tx) =>
      applyChangesPage(
        tx,
        [
          {
            op: 'upsert',
            entity: 'product',
            id: 'p1',
            data: { index: 'abc-1', barcodes: ['5901234123457', 'X1'] },
          },
          { op: 'upsert', entity: 'product', id: 'p2', data: { index: 'DEF', barcodes: [] } },
          { op: 'upsert', entity: 'storageSpace', id: 'l1', data: { label: 'a-01' } },
          {
            op: 'upsert',
            entity: 'stock',
            id: 's1',
            data: {
              productId: 'p1',
              locationId: 'l1',
              container: '',
              serialNumber: '',
              quantity: '4.5',
              reserved: 1,
            },
          },
          {
            op: 'upsert',
            entity: 'stock',
            id: 's2',
            data: { productId: 'p1', locationId: 'l1', container: 'BIN-7', quantity: 1 },
          },
        ],
        'c1',
      ),
    );
    const found = await store.read(async (tx) => ({
      byBarcode: await tx.where('product', 'barcodes', ['X1']),
      byGtin: await tx.where('product', 'gtins', ['05901234123457']),
      byIndex: await tx.where('product', 'indexKey', ['ABC-1']),
      byLabel: await tx.where('storageSpace', 'label', ['A-01']),
      byProduct: await tx.where('stock', 'productId', ['p1']),
      byContainer: await tx.where('stock', 'container', ['BIN-7']),
      meta: await tx.meta(),
    }));
    expect(found.byBarcode.map((p) => p.id)).toEqual(['p1']);
    expect(found.byGtin.map((p) => p.id)).toEqual(['p1']);
    expect(found.byIndex.map((p) => p.id)).toEqual(['p1']);
    expect(found.byLabel.map((l) => l.id)).toEqual(['l1']);
    expect(found.byProduct.map((s) => [s.id, s.quantity, s.reserved, s.container, s.key])).toEqual([
      ['s1', 4.5, 1, null, keyOf('p1', 'l1')],
      ['s2', 1, 0, 'BIN-7', expect.any(String)],
    ]);
    expect(found.byContainer.map((s) => s.id)).toEqual(['s2']);
    expect(found.meta.cursor).toBe('c1');
    store.close();
  });

  it('keeps the outbox in mutation order and counts only this user’s work', async () => {
    const store = await freshStore();
    await store.write((tx) =>
      tx.outboxPut([
        anOutboxEntry(3, 'pending'),
        anOutboxEntry(1, 'accepted'),
        anOutboxEntry(2, 'pending', 'someone-else'),
        anOutboxEntry(5, 'rejected'),
        { ...anOutboxEntry(6, 'rejected'), resolvedAt: '2026-03-15T09:00:00.000Z' },
        anOutboxEntry(4, 'pending'),
      ]),
    );
    const seen = await store.read(async (tx) => ({
      open: (await tx.outboxOpen()).map((e) => e.mutationId),
      pending: (await tx.outboxPending('u1', 0, 10)).map((e) => e.mutationId),
      after3: (await tx.outboxPending('u1', 3, 10)).map((e) => e.mutationId),
      counts: await tx.outboxCounts('u1'),
    }));
    expect(seen).toEqual({
      open: [1, 2, 3, 4],
      pending: [3, 4],
      after3: [4],
      counts: { pending: 2, rejected: 1 },
    });
    store.close();
  });

  it('rolls a failed transaction back', async () => {
    const store = await freshStore();
    await expect(
      store.write(async (tx) => {
        await tx.outboxPut([anOutboxEntry(1, 'pending')]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await store.read((tx) => tx.outboxAll())).toEqual([]);
    store.close();
  });

  it('tells watchers about changes', async () => {
    const store = await freshStore();
    // Several reads one after the other: every one of them is observed, not only the first.
    const counts = firstValueFrom(
      store
        .watch(async (tx) => ({
          meta: await tx.meta(),
          shadows: await tx.shadowCount(),
          counts: await tx.outboxCounts('u1'),
        }))
        .pipe(
          filter((c) => c.counts.pending > 0),
          take(1),
          toArray(),
        ),
    );
    await store.write((tx) => tx.outboxPut([anOutboxEntry(1, 'pending')]));
    expect((await counts).map((c) => c.counts)).toEqual([{ pending: 1, rejected: 0 }]);
    store.close();
  });

  it('upgrades with a resync: replicated rows and cursor go, the outbox stays', async () => {
    const name = 'resync-test';
    const v1 = new ReplicaDb(name, replicaMigrations);
    await v1.open();
    const store = new DexieSyncStore(v1);
    await store.write(async (tx) => {
      await applyChangesPage(tx, [{ op: 'upsert', entity: 'product', id: 'p1', data: { index: 'A' } }], 'c9');
      await tx.setMeta({ lastSyncAt: '2026-03-15T08:00:00.000Z', lastIssuedMutationId: 7 });
      await tx.outboxPut([anOutboxEntry(7, 'pending')]);
    });
    v1.close();
    const v2 = new ReplicaDb(name, [
      ...replicaMigrations,
      {
        version: (replicaMigrations.at(-1)?.version ?? 0) + 1,
        stores: { product: 'id, indexKey, *barcodes, *gtins, sapId' },
        resync: true,
      },
    ]);
    await v2.open();
    const after = new DexieSyncStore(v2);
    const seen = await after.read(async (tx) => ({
      products: await tx.all('product'),
      meta: await tx.meta(),
      outbox: (await tx.outboxAll()).map((e) => e.mutationId),
    }));
    expect(seen.products).toEqual([]);
    expect(seen.meta).toMatchObject({ cursor: null, lastSyncAt: null, lastIssuedMutationId: 7 });
    expect(seen.outbox).toEqual([7]);
    after.close();
  });

  it('runs the engine: offline release applied at once, pushed exactly once, replica equals server', async () => {
    const server = makeServer({ stock: 4 });
    const a = new SimDevice(server, 'D1', 'u1', await freshStore());
    const b = new SimDevice(server, 'D2', 'u2', await freshStore());
    await a.sync();
    await b.sync();
    a.offline = true;
    b.offline = true;
    const release = (doc: string, line: string): Intent[] => [
      {
        kind: 'document.create',
        document: { id: doc, typeCode: 'DOU', documentNumber: '', sourceLocationId: 'l-1' },
      },
      { kind: 'line.add', line: { id: line, documentId: doc, productId: 'p-1', quantity: 3 } },
      { kind: 'document.confirm', documentId: doc },
    ];
    for (const i of release('doc-a', 'line-a')) expect((await a.engine.enqueue(i)).ok).toBe(true);
    for (const i of release('doc-b', 'line-b')) expect((await b.engine.enqueue(i)).ok).toBe(true);
    expect((await viewOf(a.store)).stock.get(keyOf('p-1', 'l-1'))).toEqual({ quantity: 1, reserved: 0 });
    a.offline = false;
    b.offline = false;
    await a.sync();
    await b.sync();
    await a.sync();
    expect(await viewOf(a.store)).toEqual(serverView(server));
    const outbox = await b.store.read((tx) => tx.outboxAll());
    expect(outbox.map((e) => [e.intent.kind, e.status])).toEqual([['document.confirm', 'rejected']]);
    expect((await viewOf(b.store)).stock.get(keyOf('p-1', 'l-1'))).toEqual({ quantity: 1, reserved: 0 });
    expect([...server.applied.values()].every((n) => n === 1)).toBe(true);
    a.engine.stop();
    b.engine.stop();
  });

  it('holds the sync property on Dexie stores too', async () => {
    await assertConverges(20, {
      maxCommands: 25,
      stores: () => {
        const made: DexieSyncStore[] = [];
        return {
          make: () => {
            dbs++;
            const store = new DexieSyncStore(new ReplicaDb(`prop-${dbs}`));
            made.push(store);
            return store;
          },
          close: () => {
            for (const store of made) store.close();
          },
        };
      },
    });
  }, 120_000);
});
