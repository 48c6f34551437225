import Dexie, { liveQuery, type Table, type Transaction } from 'dexie';
import { from, type Observable } from 'rxjs';
import { parseStockKey } from '../../domain/warehouse/stock';
import type { StoreTx, SyncStore } from '../../sync/ports';
import { emptyMeta, type OutboxEntry, type Row, type ShadowRecord, type SyncMeta } from '../../sync/types';
import { type MetaRow, metaKey, type ReplicaDb, replicaTables, type StampsRow, stampsKey } from './replicaDb';

/** IndexedDB's order of string keys (UTF-16 code units, as Array.prototype.sort compares them). */
const byKeyOrder = (values: readonly string[]): string[] => [...new Set(values)].sort();

/**
 * The rows of each value of an index: one getAll per value, all in flight at once (Dexie walks anyOf() with
 * a cursor, one IndexedDB round trip per row).
 */
const listsOf = <R>(table: Table<R, string>, index: string, values: readonly string[]): Promise<R[][]> =>
  Promise.all(values.map((v) => table.where(index).equals(v).toArray()));

/** Lists of rows (by value, in key order) as anyOf() gave them: by value, then primary key, each row once. */
const merged = <R>(lists: readonly (readonly R[])[], primaryKey: (row: R) => string): R[] => {
  if (lists.length === 1) return [...(lists[0] ?? [])];
  const seen = new Set<string>();
  const out: R[] = [];
  for (const list of lists)
    for (const r of list)
      if (!seen.has(primaryKey(r))) {
        seen.add(primaryKey(r));
        out.push(r);
      }
  return out;
};

const rowId = (r: Row): string => r.id;
const shadowKey = (s: ShadowRecord): string => s.key;

/**
 * Tables only the feed writes (and stock): a write transaction may answer reads of them from memory. The
 * rules read the products, locations and stock of every line of a document each time a line is added.
 */
const cachedEntities: ReadonlySet<string> = new Set([
  'product',
  'productGroup',
  'storageSpace',
  'storageSpaceType',
  'company',
  'logisticsConfig',
  'stock',
]);

/** Rows of one table as of one stamp. */
interface TableCache {
  readonly stamp: string;
  readonly byId: Map<string, Row | null>;
  /** `<index>\u0000<value>` → the rows with that value. */
  readonly byValue: Map<string, readonly Row[]>;
  all?: readonly Row[];
  size: number;
}

/** Past this many rows a table's cache starts again (a terminal reads a few documents' worth). */
const cacheLimit = 20_000;

/**
 * Rows read by earlier write transactions, tagged with the table's stamp at that time. Every write
 * transaction that changes a cached table bumps its stamp in the meta table, in the same transaction, so a
 * row is answered from memory only while no transaction — of any tab — has changed its table since.
 */
class ReadCache {
  private readonly tables = new Map<string, TableCache>();

  of(entity: string, stamp: string): TableCache {
    const current = this.tables.get(entity);
    if (current?.stamp === stamp && current.size < cacheLimit) return current;
    const fresh: TableCache = { stamp, byId: new Map(), byValue: new Map(), size: 0 };
    this.tables.set(entity, fresh);
    return fresh;
  }
}

/**
 * The rows of a stock key are among the rows of its product: once those are known at this stamp (the terminal
 * read them for the batches at the location), the key's slot is filled from them without a request.
 */
const derivedStockKey = (c: TableCache, entity: string, index: string, key: string): boolean => {
  if (entity !== 'stock' || index !== 'key') return false;
  let productId: string;
  try {
    productId = parseStockKey(key).productId;
  } catch {
    return false;
  }
  const ofProduct = c.byValue.get(`productId\u0000${productId}`);
  if (!ofProduct) return false;
  c.byValue.set(
    `key\u0000${key}`,
    ofProduct.filter((r) => r.key === key),
  );
  c.size++;
  return true;
};

/** Rows handed out from the cache are shared between transactions: nobody may change them. */
const frozen = (row: Row): Row => Object.freeze(row);

/** Where tables come from: a transaction (every call bound to it) or the database (live queries). */
interface TableSource {
  table(name: string): Table;
}

