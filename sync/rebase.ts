import type { RuleIssue } from '../domain/errors';
import type { ReplayedEntry, ReplayView } from '../domain/sync/intentDefinition';
import { definitionOf } from '../domain/sync/intents';
import { linesOfView, positionsOfView } from '../domain/sync/replicaView';
import { issue } from '../domain/warehouse/issues';
import {
  addQuantities,
  compareQuantities,
  roundQuantity,
  subtractQuantity,
} from '../domain/warehouse/quantity';
import { documentDraftOf, positionDraftOf } from '../domain/warehouse/ruleInputs';
import { movementsOf, parseStockKey, reservationsOf, sumMovements } from '../domain/warehouse/stock';
import { localStockId, shadowKeyOf } from './rows';
import type { OutboxEntry, Row, StockRecord } from './types';

/**
 * The replica's view = the server's rows + the pending work, computed by replaying outbox entries in
 * mutation order on top of the server's rows (docs/sync-contract.md, "Engine"). Pure: a state in, a state out.
 *
 * A state holds only the rows the entries concern. A value `null` means "known not to exist"; a key that is
 * absent means "not loaded" — the entry then reports it in `missing`, the caller loads it and runs again.
 */
export interface ReplicaState {
  readonly documents: Map<string, Row | null>;
  readonly lines: Map<string, Row | null>;
  /** By stock key string (domain stockKeyString). */
  readonly stock: Map<string, StockRecord | null>;
  readonly orders: Map<string, Row | null>;
  readonly orderPositions: Map<string, Row | null>;
  /** Documents whose every line is in `lines`. */
  readonly lineSets: Set<string>;
  /** Orders whose every position is in `orderPositions`. */
  readonly positionSets: Set<string>;
}

export interface Missing {
  readonly documents: Set<string>;
  readonly lineSets: Set<string>;
  readonly stock: Set<string>;
  readonly orders: Set<string>;
  readonly orderPositions: Set<string>;
  readonly positionSets: Set<string>;
}

export interface RebaseOptions {
  /** workingCopiesCountInStock: working copies reserve what they take. */
  readonly reserving: boolean;
}

export interface RebaseResult {
  readonly state: ReplicaState;
  /** Shadow keys (rows.ts shadowKeyOf; stock: `stock|<key>`) of every row the entries changed. */
  readonly touched: Set<string>;
  readonly missing: Missing;
  /** Entries that cannot take effect on this state, with the issues the server will most likely raise. */
  readonly conflicts: Map<number, RuleIssue[]>;
}

export const emptyState = (): ReplicaState => ({
  documents: new Map(),
  lines: new Map(),
  stock: new Map(),
  orders: new Map(),
  orderPositions: new Map(),
  lineSets: new Set(),
  positionSets: new Set(),
});

export const cloneState = (s: ReplicaState): ReplicaState => ({
  documents: new Map(s.documents),
  lines: new Map(s.lines),
  stock: new Map(s.stock),
  orders: new Map(s.orders),
  orderPositions: new Map(s.orderPositions),
  lineSets: new Set(s.lineSets),
  positionSets: new Set(s.positionSets),
});

export const noMissing = (): Missing => ({
  documents: new Set(),
  lineSets: new Set(),
  stock: new Set(),
  orders: new Set(),
  orderPositions: new Set(),
  positionSets: new Set(),
});

export const isComplete = (m: Missing): boolean =>
  m.documents.size +
    m.lineSets.size +
    m.stock.size +
    m.orders.size +
    m.orderPositions.size +
    m.positionSets.size ===
  0;

export const stockShadowKey = (key: string): string => `stock|${key}`;

/** Lines of a document in the state, in line order (complete only when the document is in lineSets). */
export const linesOfState = (state: ReplicaState, documentId: string): Row[] =>
  linesOfView(state, documentId);

/** What a working copy reserves per stock key (empty when not reserving or not a working copy). */
export const reservedBy = (
  doc: Row | null | undefined,
  lines: readonly Row[],
  options: RebaseOptions,
): Map<string, number> => {
  if (!options.reserving || !doc || doc.statusCode !== 'workingCopy') return new Map();
  try {
    return reservationsOf(documentDraftOf(doc), lines.map(positionDraftOf));
  } catch {
    return new Map();
  }
};

/** Applies entries to a state in place: the view each intent kind's replay (domain/sync/intentKinds) works on. */
class Replay implements ReplayView {
  readonly touched = new Set<string>();
  readonly missing = noMissing();
  readonly conflicts = new Map<number, RuleIssue[]>();

  constructor(
    private readonly state: ReplicaState,
    private readonly options: RebaseOptions,
  ) {}

  document(id: string): Row | null {
    const d = this.state.documents.get(id);
    if (d === undefined) {
      this.missing.documents.add(id);
      return null;
    }
    return d;
  }

  private lines(documentId: string): Row[] {
    if (!this.state.lineSets.has(documentId)) this.missing.lineSets.add(documentId);
    return linesOfState(this.state, documentId);
  }

  private cell(key: string): StockRecord | null {
    const c = this.state.stock.get(key);
    if (c === undefined) {
      this.missing.stock.add(key);
      return null;
    }
    return c;
  }

  private setDoc(id: string, row: Row | null): void {
    this.state.documents.set(id, row);
    this.touched.add(shadowKeyOf('wmsDocument', id));
  }

  private setLine(id: string, row: Row | null): void {
    this.state.lines.set(id, row);
    this.touched.add(shadowKeyOf('wmsDocumentPosition', id));
  }

