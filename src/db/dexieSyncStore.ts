import { liveQuery, type Transaction } from 'dexie';
import { from, type Observable } from 'rxjs';
import type { StoreTx, SyncStore } from '../../sync/ports';
import { emptyMeta, type OutboxEntry, type Row, type ShadowRecord, type SyncMeta } from '../../sync/types';
import { nativeTransaction } from './nativeAccess';
import {
  allOf,
  type Cached,
  type CacheWrite,
  countOf,
  derivableStockKey,
  derivedStockKey,
  frozen,
  keepAll,
  ReadCache,
  slotOf,
  type TableCache,
} from './readCache';
import { type MetaRow, metaKey, type ReplicaDb, replicaTables, type StampsRow, stampsKey } from './replicaDb';
import { dexieAccess, type StoreAccess, type TableSource } from './storeAccess';

/** IndexedDB's order of string keys (UTF-16 code units, as Array.prototype.sort compares them). */
const byKeyOrder = (values: readonly string[]): string[] => [...new Set(values)].sort();

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
/** The primary key of a cached table's records: a shadow record's key, a row's id. */
const keyOfTable =
  (table: string) =>
  (record: Cached): string =>
    table === 'shadow' ? (record as ShadowRecord).key : (record as Row).id;

/**
 * Tables whose reads a transaction of the engine (or a screen's one-off read) may answer from memory: every
 * replicated table and the shadow. The rules read the products, locations, stock, document and lines of a
 * document each time a line is added. Every writer goes through this store, which stamps what it changed.
 */
const cachedTables: ReadonlySet<string> = new Set([...Object.keys(replicaTables), 'shadow']);

interface TxOptions {
  /**
   * Write-behind (native transactions only): each write request is placed at once and the call returns
   * without waiting for it. A write that fails aborts the whole transaction (IndexedDB does so unless the
   * error is cancelled, and it never is here), so the commit the caller awaits fails and nothing of it is
   * kept. IndexedDB runs a transaction's requests in the order they were placed, so every later read sees them.
   */
  readonly writeBehind?: boolean;
  /** Answer reads of cached tables from here (the engine's transactions and the screens' one-off reads). */
  readonly cache?: ReadCache;
  /** A read-only transaction: a replica without stamps yet is read without the cache (nothing may be written). */
  readonly readOnly?: boolean;
}

interface OpenTx {
  readonly tx: StoreTx;
  /** Bumps the stamps of the cached tables written (and, without write-behind, waits for every write). */
  finish(): Promise<void>;
  /** After the transaction committed: the memory follows what it wrote. */
  committed(): void;
}

type Stamps = StampsRow['value'];

const newEpoch = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