interface TxOptions {
  /**
   * Write-behind: each write request is placed at once and the call returns without waiting for it; `finish`
   * awaits them all before the transaction may commit, so a failed write still fails — and rolls back — the
   * whole transaction. IndexedDB runs a transaction's requests in the order they were placed, so every later
   * read sees them.
   */
  readonly writeBehind?: boolean;
  /** Answer reads of cached tables from here (the engine's transactions and the screens' one-off reads). */
  readonly cache?: ReadCache;
  /** A read-only transaction: a replica without stamps yet is read without the cache (nothing may be written). */
  readonly readOnly?: boolean;
}

interface OpenTx {
  readonly tx: StoreTx;
  /** Bumps the stamps of the cached tables written and waits for every write placed. */
  finish(): Promise<void>;
}

type Stamps = StampsRow['value'];

const newEpoch = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const openTx = (source: TableSource, options: TxOptions = {}): OpenTx => {
  const writes: Promise<unknown>[] = [];
  const placed = (request: Promise<unknown>): Promise<void> => {
    if (!options.writeBehind) return request.then(() => undefined);
    // Handled here so it is not reported as unhandled meanwhile; it rejects the transaction's end.
    request.catch(() => undefined);
    writes.push(request);
    return Promise.resolve();
  };
  /** Several requests as one snapshot: outside a transaction, they get a read transaction of their own. */
  const atomic = <T>(name: string, work: () => Promise<T>): Promise<T> =>
    source instanceof Dexie ? source.transaction('r', name, work) : work();
  const table = (name: string) => source.table(name) as Table<Row, string>;
  const outboxTable = source.table('outbox') as Table<OutboxEntry, number>;
  const shadowTable = source.table('shadow') as Table<ShadowRecord, string>;
  const metaTable = source.table('meta') as Table<MetaRow, string>;
  const stampsTable = source.table('meta') as Table<StampsRow, string>;

  // The cache. The stamps are asked for first thing; a read of a cached table waits for them (they come back
  // first), then memory answers it or it goes to the database. Every other request is placed when its call is
  // made, in call order. The engine's transactions nearly all read the meta row too: it comes in the same request.
  const cache = options.cache;
  let known: Stamps | undefined;
  const opening = cache ? metaTable.bulkGet([stampsKey, metaKey]) : undefined;
  const stamps: Promise<Stamps | undefined> | undefined = opening?.then(([first]) => {
    const row = first as StampsRow | undefined;
    if (!row && options.readOnly) return undefined;
    // A replica without stamps yet (new, or emptied by an upgrade) starts a new epoch.
    known = row?.value ?? { epoch: newEpoch(), tables: {} };
    if (!row) placed(stampsTable.put({ key: stampsKey, value: known }));
    return known;
  });

  // Inside a transaction every write of the meta row goes through here: read once, then known.
  const inTransaction = !(source instanceof Dexie);
  let metaSeen: SyncMeta | undefined;
  const readMeta = async (): Promise<SyncMeta> => {
    if (metaSeen) return metaSeen;
    const row = opening ? (await opening)[1] : await metaTable.get(metaKey);
    const value: SyncMeta = { ...emptyMeta, ...row?.value };
    // A setMeta that ran meanwhile wins over what this read found.
    if (inTransaction) metaSeen ??= value;
    return metaSeen ?? value;
  };
  /** Cached tables this transaction changed: read from the database from then on, stamped at the end. */
  const changed = new Set<string>();
  const cacheOf = (entity: string): TableCache | null =>
    cache && known && cachedEntities.has(entity) && !changed.has(entity)
      ? cache.of(entity, `${known.epoch}:${known.tables[entity] ?? 0}`)
      : null;
  /**
   * A read of a cached table waits for the stamps (asked for first, so they come first): memory may answer it.
   * Null when there is nothing to wait for: the caller must then not await at all — a live query's read made
   * after a needless native await would leave Dexie's zone, and Dexie would not see what it read.
   */
  const ready = (entity: string): Promise<unknown> | null =>
    stamps && !known && cachedEntities.has(entity) ? stamps : null;
  const written = (entity: string): void => {
    if (cachedEntities.has(entity)) changed.add(entity);
  };

  const byStatus = (status: OutboxEntry['status'], after = Dexie.minKey) =>
    outboxTable.where('[status+mutationId]').between([status, after], [status, Dexie.maxKey], true, true);
  /** One user's entries of a status, in mutation order, read from the index (other users' are not walked). */
  const byUser = (status: OutboxEntry['status'], userId: string, after = Dexie.minKey) =>
    outboxTable
      .where('[status+userId+mutationId]')
      .between([status, userId, after], [status, userId, Dexie.maxKey], true, true);

  const tx: StoreTx = {
    get: async (entity, ids) => {
      if (!ids.length) return [];
      const waiting = ready(entity);
      if (waiting) await waiting;
      const c = cacheOf(entity);
      if (!c) return (await table(entity).bulkGet([...ids])).filter((r): r is Row => r !== undefined);
      const missing = [...new Set(ids.filter((id) => !c.byId.has(id)))];
      if (missing.length) {
        const rows = await table(entity).bulkGet(missing);
        missing.forEach((id, i) => {
          const row = rows[i];
          c.byId.set(id, row ? frozen(row) : null);
        });
        c.size += missing.length;
      }
      return ids.flatMap((id) => {
        const row = c.byId.get(id);
        return row ? [row] : [];
      });
    },
    // Values in key order, so the rows come in the order anyOf() gave them.
    where: async (entity, index, values) => {
      if (!values.length) return [];
      const sorted = byKeyOrder(values);
      const slot = (v: string) => `${index}\u0000${v}`;
      /** Keeps what was read: each value's rows, and the same rows by id (a later get needs no request). */
      const keep = (into: TableCache, read: readonly string[], lists: readonly (readonly Row[])[]) =>
        read.forEach((v, i) => {
          const list = (lists[i] ?? []).map(frozen);
          into.byValue.set(slot(v), list);
          for (const row of list) into.byId.set(row.id, row);
          into.size += list.length + 1;
        });
      const waiting = ready(entity);
      if (waiting) await waiting;
      const c = cacheOf(entity);
      if (!c)
        return merged(
          await (sorted.length > 1
            ? atomic(entity, () => listsOf(table(entity), index, sorted))
            : listsOf(table(entity), index, sorted)),
          rowId,
        );
      const missing = sorted.filter((v) => !c.byValue.has(slot(v)) && !derivedStockKey(c, entity, index, v));
      if (missing.length) keep(c, missing, await listsOf(table(entity), index, missing));
      return merged(
        sorted.map((v) => c.byValue.get(slot(v)) ?? []),
        rowId,
      );
    },
    all: async (entity) => {
      const waiting = ready(entity);
      if (waiting) await waiting;
      const c = cacheOf(entity);
      if (!c) return table(entity).toArray();
      if (!c.all) {
        const rows = (await table(entity).toArray()).map(frozen);
        c.all = rows;
        c.size += rows.length;
      }
      return [...c.all];
    },
    distinct: async (entity, index) => (await table(entity).orderBy(index).uniqueKeys()).map(String),
    put: async (entity, rows) => {
      if (!rows.length) return;
      written(entity);
      return placed(table(entity).bulkPut([...rows]));
    },
    remove: async (entity, ids) => {
      if (!ids.length) return;
      written(entity);
      return placed(table(entity).bulkDelete([...ids]));
    },
    shadowGet: async (keys) =>
      keys.length ? (await shadowTable.bulkGet([...keys])).filter((s) => s !== undefined) : [],
    shadowByRef: async (refs) =>
      refs.length ? merged(await listsOf(shadowTable, 'ref', byKeyOrder(refs)), shadowKey) : [],
    shadowAll: () => shadowTable.toArray(),
    shadowCount: () => shadowTable.count(),
    shadowPut: async (records) => (records.length ? placed(shadowTable.bulkPut([...records])) : undefined),
    shadowDelete: async (keys) => (keys.length ? placed(shadowTable.bulkDelete([...keys])) : undefined),
    outboxGet: (mutationId) => outboxTable.get(mutationId),
    outboxOpen: async () => {
      const [pending, accepted] = await Promise.all([
        byStatus('pending').toArray(),
        byStatus('accepted').toArray(),
      ]);
      return [...pending, ...accepted].sort((a, b) => a.mutationId - b.mutationId);
    },
    outboxAll: () => outboxTable.toArray(),
    // One getAll of the range, filtered here: a Dexie filter() walks the range with a cursor instead.
    outboxRejected: async () => (await byStatus('rejected').toArray()).filter((e) => !e.resolvedAt),
    outboxPending: (userId, after, limit) =>
      byUser('pending', userId, after + 1)
        .limit(limit)
        .toArray(),
    // A count of the index (one request): the engine's live query re-runs this after every commit.
    outboxCounts: async (userId) => {
      const [pending, rejected] = await Promise.all([
        byUser('pending', userId).count(),
        byUser('rejected', userId)
          .filter((e) => !e.resolvedAt)
          .count(),
      ]);
      return { pending, rejected };
    },
    outboxPut: async (entries) => (entries.length ? placed(outboxTable.bulkPut([...entries])) : undefined),
    outboxDelete: async (ids) => (ids.length ? placed(outboxTable.bulkDelete([...ids])) : undefined),
    meta: async (): Promise<SyncMeta> => ({ ...(await readMeta()) }),
    setMeta: async (patch) => {
      const next = { ...(await readMeta()), ...patch };
      if (inTransaction) metaSeen = next;
      return placed(metaTable.put({ key: metaKey, value: next }));
    },
  };

  const finish = async (): Promise<void> => {
    if (stamps) {
      const s = await stamps;
      if (s && changed.size) {
        const tables: Record<string, number> = { ...s.tables };
        for (const entity of changed) tables[entity] = (tables[entity] ?? 0) + 1;
        placed(stampsTable.put({ key: stampsKey, value: { epoch: s.epoch, tables } }));
      }
    }
    await Promise.all(writes);
  };
  return { tx, finish };
};

