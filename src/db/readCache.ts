import { parseStockKey } from '../../domain/warehouse/stock';

/** A record kept in memory: a replica row (by id) or a shadow record (by key). */
export type Cached = object;

const field = (record: Cached, name: string): unknown => (record as Readonly<Record<string, unknown>>)[name];

/** The slot of one value of an index. */
export const slotOf = (index: string, value: string): string => `${index}\u0000${value}`;

/** Records of one table as of one stamp. */
export interface TableCache<R extends Cached> {
  readonly stamp: string;
  /** By primary key; null: no such record. */
  readonly byId: Map<string, R | null>;
  /** Slot (slotOf) → the records with that value, in primary key order. */
  readonly byValue: Map<string, readonly R[]>;
  /** Indexes that have slots here. */
  readonly indexes: Set<string>;
  /** byId knows every record of the table: an id it lacks is no record. */
  complete: boolean;
  /** The whole table in primary key order, once asked for (complete tables only; dropped on every change). */
  sorted?: readonly R[];
  size: number;
}

/** What a committed write transaction did to a table, in order. */
export type CacheWrite<R extends Cached> =
  | { readonly put: readonly R[] }
  | { readonly remove: readonly string[] };

/** Past this many records a table's cache starts again (a terminal reads a few documents' worth). */
const cacheLimit = 20_000;

/** A write bigger than this (a feed page) drops the table's cache rather than following it record by record. */
const followLimit = 500;

/** Records handed out from the cache are shared between transactions: nobody may change them. */
export const frozen = <R extends Cached>(record: R): R => Object.freeze(record);

/** IndexedDB's order of string keys (UTF-16 code units, as `<` compares them). */
const before = (a: string, b: string): boolean => a < b;

/** The index values a record is listed under (IndexedDB indexes strings; arrays are multi-entry). */
const valuesOf = (record: Cached, index: string): readonly string[] => {
  const value = field(record, index);
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
};

/** `list` with `record` in primary key order, replacing the one with its key. */
const withRecord = <R extends Cached>(list: readonly R[], record: R, keyOf: (r: R) => string): R[] => {
  const key = keyOf(record);
  const out = list.filter((r) => keyOf(r) !== key);
  const at = out.findIndex((r) => before(key, keyOf(r)));
  out.splice(at < 0 ? out.length : at, 0, record);
  return out;
};

/**
 * Records read by earlier transactions, tagged with their table's stamp at that time. Every write transaction
 * that changes a table bumps its stamp in the meta table, in the same transaction, so a record is answered
 * from memory only while no transaction — of any tab — has changed its table since. The writes of this tab's
 * own committed transactions are followed (`advance`), so what the engine just wrote stays known.
 */
export class ReadCache {
  private readonly tables = new Map<string, TableCache<Cached>>();

  of<R extends Cached>(entity: string, stamp: string): TableCache<R> {
    const current = this.tables.get(entity);
    if (current?.stamp === stamp && current.size < cacheLimit) return current as TableCache<R>;
    const fresh: TableCache<R> = {
      stamp,
      byId: new Map(),
      byValue: new Map(),
      indexes: new Set(),
      complete: false,
      size: 0,
    };
    this.tables.set(entity, fresh as unknown as TableCache<Cached>);
    return fresh;
  }

  /** The table's cache as last kept, whatever its stamp: a guess of what memory will answer. */
  last<R extends Cached>(entity: string): TableCache<R> | undefined {
    return this.tables.get(entity) as TableCache<R> | undefined;
  }