const openTx = (access: StoreAccess, options: TxOptions = {}): OpenTx => {
  const placed = (request: Promise<unknown>): Promise<void> => {
    if (!options.writeBehind) return request.then(() => undefined);
    // Handled here so it is not reported: its failure aborts the transaction, and that is what the caller sees.
    request.catch(() => undefined);
    return Promise.resolve();
  };
  const rowsOf = (entity: string, ids: readonly string[]) => access.getMany<Row>(entity, ids);
  const listsOf = (entity: string, index: string, values: readonly string[]) =>
    access.byValues<Row>(entity, index, values);

  // The cache. The stamps are asked for first thing; a read of a cached table waits for them (they come back
  // first), then memory answers it or it goes to the database. Every other request is placed when its call is
  // made, in call order. The engine's transactions nearly all read the meta row too: it comes in the same request.
  const cache = options.cache;
  let known: Stamps | undefined;
  const opening = cache ? access.getMany<MetaRow | StampsRow>('meta', [stampsKey, metaKey]) : undefined;
  const stamps: Promise<Stamps | undefined> | undefined = opening?.then(([first]) => {
    const row = first as StampsRow | undefined;
    if (!row && options.readOnly) return undefined;
    // A replica without stamps yet (new, or emptied by an upgrade) starts a new epoch.
    known = row?.value ?? { epoch: newEpoch(), tables: {} };
    if (!row) placed(access.putMany('meta', [{ key: stampsKey, value: known }]));
    return known;
  });
  // Not reported if the work fails before it reads a cached table: the transaction's failure is what counts.
  stamps?.catch(() => undefined);

  // Inside a transaction every write of the meta row goes through here: read once, then known.
  const inTransaction = access.inTransaction;
  let metaSeen: SyncMeta | undefined;
  let metaChanged = false;
  const readMeta = async (): Promise<SyncMeta> => {
    if (metaSeen) return metaSeen;
    const row = (opening ? (await opening)[1] : await access.get<MetaRow>('meta', metaKey)) as
      | MetaRow
      | undefined;
    const value: SyncMeta = { ...emptyMeta, ...row?.value };
    // A setMeta that ran meanwhile wins over what this read found.
    if (inTransaction) metaSeen ??= value;
    return metaSeen ?? value;
  };
  /** Cached tables this transaction changed: read from the database from then on, stamped at the end. */
  const changed = new Set<string>();
  const stampOf = (s: Stamps, entity: string): string => `${s.epoch}:${s.tables[entity] ?? 0}`;
  const cacheOf = <R extends Cached = Row>(entity: string): TableCache<R> | null =>
    cache && known && cachedTables.has(entity) && !changed.has(entity)
      ? cache.of<R>(entity, stampOf(known, entity))
      : null;
  /**
   * A read of a cached table waits for the stamps (asked for first, so they come first): memory may answer it.
   * Null when there is nothing to wait for: the caller must then not await at all — a live query's read made
   * after a needless native await would leave Dexie's zone, and Dexie would not see what it read.
   */
  const ready = (entity: string): Promise<unknown> | null =>
    stamps && !known && cachedTables.has(entity) ? stamps : null;
  /**
   * Before the stamps are back, what memory surely lacks (by the table's last cache, whatever its stamp) is
   * asked for at once: a scan then waits for the stamps and its rows together, not one after the other. The
   * rows come from this transaction, after the stamps it read, so they may be kept at those stamps.
   */
  const prefetch = <T>(
    entity: string,
    lacking: (last: TableCache<Row> | undefined) => readonly string[],
    fetch: (keys: readonly string[]) => Promise<T>,
  ): { readonly keys: readonly string[]; readonly result: Promise<T> } | null => {
    if (!cache || !stamps || known || changed.has(entity) || !cachedTables.has(entity)) return null;
    const keys = lacking(cache.last<Row>(entity));
    return keys.length ? { keys, result: fetch(keys) } : null;
  };
  /** What this transaction wrote to each cached table, in order: the memory follows it once committed. */
  const log = new Map<string, CacheWrite<Cached>[]>();
  const written = (entity: string, write: CacheWrite<Cached>): void => {
    if (!cachedTables.has(entity)) return;
    changed.add(entity);
    const writes = log.get(entity) ?? [];
    writes.push(write);
    log.set(entity, writes);
  };

  // Bounds of a compound key's last part: IndexedDB sorts numbers before strings before arrays.
  const lowest = Number.NEGATIVE_INFINITY;
  const highest: IDBValidKey = [];
  const statusIndex = '[status+mutationId]';
  const userIndex = '[status+userId+mutationId]';
  const byStatus = (status: OutboxEntry['status']) =>
    access.range<OutboxEntry>('outbox', statusIndex, [status, lowest], [status, highest]);
  /** One user's entries of a status, in mutation order, read from the index (other users' are not walked). */
  const userRange = (status: OutboxEntry['status'], userId: string, after = lowest) => ({
    index: userIndex,
    lower: [status, userId, after],
    upper: [status, userId, highest],
  });

  const tx: StoreTx = {
    get: async (entity, ids) => {
      if (!ids.length) return [];
      const unique = [...new Set(ids)];
      const early = prefetch(
        entity,
        (last) => (last?.complete ? [] : unique.filter((id) => !last?.byId.has(id))),
        (keys) => rowsOf(entity, keys),
      );
      const waiting = ready(entity);
      if (waiting) await waiting;
      const c = cacheOf(entity);
      const found = new Map<string, Row | null>();
      const take = (keys: readonly string[], rows: readonly (Row | undefined)[]) =>
        keys.forEach((id, i) => {
          const row = rows[i];
          found.set(id, row ? (c ? frozen(row) : row) : null);
        });
      if (early) take(early.keys, await early.result);
      if (c)
        for (const [id, row] of found)
          if (!c.byId.has(id)) {
            c.byId.set(id, row);
            c.size++;
          }
      // A table known whole has no other rows.
      const settled = (id: string) => found.has(id) || (c ? c.byId.has(id) || c.complete : false);
      const missing = unique.filter((id) => !settled(id));
      if (missing.length) take(missing, await rowsOf(entity, missing));
      if (c && missing.length) {
        for (const id of missing) c.byId.set(id, found.get(id) ?? null);
        c.size += missing.length;
      }
      return ids.flatMap((id) => {
        const row = found.get(id) ?? c?.byId.get(id);
        return row ? [row] : [];
      });
    },
    // Values in key order, so the rows come in the order anyOf() gave them.
    where: async (entity, index, values) => {
      if (!values.length) return [];
      const sorted = byKeyOrder(values);
      const slot = (v: string) => slotOf(index, v);
      /** Keeps what was read: each value's rows, and the same rows by id (a later get needs no request). */
      const keep = (into: TableCache<Row>, read: readonly string[], lists: readonly (readonly Row[])[]) =>
        read.forEach((v, i) => {
          into.indexes.add(index);
          const list = (lists[i] ?? []).map(frozen);
          into.byValue.set(slot(v), list);
          for (const row of list) into.byId.set(row.id, row);
          into.size += list.length + 1;
        });
      const early = prefetch(
        entity,
        (last) =>
          sorted.filter(
            (v) => !last?.byValue.has(slot(v)) && !(last && derivableStockKey(last, entity, index, v)),
          ),
        (keys) => listsOf(entity, index, keys),
      );
      const waiting = ready(entity);
      if (waiting) await waiting;
      const c = cacheOf(entity);
      if (!c && !early) return merged(await listsOf(entity, index, sorted), rowId);
      // Each value's rows: kept in memory, or (no memory at these stamps) only for this call.
      const own = new Map<string, readonly Row[]>();
      const take = (read: readonly string[], lists: readonly (readonly Row[])[]) => {
        if (c) keep(c, read, lists);
        else
          read.forEach((v, i) => {
            own.set(v, lists[i] ?? []);
          });
      };
      if (early) take(early.keys, await early.result);
      const has = (v: string) =>
        c ? c.byValue.has(slot(v)) || derivedStockKey(c, entity, index, v) : own.has(v);
      const missing = sorted.filter((v) => !has(v));
      if (missing.length) take(missing, await listsOf(entity, index, missing));
      return merged(
        sorted.map((v) => (c ? c.byValue.get(slot(v)) : own.get(v)) ?? []),
        rowId,
      );
    },
    all: async (entity) => {
      const early = prefetch(
        entity,
        (last) => (last?.complete ? [] : ['*']),
        () => access.all<Row>(entity),
      );
      const waiting = ready(entity);
      if (waiting) await waiting;
      const c = cacheOf(entity);
      if (!c) return early ? early.result : access.all<Row>(entity);
      if (!c.complete) keepAll(c, await (early ? early.result : access.all<Row>(entity)), rowId);
      return [...allOf(c, rowId)];
    },
    distinct: async (entity, index) => (await access.uniqueKeys(entity, index)).map(String),
    put: async (entity, rows) => {
      if (!rows.length) return;
      written(entity, { put: rows });
      return placed(access.putMany(entity, rows));
    },
    remove: async (entity, ids) => {
      if (!ids.length) return;
      written(entity, { remove: ids });
      return placed(access.deleteMany(entity, ids));
    },
    // The shadow is small (the rows the pending work changed): once read whole, it is known whole.
    shadowGet: async (keys) => {
      if (!keys.length) return [];
      const waiting = ready('shadow');
      if (waiting) await waiting;
      const c = cacheOf<ShadowRecord>('shadow');
      if (!c?.complete)
        return (await access.getMany<ShadowRecord>('shadow', keys)).filter((s) => s !== undefined);
      return keys.flatMap((key) => {
        const record = c.byId.get(key);
        return record ? [record] : [];
      });
    },
    shadowByRef: async (refs) =>
      refs.length
        ? merged(await access.byValues<ShadowRecord>('shadow', 'ref', byKeyOrder(refs)), shadowKey)
        : [],
    shadowAll: async () => {
      const waiting = ready('shadow');
      if (waiting) await waiting;
      const c = cacheOf<ShadowRecord>('shadow');
      if (!c) return access.all<ShadowRecord>('shadow');
      if (!c.complete) keepAll(c, await access.all<ShadowRecord>('shadow'), shadowKey);
      return [...allOf(c, shadowKey)];
    },
    shadowCount: async () => {
      const waiting = ready('shadow');
      if (waiting) await waiting;
      const c = cacheOf<ShadowRecord>('shadow');
      return c?.complete ? countOf(c) : access.count('shadow');
    },
    shadowPut: async (records) => {
      if (!records.length) return;
      written('shadow', { put: records });
      return placed(access.putMany('shadow', records));
    },
    shadowDelete: async (keys) => {
      if (!keys.length) return;
      written('shadow', { remove: keys });
      return placed(access.deleteMany('shadow', keys));
    },
    outboxGet: (mutationId) => access.get<OutboxEntry>('outbox', mutationId),
    outboxOpen: async () => {
      const [pending, accepted] = await Promise.all([byStatus('pending'), byStatus('accepted')]);
      return [...pending, ...accepted].sort((a, b) => a.mutationId - b.mutationId);
    },
    outboxAll: () => access.all<OutboxEntry>('outbox'),
    // One getAll of the range, filtered here (a Dexie filter() would walk the range with a cursor).
    outboxRejected: async () => (await byStatus('rejected')).filter((e) => !e.resolvedAt),
    outboxPending: (userId, after, limit) => {
      const r = userRange('pending', userId, after + 1);
      return access.range<OutboxEntry>('outbox', r.index, r.lower, r.upper, limit);
    },
    // A count of the index (one request): the engine's live query re-runs this after every commit. Rejected
    // entries are few: read and filtered here.
    outboxCounts: async (userId) => {
      const rejectedRange = userRange('rejected', userId);
      const [pending, rejected] = await Promise.all([
        access.count('outbox', userRange('pending', userId)),
        access.range<OutboxEntry>('outbox', userIndex, rejectedRange.lower, rejectedRange.upper),
      ]);
      return { pending, rejected: rejected.filter((e) => !e.resolvedAt).length };
    },
    outboxPut: async (entries) => (entries.length ? placed(access.putMany('outbox', entries)) : undefined),
    outboxDelete: async (ids) => (ids.length ? placed(access.deleteMany('outbox', ids)) : undefined),
    meta: async (): Promise<SyncMeta> => ({ ...(await readMeta()) }),
    setMeta: async (patch) => {
      const next = { ...(await readMeta()), ...patch };
      if (inTransaction) metaSeen = next;
      // Write-behind: the row is written once, at the end, in the same request as the stamps.
      if (options.writeBehind) {
        metaChanged = true;
        return;
      }
      return placed(access.putMany('meta', [{ key: metaKey, value: next }]));
    },
  };

  let stamped: { readonly from: Stamps; readonly to: Stamps } | undefined;
  const finish = async (): Promise<void> => {
    const rows: (MetaRow | StampsRow)[] = [];
    if (stamps) {
      const s = await stamps;
      if (s && changed.size) {
        const tables: Record<string, number> = { ...s.tables };
        for (const entity of changed) tables[entity] = (tables[entity] ?? 0) + 1;
        const to = { epoch: s.epoch, tables };
        rows.push({ key: stampsKey, value: to });
        stamped = { from: s, to };
      }
    }
    if (metaChanged && metaSeen) rows.push({ key: metaKey, value: metaSeen });
    if (rows.length) await placed(access.putMany('meta', rows));
  };
  const committed = (): void => {
    if (!cache || !stamped) return;
    const { from, to } = stamped;
    for (const [entity, writes] of log)
      cache.advance(entity, stampOf(from, entity), stampOf(to, entity), writes, keyOfTable(entity));
  };
  return { tx, finish, committed };
};