  /** Changes a stock cell by a quantity and a reserved delta; a cell at zero both ways disappears. */
  private changeStock(key: string, quantity: number, reserved: number, at: string): void {
    if (quantity === 0 && reserved === 0) return;
    const cell = this.cell(key);
    const k = parseStockKey(key);
    const base: StockRecord = cell ?? {
      id: localStockId(key),
      key,
      ...k,
      quantity: 0,
      reserved: 0,
      contractorId: null,
      firstReceiptAt: at,
    };
    const q = addQuantities(base.quantity, quantity);
    const r = Math.max(0, addQuantities(base.reserved, reserved));
    this.state.stock.set(key, q === 0 && r === 0 ? null : { ...base, quantity: q, reserved: r });
    this.touched.add(stockShadowKey(key));
  }

  /** Moves reservations from `before` to `after` (both per key). */
  private rereserve(before: Map<string, number>, after: Map<string, number>, at: string): void {
    const keys = new Set([...before.keys(), ...after.keys()]);
    for (const key of keys) {
      const delta = subtractQuantity(after.get(key) ?? 0, before.get(key) ?? 0);
      if (delta !== 0) this.changeStock(key, 0, delta, at);
    }
  }

  addDocument(row: Row): void {
    this.setDoc(row.id, row);
    this.state.lineSets.add(row.id);
  }

  editLines(
    documentId: string,
    at: string,
    edit: (lines: readonly Row[], setLine: (id: string, row: Row | null) => void) => void,
  ): void {
    const doc = this.document(documentId);
    if (doc?.statusCode !== 'workingCopy') return;
    const lines = this.lines(documentId);
    const before = reservedBy(doc, lines, this.options);
    edit(lines, (id, row) => this.setLine(id, row));
    this.rereserve(before, reservedBy(doc, linesOfState(this.state, documentId), this.options), at);
  }

  confirmDocument(entry: ReplayedEntry, documentId: string): void {
    const doc = this.document(documentId);
    if (doc?.statusCode !== 'workingCopy') return;
    const lines = this.lines(documentId);
    const at = entry.createdAt;
    let net: Map<string, number>;
    try {
      net = sumMovements(movementsOf(documentDraftOf(doc), lines.map(positionDraftOf)));
    } catch {
      return;
    }
    const freed = reservedBy(doc, lines, this.options);
    // The server's conditional update: quantity − reserved + what this document frees ≥ what it takes.
    for (const [key, change] of net) {
      if (compareQuantities(change, 0) >= 0) continue;
      const cell = this.cell(key);
      const free = addQuantities(cell?.quantity ?? 0, -(cell?.reserved ?? 0), freed.get(key) ?? 0);
      if (compareQuantities(free, -change) < 0) {
        const k = parseStockKey(key);
        const index = lines.findIndex(
          (l) => l.productId === k.productId && (l.sourceLocationId ?? doc.sourceLocationId) === k.locationId,
        );
        this.conflicts.set(entry.mutationId, [
          issue('quantityExceedsAvailable', {
            positionIndex: Math.max(0, index),
            field: 'quantity',
            params: { product: k.productId, quantity: roundQuantity(-change), available: Math.max(0, free) },
          }),
        ]);
        return;
      }
    }
    for (const key of new Set([...net.keys(), ...freed.keys()]))
      this.changeStock(key, net.get(key) ?? 0, -(freed.get(key) ?? 0), at);
    this.setDoc(documentId, { ...doc, statusCode: 'confirmed', executionDate: at });
  }

  removeDocument(documentId: string, at: string): void {
    const doc = this.document(documentId);
    if (doc?.statusCode !== 'workingCopy') return;
    const lines = this.lines(documentId);
    this.rereserve(reservedBy(doc, lines, this.options), new Map(), at);
    for (const line of lines) this.setLine(line.id, null);
    this.setDoc(documentId, null);
  }

  order(id: string): Row | null {
    const o = this.state.orders.get(id);
    if (o === undefined) {
      this.missing.orders.add(id);
      return null;
    }
    return o;
  }

  setOrder(row: Row): void {
    this.state.orders.set(row.id, row);
    this.touched.add(shadowKeyOf('wmsOrder', row.id));
  }

  orderPosition(id: string): Row | null {
    const p = this.state.orderPositions.get(id);
    if (p === undefined) {
      this.missing.orderPositions.add(id);
      return null;
    }
    return p;
  }

  setOrderPosition(row: Row): void {
    this.state.orderPositions.set(row.id, row);
    this.touched.add(shadowKeyOf('wmsOrderPosition', row.id));
  }

  orderPositions(orderId: string): Row[] {
    if (!this.state.positionSets.has(orderId)) this.missing.positionSets.add(orderId);
    return positionsOfView(this.state, orderId);
  }

  apply(entry: OutboxEntry): void {
    definitionOf(entry.intent).replay(entry.intent, this, entry);
  }
}

/** Applies entries, in the given order, to `state` in place. */
export const applyEntries = (
  state: ReplicaState,
  entries: readonly OutboxEntry[],
  options: RebaseOptions,
): Omit<RebaseResult, 'state'> => {
  const replay = new Replay(state, options);
  for (const entry of entries) replay.apply(entry);
  return { touched: replay.touched, missing: replay.missing, conflicts: replay.conflicts };
};

/**
 * The view of the server's rows `base` with `entries` (pending, or accepted but not yet pulled) replayed in
 * mutation order. Rejected entries must not be passed: they have no effect. A confirmation that the stock
 * cannot cover any more is left out (the document stays a working copy) and reported in `conflicts`.
 */
export const rebase = (
  base: ReplicaState,
  entries: readonly OutboxEntry[],
  options: RebaseOptions,
): RebaseResult => {
  const state = cloneState(base);
  const sorted = [...entries].sort((a, b) => a.mutationId - b.mutationId);
  return { state, ...applyEntries(state, sorted, options) };
};
