import Dexie, { type Table } from 'dexie';

/**
 * The few IndexedDB operations the replica store is written against (src/db/dexieSyncStore.ts), so the same
 * store runs on a Dexie transaction (live queries: Dexie must see what they read) or straight on a native
 * IndexedDB transaction (src/db/nativeAccess.ts: the engine's transactions and the screens' one-off reads).
 * Every call places its requests when it is made, so requests run in call order.
 */
export interface StoreAccess {
  /** Whether every call belongs to one transaction (outside one, each call is a transaction of its own). */
  readonly inTransaction: boolean;
  get<R>(table: string, key: IDBValidKey): Promise<R | undefined>;
  /** Records by primary key, in the order asked; undefined where there is none. */
  getMany<R>(table: string, keys: readonly IDBValidKey[]): Promise<(R | undefined)[]>;
  /** Each value's records (an index equal to it, in primary key order), all in flight at once, one snapshot. */
  byValues<R>(table: string, index: string, values: readonly string[]): Promise<R[][]>;
  /** The whole table, in primary key order. */
  all<R>(table: string): Promise<R[]>;
  /** The distinct keys of an index, in order (read from the index alone). */
  uniqueKeys(table: string, index: string): Promise<IDBValidKey[]>;
  /** Records whose index key lies between `lower` and `upper` (both included), in index order, at most `limit`. */
  range<R>(
    table: string,
    index: string,
    lower: IDBValidKey,
    upper: IDBValidKey,
    limit?: number,
  ): Promise<R[]>;
  /** How many records the table has, or how many lie in a range of an index. */
  count(table: string, range?: { index: string; lower: IDBValidKey; upper: IDBValidKey }): Promise<number>;
  putMany(table: string, records: readonly object[]): Promise<void>;
  deleteMany(table: string, keys: readonly IDBValidKey[]): Promise<void>;
}

/** Where Dexie tables come from: a transaction (every call bound to it) or the database (each call on its own). */
export interface TableSource {
  table(name: string): Table;
}

/** StoreAccess on Dexie: inside a Dexie transaction (a live query's read) or on the database itself. */
export const dexieAccess = (source: TableSource): StoreAccess => {
  const outside = source instanceof Dexie;
  const table = <R>(name: string) => source.table(name) as Table<R, IDBValidKey>;
  // One getAll per value, all in flight at once (Dexie walks anyOf() with a cursor, a round trip per row).
  const lists = <R>(name: string, index: string, values: readonly string[]): Promise<R[][]> =>
    Promise.all(values.map((v) => table<R>(name).where(index).equals(v).toArray()));
  return {
    inTransaction: !outside,
    get: <R>(name: string, key: IDBValidKey) => table<R>(name).get(key),
    getMany: <R>(name: string, keys: readonly IDBValidKey[]) => table<R>(name).bulkGet([...keys]),
    byValues: <R>(name: string, index: string, values: readonly string[]) =>
      outside && values.length > 1
        ? source.transaction('r', name, () => lists<R>(name, index, values))
        : lists<R>(name, index, values),
    all: <R>(name: string) => table<R>(name).toArray(),
    uniqueKeys: async (name, index) => (await table(name).orderBy(index).uniqueKeys()) as IDBValidKey[],
    range: <R>(name: string, index: string, lower: IDBValidKey, upper: IDBValidKey, limit?: number) => {
      const found = table<R>(name).where(index).between(lower, upper, true, true);
      return (limit === undefined ? found : found.limit(limit)).toArray();
    },
    count: (name, range) =>
      range
        ? table(name).where(range.index).between(range.lower, range.upper, true, true).count()
        : table(name).count(),
    putMany: async (name, records) => {
      await table(name).bulkPut([...records]);
    },
    deleteMany: (name, keys) => table(name).bulkDelete([...keys]),
  };
};
