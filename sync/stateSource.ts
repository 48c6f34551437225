import type { StoreTx } from './ports';
import {
  applyEntries,
  cloneState,
  isComplete,
  type Missing,
  type RebaseOptions,
  type RebaseResult,
  type ReplicaState,
  stockShadowKey,
} from './rebase';
import { shadowKeyOf, toStockRecord } from './rows';
import type { OutboxEntry, Row, ShadowRecord, StockRecord } from './types';

/**
 * Where a rebase state is loaded from. The VIEW source reads the replica's tables as they are (server rows
 * with the pending work applied); the BASE source reads the server's own version (a row's shadow when the
 * pending work changed it, else the table row, which then is the server's).
 */
export interface StateSource {
  documents(ids: readonly string[]): Promise<Map<string, Row | null>>;
  linesOf(documentIds: readonly string[]): Promise<Row[]>;
  stock(keys: readonly string[]): Promise<Map<string, StockRecord | null>>;
  orders(ids: readonly string[]): Promise<Map<string, Row | null>>;
  orderPositions(ids: readonly string[]): Promise<Map<string, Row | null>>;
  positionsOf(orderIds: readonly string[]): Promise<Row[]>;
}

const byId = (ids: readonly string[], rows: readonly Row[]): Map<string, Row | null> => {
  const found = new Map(rows.map((r) => [r.id, r]));
  return new Map(ids.map((id) => [id, found.get(id) ?? null]));
};

/** Stock rows of the view by key (read by their key); duplicates of one key (mid-pull) are summed under the first id. */
const viewStock = async (tx: StoreTx, keys: readonly string[]): Promise<Map<string, StockRecord[]>> => {
  const wanted = new Set(keys);
  const rows = wanted.size ? await tx.where('stock', 'key', [...wanted]) : [];
  const out = new Map<string, StockRecord[]>();
  for (const row of rows) {
    const key = String(row.key);
    if (!wanted.has(key)) continue;
    out.set(key, [...(out.get(key) ?? []), row as StockRecord]);
  }
  return out;
};

const merged = (rows: readonly StockRecord[] | undefined): StockRecord | null => {
  if (!rows?.length) return null;
  const [first, ...rest] = rows;
  if (!first) return null;
  if (!rest.length) return first;
  return toStockRecord(
    {
      ...first,
      quantity: rows.reduce((s, r) => s + r.quantity, 0),
      reserved: rows.reduce((s, r) => s + r.reserved, 0),
    },
    first.id,
  );
};

export const viewSource = (tx: StoreTx): StateSource => ({
  documents: async (ids) => byId(ids, await tx.get('wmsDocument', ids)),
  linesOf: (documentIds) => tx.where('wmsDocumentPosition', 'documentId', documentIds),
  stock: async (keys) => {
    const rows = await viewStock(tx, keys);
    return new Map(keys.map((k) => [k, merged(rows.get(k))]));
  },
  orders: async (ids) => byId(ids, await tx.get('wmsOrder', ids)),
  orderPositions: async (ids) => byId(ids, await tx.get('wmsOrderPosition', ids)),
  positionsOf: (orderIds) => tx.where('wmsOrderPosition', 'orderId', orderIds),
});

/** Rows by id: the shadow's version wins over the table's. */
const baseById = async (
  tx: StoreTx,
  entity: 'wmsDocument' | 'wmsOrder' | 'wmsOrderPosition',
  ids: readonly string[],
): Promise<Map<string, Row | null>> => {
  const shadows = new Map(
    (await tx.shadowGet(ids.map((id) => shadowKeyOf(entity, id)))).map((s) => [s.id, s]),
  );
  const rest = ids.filter((id) => !shadows.has(id));
  const rows = byId(rest, rest.length ? await tx.get(entity, rest) : []);
  return new Map(
    ids.map((id) => [id, shadows.has(id) ? (shadows.get(id)?.row ?? null) : (rows.get(id) ?? null)]),
  );
};