/**
 * The engine's store port on Dexie. Tables are taken from an explicit transaction, so every call belongs to
 * it whatever native promises the engine awaits in between (Dexie's implicit zone would not survive them).
 */
export const dexieTx = (source: TableSource): StoreTx => openTx(source).tx;

const allTables = (): string[] => [...Object.keys(replicaTables), 'outbox', 'shadow', 'meta'];

/** The sync engine's store on a Dexie replica. */
export class DexieSyncStore implements SyncStore {
  /** Reads outside a transaction (live queries of the screens). */
  readonly reader: StoreTx;
  private readonly cache = new ReadCache();

  constructor(readonly db: ReplicaDb) {
    this.reader = dexieTx(db);
  }

  /** Writes are write-behind and reads of feed tables may come from memory (see openTx). */
  write<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.db.transaction('rw', allTables(), async (trans: Transaction) => {
      const { tx, finish } = openTx(trans, { writeBehind: true, cache: this.cache });
      const result = await work(tx);
      await finish();
      return result;
    });
  }

  /**
   * A one-off read (a scan, the batches at a location): rows of feed tables may come from memory, and what it
   * reads is kept there for the engine's next transaction (a scanned product and bin, their stock). Never in a
   * live query: Dexie would not see the rows that came from memory, so it could not re-run on their changes.
   */
  read<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.db.transaction('r', allTables(), (trans: Transaction) =>
      work(openTx(trans, { cache: this.cache, readOnly: true }).tx),
    );
  }

  /** A read for a live query: every row from the database, so Dexie records what it read. */
  readLive<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.db.transaction('r', allTables(), (trans: Transaction) => work(dexieTx(trans)));
  }

  /** A read-only transaction inside a live query: Dexie records what it read and re-runs it on changes. */
  watch<T>(query: (tx: StoreTx) => Promise<T>): Observable<T> {
    return from(liveQuery(() => this.readLive(query)));
  }

  close(): void {
    this.db.close();
  }
}