  /**
   * After a write transaction committed: if the table was known as of `from` (the stamp the transaction
   * read), it is known as of `to` (the stamp it wrote) with the transaction's writes applied — no other
   * transaction can have come between, since `to` was taken inside it. Otherwise nothing is known.
   */
  advance<R extends Cached>(
    entity: string,
    from: string,
    to: string,
    writes: readonly CacheWrite<R>[],
    keyOf: (r: R) => string,
  ): void {
    const current = this.tables.get(entity) as TableCache<R> | undefined;
    if (current?.stamp !== from) return;
    const count = writes.reduce((n, w) => n + ('put' in w ? w.put.length : w.remove.length), 0);
    if (count > followLimit) {
      this.tables.delete(entity);
      return;
    }
    const next: TableCache<R> = { ...current, stamp: to, sorted: undefined };
    const unlist = (key: string) => {
      const old = next.byId.get(key);
      if (!old) return;
      for (const index of next.indexes)
        for (const value of valuesOf(old, index)) {
          const slot = slotOf(index, value);
          const list = next.byValue.get(slot);
          if (list)
            next.byValue.set(
              slot,
              list.filter((r) => keyOf(r) !== key),
            );
        }
    };
    for (const write of writes) {
      if ('put' in write)
        for (const record of write.put) {
          const key = keyOf(record);
          // A copy, as IndexedDB stores one: the writer's object stays its own.
          const kept = frozen(structuredClone(record));
          unlist(key);
          next.byId.set(key, kept);
          for (const index of next.indexes)
            for (const value of valuesOf(kept, index)) {
              const slot = slotOf(index, value);
              const list = next.byValue.get(slot);
              if (list) next.byValue.set(slot, withRecord(list, kept, keyOf));
            }
          next.size++;
        }
      else
        for (const key of write.remove) {
          unlist(key);
          next.byId.set(key, null);
        }
    }
    this.tables.set(entity, next as unknown as TableCache<Cached>);
  }
}

/** The known rows of the product of a stock key (`where stock.key`), if any. */
const rowsOfKeyProduct = <R extends Cached>(
  c: TableCache<R>,
  entity: string,
  index: string,
  key: string,
): readonly R[] | undefined => {
  if (entity !== 'stock' || index !== 'key') return undefined;
  try {
    return c.byValue.get(slotOf('productId', parseStockKey(key).productId));
  } catch {
    return undefined;
  }
};

/** Whether derivedStockKey would fill the key's slot. */
export const derivableStockKey = <R extends Cached>(
  c: TableCache<R>,
  entity: string,
  index: string,
  key: string,
): boolean => rowsOfKeyProduct(c, entity, index, key) !== undefined;

/** Keeps a whole table as read (in primary key order): from now on it is known complete. */
export const keepAll = <R extends Cached>(
  c: TableCache<R>,
  records: readonly R[],
  keyOf: (r: R) => string,
): readonly R[] => {
  const kept = records.map(frozen);
  for (const record of kept) c.byId.set(keyOf(record), record);
  c.complete = true;
  c.sorted = kept;
  c.size += kept.length;
  return kept;
};

/** How many records a complete table has (no sort, unlike allOf). */
export const countOf = <R extends Cached>(c: TableCache<R>): number => {
  let n = 0;
  for (const record of c.byId.values()) if (record !== null) n++;
  return n;
};

/** Every record of a complete table, in primary key order. */
export const allOf = <R extends Cached>(c: TableCache<R>, keyOf: (r: R) => string): readonly R[] => {
  c.sorted ??= [...c.byId.values()]
    .filter((r): r is R => r !== null)
    .sort((a, b) => (before(keyOf(a), keyOf(b)) ? -1 : 1));
  return c.sorted;
};

/**
 * The rows of a stock key are among the rows of its product: once those are known at this stamp (the terminal
 * read them for the batches at the location), the key's slot is filled from them without a request.
 */
export const derivedStockKey = <R extends Cached>(
  c: TableCache<R>,
  entity: string,
  index: string,
  key: string,
): boolean => {
  const ofProduct = rowsOfKeyProduct(c, entity, index, key);
  if (!ofProduct) return false;
  c.byValue.set(
    slotOf('key', key),
    ofProduct.filter((r) => field(r, 'key') === key),
  );
  c.indexes.add('key');
  c.size++;
  return true;
};
