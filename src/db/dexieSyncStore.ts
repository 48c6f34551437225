import Dexie, { liveQuery, type Table, type Transaction } from 'dexie';
import { from, type Observable } from 'rxjs';
import type { StoreTx, SyncStore } from '../../sync/ports';
import { emptyMeta, type OutboxEntry, type Row, type ShadowRecord, type SyncMeta } from '../../sync/types';
import { type MetaRow, metaKey, type ReplicaDb, replicaTables } from './replicaDb';

const dedupe = (rows: readonly Row[]): Row[] => {
  const seen = new Set<string>();
  return rows.filter((r) => {
    if (seen.has(r.id)) return false;
    seen.add(r.id);
    return true;
  });
};

/** Where tables come from: a transaction (every call bound to it) or the database (live queries). */
interface TableSource {
  table(name: string): Table;
}

/**
 * The engine's store port on Dexie. Tables are taken from an explicit transaction, so every call belongs to
 * it whatever native promises the engine awaits in between (Dexie's implicit zone would not survive them).
 */
export const dexieTx = (source: TableSource): StoreTx => {
  const table = (name: string) => source.table(name) as Table<Row, string>;
  const outboxTable = source.table('outbox') as Table<OutboxEntry, number>;
  const shadowTable = source.table('shadow') as Table<ShadowRecord, string>;
  const metaTable = source.table('meta') as Table<MetaRow, string>;
  const byStatus = (status: OutboxEntry['status'], after = Dexie.minKey) =>
    outboxTable.where('[status+mutationId]').between([status, after], [status, Dexie.maxKey], true, true);
  return {
    get: async (entity, ids) => {
      if (!ids.length) return [];
      const rows = await table(entity).bulkGet([...ids]);
      return rows.filter((r): r is Row => r !== undefined);
    },
    where: async (entity, index, values) =>
      values.length
        ? dedupe(
            await table(entity)
              .where(index)
              .anyOf([...values])
              .toArray(),
          )
        : [],
    all: (entity) => table(entity).toArray(),
    distinct: async (entity, index) => (await table(entity).orderBy(index).uniqueKeys()).map(String),
    put: async (entity, rows) => {
      if (rows.length) await table(entity).bulkPut([...rows]);
    },
    remove: async (entity, ids) => {
      if (ids.length) await table(entity).bulkDelete([...ids]);
    },
    shadowGet: async (keys) =>
      keys.length ? (await shadowTable.bulkGet([...keys])).filter((s) => s !== undefined) : [],
    shadowByRef: async (refs) =>
      refs.length
        ? shadowTable
            .where('ref')
            .anyOf([...refs])
            .toArray()
        : [],
    shadowAll: () => shadowTable.toArray(),
    shadowCount: () => shadowTable.count(),
    shadowPut: async (records) => {
      if (records.length) await shadowTable.bulkPut([...records]);
    },
    shadowDelete: async (keys) => {
      if (keys.length) await shadowTable.bulkDelete([...keys]);
    },
    outboxGet: (mutationId) => outboxTable.get(mutationId),
    outboxOpen: async () => {
      const [pending, accepted] = await Promise.all([
        byStatus('pending').toArray(),
        byStatus('accepted').toArray(),
      ]);
      return [...pending, ...accepted].sort((a, b) => a.mutationId - b.mutationId);
    },
    outboxAll: () => outboxTable.toArray(),
    outboxRejected: () =>
      byStatus('rejected')
        .filter((e) => !e.resolvedAt)
        .toArray(),
    outboxPending: (userId, after, limit) =>
      byStatus('pending', after + 1)
        .filter((e) => e.userId === userId)
        .limit(limit)
        .toArray(),
    outboxCounts: async (userId) => {
      const [pending, rejected] = await Promise.all([
        byStatus('pending')
          .filter((e) => e.userId === userId)
          .count(),
        byStatus('rejected')
          .filter((e) => e.userId === userId && !e.resolvedAt)
          .count(),
      ]);
      return { pending, rejected };
    },
    outboxPut: async (entries) => {
      if (entries.length) await outboxTable.bulkPut([...entries]);
    },
    outboxDelete: async (ids) => {
      if (ids.length) await outboxTable.bulkDelete([...ids]);
    },
    meta: async (): Promise<SyncMeta> => ({ ...emptyMeta, ...(await metaTable.get(metaKey))?.value }),
    setMeta: async (patch) => {
      const current = (await metaTable.get(metaKey))?.value ?? emptyMeta;
      await metaTable.put({ key: metaKey, value: { ...emptyMeta, ...current, ...patch } });
    },
  };
};

const allTables = (): string[] => [...Object.keys(replicaTables), 'outbox', 'shadow', 'meta'];

/** The sync engine's store on a Dexie replica. */
export class DexieSyncStore implements SyncStore {
  /** Reads outside a transaction (live queries of the screens). */
  readonly reader: StoreTx;

  constructor(readonly db: ReplicaDb) {
    this.reader = dexieTx(db);
  }

  write<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.db.transaction('rw', allTables(), (trans: Transaction) => work(dexieTx(trans)));
  }

  read<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.db.transaction('r', allTables(), (trans: Transaction) => work(dexieTx(trans)));
  }

  /** A read-only transaction inside a live query: Dexie records what it read and re-runs it on changes. */
  watch<T>(query: (tx: StoreTx) => Promise<T>): Observable<T> {
    return from(liveQuery(() => this.read(query)));
  }

  close(): void {
    this.db.close();
  }
}
