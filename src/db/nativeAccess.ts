import Dexie, { type ObservabilitySet, RangeSet } from 'dexie';
import type { StoreAccess } from './storeAccess';

/**
 * Marked handled: a request nobody awaits (the work failed first, the transaction was aborted) is not reported.
 * Its failure is not lost: a failed request aborts the whole transaction, and the transaction's end is awaited.
 */
const handled = <T>(p: Promise<T>): Promise<T> => {
  p.catch(() => undefined);
  return p;
};

/** Resolves with the requests' results once every one succeeded; rejects with the first error. */
const settled = <T>(requests: readonly IDBRequest<T>[]): Promise<T[]> =>
  handled(
    new Promise((resolve, reject) => {
      const results = new Array<T>(requests.length);
      let left = requests.length;
      if (!left) resolve(results);
      requests.forEach((r, i) => {
        r.onsuccess = () => {
          results[i] = r.result;
          if (--left === 0) resolve(results);
        };
        r.onerror = () => reject(r.error);
      });
    }),
  );

/**
 * Resolves once the last of the write requests succeeded (a transaction runs its requests in order, so all
 * did); rejects with the first error. One success handler, not one per row: a feed page writes thousands.
 */
const allWritten = (requests: readonly IDBRequest[]): Promise<void> =>
  handled(
    new Promise((resolve, reject) => {
      const last = requests[requests.length - 1];
      if (!last) return resolve();
      for (const r of requests) r.onerror = () => reject(r.error);
      last.onsuccess = () => resolve();
    }),
  );

const one = <T>(request: IDBRequest<T>): Promise<T> =>
  handled(
    new Promise((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }),
  );

/** An inclusive range (IDBKeyRange of the IndexedDB in use: fake-indexeddb's in tests). */
const between = (lower: IDBValidKey, upper: IDBValidKey): IDBKeyRange => IDBKeyRange.bound(lower, upper);

/** The access plus the tables it wrote (for the change notice). */
export interface NativeAccess extends StoreAccess {
  readonly written: ReadonlySet<string>;
}

/**
 * StoreAccess straight on a native IndexedDB transaction. Dexie's Table API costs a middleware stack per table
 * and transaction, several promises per request and a zone switch per callback: a third of a scan's time on
 * the bench's throttled handheld. Requests are placed when the call is made; the transaction stays alive across the engine's awaits
 * because every await it makes inside is on one of these requests.
 */
export const nativeAccess = (trans: IDBTransaction): NativeAccess => {
  const stores = new Map<string, IDBObjectStore>();
  const store = (name: string): IDBObjectStore => {
    let s = stores.get(name);
    if (!s) {
      s = trans.objectStore(name);
      stores.set(name, s);
    }
    return s;
  };
  const source = (name: string, index: string): IDBObjectStore | IDBIndex => {
    const s = store(name);
    return s.keyPath === index ? s : s.index(index);
  };
  const changed = new Set<string>();
  return {
    inTransaction: true,
    written: changed,
    get: async <R>(name: string, key: IDBValidKey) => (await one(store(name).get(key))) as R | undefined,
    getMany: async <R>(name: string, keys: readonly IDBValidKey[]) => {
      const s = store(name);
      return (await settled(keys.map((k) => s.get(k)))) as (R | undefined)[];
    },
    byValues: async <R>(name: string, index: string, values: readonly string[]) => {
      const from = source(name, index);
      return (await settled(values.map((v) => from.getAll(IDBKeyRange.only(v))))) as R[][];
    },
    all: async <R>(name: string) => (await one(store(name).getAll())) as R[],
    uniqueKeys: (name, index) =>
      handled(
        new Promise((resolve, reject) => {
          const keys: IDBValidKey[] = [];
          const walk = source(name, index).openKeyCursor(null, 'nextunique');
          walk.onsuccess = () => {
            const cursor = walk.result;
            if (!cursor) return resolve(keys);
            keys.push(cursor.key);
            cursor.continue();
          };
          walk.onerror = () => reject(walk.error);
        }),
      ),
    range: async <R>(name: string, index: string, lower: IDBValidKey, upper: IDBValidKey, limit?: number) =>
      (await one(source(name, index).getAll(between(lower, upper), limit))) as R[],
    count: (name, range) =>
      one(range ? source(name, range.index).count(between(range.lower, range.upper)) : store(name).count()),
    putMany: (name, records) => {
      changed.add(name);
      const s = store(name);
      return allWritten(records.map((r) => s.put(r)));
    },
    deleteMany: (name, keys) => {
      changed.add(name);
      const s = store(name);
      return allWritten(keys.map((k) => s.delete(k)));
    },
  };
};

/** Every part of the written tables, as Dexie names them when a database is created (dexie.mjs, wasCreated). */
const partsOf = (db: Dexie, tables: ReadonlySet<string>): ObservabilitySet => {
  const parts: ObservabilitySet = {};
  const everything = () => new RangeSet(-Infinity, [[[]]]);
  for (const table of db.tables) {
    if (!tables.has(table.name)) continue;
    const prefix = `idb://${db.name}/${table.name}/`;
    for (const index of table.schema.indexes) if (index.name) parts[`${prefix}${index.name}`] = everything();
    parts[prefix] = everything();
    parts[`${prefix}:dels`] = everything();
  }
  return parts;
};

/**
 * Runs `work` in a native transaction of the Dexie database `db` over `stores`.
 * A write commits as soon as the work is done, and the tables it wrote are announced through Dexie's
 * documented `storagemutated` event: live queries of this tab re-run, other tabs are told (Dexie's own
 * BroadcastChannel), as for a write made through Dexie. Whole tables are announced, not the keys written.
 * The work failing aborts the transaction: nothing of it is kept.
 */
export const nativeTransaction = async <T>(
  db: Dexie,
  mode: IDBTransactionMode,
  stores: readonly string[],
  work: (access: NativeAccess) => Promise<T>,
  /** Runs once a write committed, before live queries are told (the store's memory follows the write). */
  committed?: () => void,
): Promise<T> => {
  if (!db.isOpen()) {
    // Closed on purpose (sign-out, another replica): refused, as Dexie refuses it. Otherwise opened first.
    if (db.hasBeenClosed()) throw new Dexie.DatabaseClosedError();
    await db.open();
  }
  let trans: IDBTransaction;
  try {
    trans = db.backendDB().transaction([...stores], mode);
  } catch (e) {
    // The connection was closed under us (the browser dropped it): open it again, once, as Dexie does.
    if (!(e instanceof DOMException) || e.name !== 'InvalidStateError') throw e;
    db.close({ disableAutoOpen: false });
    await db.open();
    trans = db.backendDB().transaction([...stores], mode);
  }
  const done = new Promise<void>((resolve, reject) => {
    trans.oncomplete = () => resolve();
    trans.onabort = () =>
      reject(trans.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
  // Awaited below for writes only; a read's end is never waited for.
  done.catch(() => undefined);
  const access = nativeAccess(trans);
  let value: T;
  try {
    value = await work(access);
  } catch (e) {
    try {
      trans.abort();
    } catch {
      // Already finished (it failed by itself): nothing to undo.
    }
    // A write that failed first (and aborted the transaction) is the cause, not what the work tripped on next.
    throw trans.error ?? e;
  }
  if (mode === 'readonly') return value;
  try {
    trans.commit();
  } catch {
    // It committed by itself already (no request was left): its end is awaited all the same.
  }
  await done;
  try {
    committed?.();
  } finally {
    // Committed: live queries are told whatever else happens.
    if (access.written.size) Dexie.on.storagemutated.fire(partsOf(db, access.written));
  }
  return value;
};
