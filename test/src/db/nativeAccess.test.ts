import 'fake-indexeddb/auto';
import Dexie, { type ObservabilitySet } from 'dexie';
import { filter, firstValueFrom, take } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { DexieSyncStore } from '../../../src/db/dexieSyncStore';
import { nativeTransaction } from '../../../src/db/nativeAccess';
import { ReplicaDb, replicaMigrations } from '../../../src/db/replicaDb';
import { dexieAccess, type StoreAccess } from '../../../src/db/storeAccess';
import { applyChangesPage } from '../../../sync/replica';
import type { OutboxEntry } from '../../../sync/types';
import { anOutboxEntry } from '../../sync/support/outboxEntries';
import { seedChanges } from '../../sync/support/seed';

let dbs = 0;
const seededDb = async (): Promise<ReplicaDb> => {
  dbs++;
  const db = new ReplicaDb(`native-${dbs}`);
  const store = new DexieSyncStore(db);
  await store.write(async (tx) => {
    await applyChangesPage(tx, seedChanges(), 'c1');
    await tx.outboxPut([
      anOutboxEntry(1, 'pending'),
      anOutboxEntry(2, 'pending', 'u2'),
      anOutboxEntry(3, 'rejected'),
      anOutboxEntry(4, 'pending'),
      anOutboxEntry(5, 'accepted'),
    ]);
  });
  return db;
};

/** Every kind of read the store makes, through one access. */
const readsOf = async (access: StoreAccess) => ({
  get: await access.get('product', 'p-1'),
  getMany: await access.getMany('product', ['p-2', 'nope', 'p-1']),
  byValues: await access.byValues('stock', 'productId', ['p-1', 'p-2', 'none']),
  byPrimaryKey: await access.byValues('product', 'id', ['p-1']),
  multiEntry: await access.byValues('product', 'barcodes', ['MILK']),
  all: await access.all('storageSpace'),
  uniqueKeys: await access.uniqueKeys('stock', 'locationId'),
  range: await access.range<OutboxEntry>(
    'outbox',
    '[status+userId+mutationId]',
    ['pending', 'u1', 2],
    ['pending', 'u1', []],
  ),
  limited: await access.range<OutboxEntry>(
    'outbox',
    '[status+mutationId]',
    ['pending', -Infinity],
    ['pending', []],
    2,
  ),
  count: await access.count('stock'),
  countRange: await access.count('outbox', {
    index: '[status+userId+mutationId]',
    lower: ['pending', 'u1', -Infinity],
    upper: ['pending', 'u1', []],
  }),
});

describe('native IndexedDB access of the replica store', () => {
  it('reads what Dexie reads, in the same order', async () => {
    const db = await seededDb();
    const viaDexie = await db.transaction('r', db.tables, (trans) => readsOf(dexieAccess(trans)));
    const viaNative = await nativeTransaction(
      db,
      'readonly',
      db.tables.map((t) => t.name),
      readsOf,
    );
    expect(viaNative).toEqual(viaDexie);
    // The reads found something: the comparison is not between two empty answers.
    expect(viaNative.getMany.map((p) => (p as { id: string } | undefined)?.id)).toEqual([
      'p-2',
      undefined,
      'p-1',
    ]);
    expect(viaNative.range.map((e) => e.mutationId)).toEqual([4]);
    expect(viaNative.limited.map((e) => e.mutationId)).toEqual([1, 2]);
    expect(viaNative.countRange).toBe(2);
    expect(viaNative.uniqueKeys.length).toBeGreaterThan(0);
    db.close();
  });

  it('tells live queries of another connection, and names only the tables written', async () => {
    const db = await seededDb();
    const other = new DexieSyncStore(new ReplicaDb(db.name));
    const seen = firstValueFrom(
      other
        .watch((tx) => tx.outboxCounts('u1'))
        .pipe(
          filter((c) => c.pending === 3),
          take(1),
        ),
    );
    const announced: ObservabilitySet[] = [];
    const listen = (parts: ObservabilitySet) => announced.push(parts);
    Dexie.on('storagemutated', listen);
    try {
      await new DexieSyncStore(db).write((tx) => tx.outboxPut([anOutboxEntry(6, 'pending')]));
      expect(await seen).toEqual({ pending: 3, rejected: 1 });
    } finally {
      Dexie.on.storagemutated.unsubscribe(listen);
    }
    const tables = new Set(announced.flatMap((p) => Object.keys(p).map((k) => k.split('/')[3])));
    expect(tables).toEqual(new Set(['outbox']));
    other.close();
    db.close();
  });

  it('opens a replica not opened yet, and refuses one closed on purpose', async () => {
    const db = await seededDb();
    db.close();
    await expect(new DexieSyncStore(db).read((tx) => tx.meta())).rejects.toThrow(Dexie.DatabaseClosedError);
    const again = new DexieSyncStore(new ReplicaDb(db.name));
    expect((await again.read((tx) => tx.meta())).cursor).toBe('c1');
    again.close();
  });

  it('keeps nothing of a write whose request failed', async () => {
    const db = await seededDb();
    const store = new DexieSyncStore(db);
    await expect(
      store.write(async (tx) => {
        await tx.outboxPut([anOutboxEntry(7, 'pending')]);
        // No mutation id: IndexedDB refuses the key, which aborts the transaction.
        await tx.outboxPut([{ ...anOutboxEntry(8, 'pending'), mutationId: undefined as unknown as number }]);
      }),
    ).rejects.toThrow();
    expect((await store.read((tx) => tx.outboxAll())).map((e) => e.mutationId)).toEqual([1, 2, 3, 4, 5]);
    store.close();
  });

  it('fails the whole write when a request placed behind fails later, and keeps nothing of it', async () => {
    // A replica whose outbox refuses a repeated idempotency key: the refusal comes back after the call returned.
    const strict = replicaMigrations.map((m) =>
      m.stores.outbox
        ? {
            ...m,
            stores: {
              ...m.stores,
              outbox: `${m.stores.outbox}`.replace('idempotencyKey', '&idempotencyKey'),
            },
          }
        : m,
    );
    dbs++;
    const store = new DexieSyncStore(new ReplicaDb(`native-strict-${dbs}`, strict));
    await store.write((tx) => tx.outboxPut([anOutboxEntry(1, 'pending')]));
    const attempt = store.write(async (tx) => {
      await tx.outboxPut([anOutboxEntry(2, 'pending')]);
      await tx.outboxPut([{ ...anOutboxEntry(3, 'pending'), idempotencyKey: 'k1' }]);
      await tx.setMeta({ deviceSeq: 9 });
      return 'done';
    });
    await expect(attempt).rejects.toMatchObject({ name: 'ConstraintError' });
    expect((await store.read((tx) => tx.outboxAll())).map((e) => e.mutationId)).toEqual([1]);
    expect((await store.read((tx) => tx.meta())).deviceSeq).not.toBe(9);
    store.close();
  });
});