/** Children of parents (lines of documents, positions of orders): shadowed ones in their server version. */
const baseChildren = async (
  tx: StoreTx,
  entity: 'wmsDocumentPosition' | 'wmsOrderPosition',
  index: 'documentId' | 'orderId',
  parents: readonly string[],
): Promise<Row[]> => {
  const shadows = new Map<string, ShadowRecord>();
  for (const s of await tx.shadowByRef(parents)) if (s.entity === entity) shadows.set(s.id, s);
  const out: Row[] = [];
  for (const row of await tx.where(entity, index, parents)) if (!shadows.has(row.id)) out.push(row);
  for (const s of shadows.values()) if (s.row) out.push(s.row);
  return out;
};

export const baseSource = (tx: StoreTx): StateSource => ({
  documents: (ids) => baseById(tx, 'wmsDocument', ids),
  linesOf: (documentIds) => baseChildren(tx, 'wmsDocumentPosition', 'documentId', documentIds),
  stock: async (keys) => {
    const shadows = new Map((await tx.shadowGet(keys.map(stockShadowKey))).map((s) => [s.key, s]));
    const rest = keys.filter((k) => !shadows.has(stockShadowKey(k)));
    const rows = await viewStock(tx, rest);
    return new Map(
      keys.map((k) => {
        const s = shadows.get(stockShadowKey(k));
        return [k, s ? ((s.row as StockRecord | null) ?? null) : merged(rows.get(k))];
      }),
    );
  },
  orders: (ids) => baseById(tx, 'wmsOrder', ids),
  orderPositions: (ids) => baseById(tx, 'wmsOrderPosition', ids),
  positionsOf: (orderIds) => baseChildren(tx, 'wmsOrderPosition', 'orderId', orderIds),
});

/**
 * Adds what a replay found missing to `state` (never overwriting what is there). Every kind is read at once;
 * a missing document brings its lines along (what an entry on a document asks for next), saving a round.
 */
export const loadMissing = async (
  state: ReplicaState,
  missing: Missing,
  source: StateSource,
): Promise<void> => {
  const setAbsent = <V>(map: Map<string, V | null>, found: Map<string, V | null>) => {
    for (const [k, v] of found) if (!map.has(k)) map.set(k, v);
  };
  const none = Promise.resolve(new Map<string, never>());
  const lineSets = [...new Set([...missing.lineSets, ...missing.documents])].filter(
    (id) => !state.lineSets.has(id),
  );
  const positionSets = [...missing.positionSets];
  const [documents, lines, stock, orders, orderPositions, positions] = await Promise.all([
    missing.documents.size ? source.documents([...missing.documents]) : none,
    lineSets.length ? source.linesOf(lineSets) : Promise.resolve([]),
    missing.stock.size ? source.stock([...missing.stock]) : none,
    missing.orders.size ? source.orders([...missing.orders]) : none,
    missing.orderPositions.size ? source.orderPositions([...missing.orderPositions]) : none,
    positionSets.length ? source.positionsOf(positionSets) : Promise.resolve([]),
  ]);
  setAbsent(state.documents, documents);
  for (const line of lines) if (!state.lines.has(line.id)) state.lines.set(line.id, line);
  for (const id of lineSets) state.lineSets.add(id);
  setAbsent(state.stock, stock);
  setAbsent(state.orders, orders);
  // Rows by id first, then the sets: as when they were read one after the other.
  setAbsent(state.orderPositions, orderPositions);
  for (const p of positions) if (!state.orderPositions.has(p.id)) state.orderPositions.set(p.id, p);
  for (const id of positionSets) state.positionSets.add(id);
};

export interface LoadedReplay extends RebaseResult {
  /** The state as loaded, before the entries: the source's version of every row the replay looked at. */
  readonly before: ReplicaState;
}

/**
 * Replays entries on a state loaded from `source`: runs, loads what was missing, and runs again from the
 * loaded rows until nothing is missing (what an entry needs never depends on stock quantities, so this ends
 * after a few rounds).
 */
export const replayFrom = async (
  source: StateSource,
  seed: ReplicaState,
  entries: readonly OutboxEntry[],
  options: RebaseOptions,
): Promise<LoadedReplay> => {
  const before = cloneState(seed);
  for (let round = 0; ; round++) {
    const state = cloneState(before);
    const result = applyEntries(state, entries, options);
    if (isComplete(result.missing) || round >= 8) return { state, before, ...result };
    await loadMissing(before, result.missing, source);
  }
};