/**
 * The store port on Dexie tables: a live query's read (Dexie records what it reads) or the database itself.
 * Tables are taken from an explicit transaction, so every call belongs to it whatever native promises the
 * work awaits in between (Dexie's implicit zone would not survive them).
 */
export const dexieTx = (source: TableSource): StoreTx => openTx(dexieAccess(source)).tx;

/** The sync engine's store on a Dexie replica. */
export class DexieSyncStore implements SyncStore {
  /** Reads outside a transaction (live queries of the screens). */
  readonly reader: StoreTx;
  private readonly cache = new ReadCache();

  /**
   * The replica's stores, as its schema declares them: every replicated and engine table (fewer on a replica
   * opened at an older version, as the upgrade tests do).
   */
  private readonly tables: string[];

  constructor(readonly db: ReplicaDb) {
    this.reader = dexieTx(db);
    this.tables = db.tables.map((table) => table.name);
  }

  /**
   * Writes are write-behind and reads of feed tables may come from memory (see openTx), in a native IndexedDB
   * transaction (src/db/nativeAccess.ts), announced to live queries once committed.
   */
  write<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    let opened: OpenTx | undefined;
    return nativeTransaction(
      this.db,
      'readwrite',
      this.tables,
      async (access) => {
        opened = openTx(access, { writeBehind: true, cache: this.cache });
        const value = await work(opened.tx);
        await opened.finish();
        return value;
      },
      () => opened?.committed(),
    );
  }

  /**
   * A one-off read (a scan, the batches at a location): rows of feed tables may come from memory, and what it
   * reads is kept there for the engine's next transaction (a scanned product and bin, their stock). Never in a
   * live query: Dexie would not see the rows that came from memory, so it could not re-run on their changes.
   */
  read<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return nativeTransaction(this.db, 'readonly', this.tables, (access) =>
      work(openTx(access, { cache: this.cache, readOnly: true }).tx),
    );
  }

  /** A read for a live query: every row from the database, so Dexie records what it read. */
  readLive<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.db.transaction('r', this.tables, (trans: Transaction) => work(dexieTx(trans)));
  }

  /** A read-only transaction inside a live query: Dexie records what it read and re-runs it on changes. */
  watch<T>(query: (tx: StoreTx) => Promise<T>): Observable<T> {
    return from(liveQuery(() => this.readLive(query)));
  }

  close(): void {
    this.db.close();
  }
}
