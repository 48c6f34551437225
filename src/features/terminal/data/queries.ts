import { type Gs1Result, parseGs1 } from '../../../../domain/barcodes/gs1';
import { matchProduct, type ProductKeys, type ProductMatch } from '../../../../domain/barcodes/matchProduct';
import { numberOf, textOf } from '../../../../domain/rowValues';
import { subjectOf } from '../../../../domain/sync/intents';
import { bestSourceMaterial, type SourceCandidate } from '../../../../domain/warehouse/bestSourceMaterial';
import { todayOf } from '../../../../domain/warehouse/isoDate';
import { addQuantities, compareQuantities, subtractQuantity } from '../../../../domain/warehouse/quantity';
import { productRulesOf } from '../../../../domain/warehouse/ruleInputs';
import { isOrderStatus, type OrderStatus } from '../../../../domain/warehouse/statuses';
import type { StockRow } from '../../../../domain/warehouse/stock';
import { type PutawaySuggestion, suggestLocationsIn } from '../../../../domain/warehouse/suggestLocationsIn';
import type { RowReader, StoreTx } from '../../../../sync/ports';
import type { OutboxEntry, Rejection, Row, StockRecord } from '../../../../sync/types';
import { loadLocationRules, readLogisticsConfig } from '../../../../sync/validationContext';
import {
  directTypeOf,
  type FlowKind,
  flowKindOfDocument,
  flowKindOfOrder,
  orderTypesOf,
  scannedSideOf,
} from './flowKinds';
import { orderProgress, type ProgressTotals, progressTotals } from './orderProgress';
import {
  documentIdOf,
  documentState,
  entriesOfDocument,
  isLive,
  type LineState,
  lineStates,
  orderIdOf,
  positionState,
  type SyncState,
} from './syncStates';

/**
 * The terminal's reads of the replica (the view: server rows with this device's pending work applied). Every
 * function takes a read transaction of the store (`store.read(tx => …)` or useReplicaQuery) and uses the
 * domain's own rules: GS1 parsing and product matching, FEFO, putaway, order progress. See ./index.ts.
 */

// --- scanning ---

/** A product row as stored (domain ProductKeys plus every API field). */
export type ProductRow = Row & ProductKeys;

const asProductRow = (row: Row): ProductRow => ({
  ...row,
  index: String(row.index ?? ''),
  barcodes: Array.isArray(row.barcodes) ? row.barcodes.filter((b): b is string => typeof b === 'string') : [],
});

export interface ScanOptions {
  /** Reference date of GS1 YYMMDD dates (ISO); today by default. */
  readonly today?: string;
}

/** A scanned code read as GS1 (once per scan: the product and the bin lookups both use it). */
export const parseScan = (code: string, options: ScanOptions = {}): Gs1Result =>
  parseGs1(code, { today: options.today ?? todayOf(Date.now()) });

/**
 * The product a scan means: a barcode, the index (any case), a GTIN (EAN-13 ↔ GTIN-14) or GS1 data
 * (AI 01/02 with lot, dates, serial — in `gs1`). Looked up through the replica's indexes, then judged by
 * domain matchProduct, so 'found' / 'several' / 'none' follow the same rules everywhere.
 */
export const findProduct = async (
  tx: RowReader,
  code: string,
  options: ScanOptions = {},
  gs1: Gs1Result = parseScan(code, options),
): Promise<ProductMatch<ProductRow>> => {
  const trimmed = code.trim();
  const texts = [...new Set([trimmed, gs1.ok ? trimmed : gs1.text])].filter((t) => t !== '');
  const gtin = gs1.ok ? (gs1.gtin ?? gs1.containedGtin) : undefined;
  // The three lookups at once (a scan waits for the slowest, not for their sum); candidates in this order.
  const none: Promise<Row[]> = Promise.resolve([]);
  const lists = await Promise.all([
    texts.length ? tx.where('product', 'barcodes', texts) : none,
    texts.length
      ? tx.where(
          'product',
          'indexKey',
          texts.map((t) => t.toUpperCase()),
        )
      : none,
    gtin ? tx.where('product', 'gtins', [gtin]) : none,
  ]);
  const found = new Map<string, Row>();
  for (const r of lists.flat()) found.set(r.id, r);
  return matchProduct(code, [...found.values()].map(asProductRow), { parsed: gs1 });
};

/** A location by its label (any case, surrounding spaces ignored) or by its id. */
export const findLocation = async (tx: RowReader, code: string): Promise<Row | null> => {
  const text = code.trim();
  if (!text) return null;
  const [[byLabel], [byId]] = await Promise.all([
    tx.where('storageSpace', 'label', [text.toUpperCase()]),
    tx.get('storageSpace', [text]),
  ]);
  return byLabel ?? byId ?? null;
};

/** A bin (container) by its number, with where it is stored now; null when no stock row names it. */
export const findContainer = async (
  tx: RowReader,
  code: string,
): Promise<{ readonly container: string; readonly locationId: string } | null> => {
  const text = code.trim();
  if (!text) return null;
  const rows = (await tx.where('stock', 'container', [text])) as StockRecord[];
  const [first] = rows.sort((a, b) =>
    a.locationId < b.locationId ? -1 : a.locationId > b.locationId ? 1 : 0,
  );
  return first ? { container: text, locationId: first.locationId } : null;
};

// --- suggestions ---

export interface FefoPick {
  readonly candidate: SourceCandidate;
  readonly take: number;
}

export interface FefoSuggestion {
  /** Every source in FEFO order (domain bestSourceMaterial). */
  readonly candidates: readonly SourceCandidate[];
  /** The first sources that together cover the quantity. */
  readonly picks: readonly FefoPick[];
  /** What the stock cannot cover. */
  readonly missing: number;
}

const stockRowOf = (r: StockRecord): StockRow => ({
  productId: r.productId,
  locationId: r.locationId,
  container: r.container,
  serialNumber: r.serialNumber,
  prodDate: r.prodDate,
  expDate: r.expDate,
  quantity: r.quantity,
  reserved: r.reserved,
  receivedAt: r.firstReceiptAt,
});

/**
 * Where to take a product from (FEFO, domain bestSourceMaterial on the replica's stock: what this device
 * already took or reserved is not offered again), and the picks that cover `quantity`.
 */
export const fefoSource = async (
  tx: RowReader,
  productId: string,
  quantity: number,
  today: string = todayOf(Date.now()),
): Promise<FefoSuggestion> => {
  // Both at once: the stock is needed whenever the product exists, which it nearly always does.
  const [[product], stockRows] = await Promise.all([
    tx.get('product', [productId]),
    tx.where('stock', 'productId', [productId]),
  ]);
  if (!product) return { candidates: [], picks: [], missing: quantity };
  const stock = (stockRows as StockRecord[]).map(stockRowOf);
  const locations = await loadLocationRules(tx, [...new Set(stock.map((s) => s.locationId))]);
  const config = await readLogisticsConfig(tx);
  const candidates = bestSourceMaterial(
    productId,
    stock,
    locations,
    productRulesOf(product),
    config.rules,
    today,
  );
  const picks: FefoPick[] = [];
  let left = Math.max(0, quantity);
  for (const candidate of candidates) {
    if (compareQuantities(left, 0) <= 0) break;
    const take = compareQuantities(candidate.available, left) < 0 ? candidate.available : left;
    picks.push({ candidate, take });
    left = subtractQuantity(left, take);
  }
  return { candidates, picks, missing: Math.max(0, left) };
};

/**
 * Where to store a product (domain suggestLocationsIn): its default location, locations already holding it,
 * then empty ones, in walking order; never a place that cannot hold stock, is locked for receipt, too warm or
 * cold, too full, or holds other products only. Reads only the stock of the candidate places.
 */
export const putawaySuggestion = async (
  tx: RowReader,
  productId: string,
  quantity: number,
): Promise<PutawaySuggestion[]> => {
  const [product] = await tx.get('product', [productId]);
  if (!product) return [];
  const rules = productRulesOf(product);
  const holding = ((await tx.where('stock', 'productId', [productId])) as StockRecord[]).filter(
    (r) => r.quantity > 0,
  );
  const occupied = new Set(await tx.distinct('stock', 'locationId'));
  const all = await loadLocationRules(tx, undefined);
  const holdingIds = new Set(holding.map((r) => r.locationId));
  if (rules.defaultLocationId) holdingIds.add(rules.defaultLocationId);
  // Candidates: places holding the product (or its default place) and empty places; the rest hold others.
  const candidates = new Map([...all].filter(([id]) => holdingIds.has(id) || !occupied.has(id)));
  const there = holdingIds.size
    ? ((await tx.where('stock', 'locationId', [...holdingIds])) as StockRecord[])
    : [];
  const weights = new Map<string, number | null>();
  const otherIds = [...new Set(there.map((r) => r.productId))].filter((id) => id !== productId);
  for (const p of otherIds.length ? await tx.get('product', otherIds) : [])
    weights.set(p.id, numberOf(p.weight));
  weights.set(productId, rules.weight);
  const stock: StockRow[] = there.map((r) => ({
    ...stockRowOf(r),
    unitWeightKg: weights.get(r.productId) ?? null,
  }));
  const config = await readLogisticsConfig(tx);
  return suggestLocationsIn(rules, quantity, stock, candidates, config.rules);
};

// --- orders ---

export interface OrderSummary extends ProgressTotals {
  readonly id: string;
  readonly orderNumber: string;
  readonly typeCode: string;
  readonly statusCode: OrderStatus;
  readonly priority: string | null;
  readonly plannedDate: string | null;
  readonly assignedUserId: string | null;
  readonly comment: string | null;
  readonly row: Row;
}

/** Orders the floor works on: handed over or started, and for counts not yet finished. */
const isOpenOrder = (order: Row): boolean => {
  const status = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  if (status !== 'waitingToProcess' && status !== 'inProgress') return false;
  return !(typeof order.verificationStatus === 'string' && order.verificationStatus.startsWith('finished'));
};

const byLineNo = (a: Row, b: Row): number =>
  (numberOf(a.lineNo) ?? 0) - (numberOf(b.lineNo) ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Confirmed quantities per product of an order's documents (what has left or entered the shelves). */
const confirmedByProduct = async (tx: RowReader, orderId: string): Promise<Map<string, number>> => {
  const confirmed = (await tx.where('wmsDocument', 'orderId', [orderId])).filter(
    (d) => d.statusCode === 'confirmed',
  );
  const out = new Map<string, number>();
  if (!confirmed.length) return out;
  const lines = await tx.where(
    'wmsDocumentPosition',
    'documentId',
    confirmed.map((d) => d.id),
  );
  for (const l of lines) {
    const productId = String(l.productId ?? '');
    out.set(productId, addQuantities(out.get(productId) ?? 0, numberOf(l.quantity) ?? 0));
  }
  return out;
};

export interface PositionView {
  readonly id: string;
  readonly lineNo: number;
  readonly row: Row;
  readonly productId: string;
  readonly product: Row | undefined;
  /** Ordered (a count: the stock expected there). */
  readonly ordered: number;
  /** Recorded by the terminal (a count: counted); null = nothing yet. */
  readonly recorded: number | null;
  readonly realised: number;
  readonly remaining: number;
  readonly done: boolean;
  readonly sourceLocationId: string | null;
  readonly destinationLocationId: string | null;
  /** Sync state of what this device recorded for the position; null = nothing recorded. */
  readonly state: SyncState | null;
  readonly rejection?: Rejection;
  readonly rejectedMutationId?: number;
  readonly rejectedQuantity?: number;
}

export interface OrderDetail {
  readonly order: Row;
  readonly kind: FlowKind | null;
  readonly isCount: boolean;
  readonly positions: readonly PositionView[];
  readonly totals: ProgressTotals;
  /** Labels of the locations the positions and the header name. */
  readonly locations: ReadonlyMap<string, Row>;
  /** The order's own state (generate documents, finish a count). */
  readonly state: SyncState;
  readonly rejection?: Rejection;
  readonly rejectedMutationId?: number;
}

const liveEntriesOfOrder = async (tx: StoreTx, orderId: string): Promise<OutboxEntry[]> => {
  const entries = [...(await tx.outboxOpen()), ...(await tx.outboxRejected())];
  return entries
    .filter((e) => isLive(e) && orderIdOf(e) === orderId)
    .sort((a, b) => a.mutationId - b.mutationId);
};

/** Progress of a count: a line is done once counted. */
const countTotals = (positions: readonly Row[]): ProgressTotals => {
  const counted = positions.filter((p) => numberOf(p.quantityReal) !== null);
  const expected = addQuantities(...positions.map((p) => numberOf(p.quantity) ?? 0));
  const found = addQuantities(...counted.map((p) => numberOf(p.quantityReal) ?? 0));
  return {
    lines: positions.length,
    linesDone: counted.length,
    quantityOrdered: expected,
    quantityRealised: found,
    quantityRemaining: positions.length - counted.length,
    percent: positions.length ? Math.round((counted.length / positions.length) * 100) : 0,
  };
};

const progressRows = async (
  tx: RowReader,
  order: Row,
  positions: readonly Row[],
): Promise<{ totals: ProgressTotals; per: ReturnType<typeof orderProgress> }> => {
  const per = orderProgress(
    positions.map((p) => ({
      id: p.id,
      productId: String(p.productId ?? ''),
      quantity: numberOf(p.quantity) ?? 0,
      quantityReal: numberOf(p.quantityReal),
    })),
    flowKindOfOrder(order.typeCode) === 'verify' ? new Map() : await confirmedByProduct(tx, order.id),
  );
  const totals = flowKindOfOrder(order.typeCode) === 'verify' ? countTotals(positions) : progressTotals(per);
  return { totals, per };
};

const priorityRank: Readonly<Record<string, number>> = { high: 0, normal: 1, low: 2 };

/**
 * Open orders of a flow (handed to the floor or started), with their progress: lines done and quantities.
 * Progress follows what this device recorded (the view). Orders assigned to `userId` first, then by
 * priority, planned date and number.
 */
export const openOrders = async (
  tx: RowReader,
  kind: FlowKind,
  userId?: string | null,
): Promise<OrderSummary[]> => {
  const orders = (await tx.where('wmsOrder', 'typeCode', [...orderTypesOf[kind]])).filter(isOpenOrder);
  const positions = orders.length
    ? await tx.where(
        'wmsOrderPosition',
        'orderId',
        orders.map((o) => o.id),
      )
    : [];
  const byOrder = new Map<string, Row[]>();
  for (const p of positions) {
    const id = String(p.orderId);
    byOrder.set(id, [...(byOrder.get(id) ?? []), p]);
  }
  const out: OrderSummary[] = [];
  for (const order of orders) {
    const { totals } = await progressRows(tx, order, (byOrder.get(order.id) ?? []).sort(byLineNo));
    out.push({
      id: order.id,
      orderNumber: String(order.orderNumber ?? ''),
      typeCode: String(order.typeCode ?? ''),
      statusCode: isOrderStatus(order.statusCode) ? order.statusCode : 'unknown',
      priority: textOf(order.priority),
      plannedDate: textOf(order.plannedDate),
      assignedUserId: textOf(order.assignedUserId),
      comment: textOf(order.comment),
      row: order,
      ...totals,
    });
  }
  const mine = (o: OrderSummary) => (userId && o.assignedUserId === userId ? 0 : 1);
  return out.sort(
    (a, b) =>
      mine(a) - mine(b) ||
      (priorityRank[a.priority ?? 'normal'] ?? 1) - (priorityRank[b.priority ?? 'normal'] ?? 1) ||
      (a.plannedDate ?? '\uffff').localeCompare(b.plannedDate ?? '\uffff') ||
      a.orderNumber.localeCompare(b.orderNumber),
  );
};

/**
 * One order with its positions: product, ordered, recorded, remaining, done — and the sync state of what
 * this device recorded for each (a refused quantity keeps its reason until the user acts). Needs a store
 * transaction (the outbox).
 */
export const orderDetail = async (tx: StoreTx, orderId: string): Promise<OrderDetail | null> => {
  const [order] = await tx.get('wmsOrder', [orderId]);
  if (!order) return null;
  const rows = (await tx.where('wmsOrderPosition', 'orderId', [orderId])).sort(byLineNo);
  const { totals, per } = await progressRows(tx, order, rows);
  const productIds = [...new Set(rows.map((r) => String(r.productId ?? '')))].filter((id) => id !== '');
  const products = new Map((await tx.get('product', productIds)).map((p) => [p.id, p]));
  const locationIds = new Set<string>();
  for (const r of [order, ...rows])
    for (const id of [
      textOf(r.sourceLocationId),
      textOf(r.destinationLocationId),
      textOf(r.verifyLocationId),
    ])
      if (id) locationIds.add(id);
  const locations = new Map((await tx.get('storageSpace', [...locationIds])).map((l) => [l.id, l]));
  const entries = await liveEntriesOfOrder(tx, orderId);
  const positions: PositionView[] = rows.map((row, i) => {
    const p = per[i];
    const recorded = numberOf(row.quantityReal);
    const productId = String(row.productId ?? '');
    return {
      id: row.id,
      lineNo: numberOf(row.lineNo) ?? i + 1,
      row,
      productId,
      product: products.get(productId),
      ordered: p?.ordered ?? 0,
      recorded,
      realised: p?.realised ?? 0,
      remaining: p?.remaining ?? 0,
      done: p?.done ?? false,
      sourceLocationId: textOf(row.sourceLocationId) ?? textOf(order.sourceLocationId),
      destinationLocationId: textOf(row.destinationLocationId) ?? textOf(order.destinationLocationId),
      ...positionState(entries, row.id, recorded !== null),
    };
  });
  // The order's own entries (generate, finish), not its positions'.
  const orderEntries = entries.filter((e) => subjectOf(e.intent).orderPositionId === undefined);
  const lastRejected = orderEntries.filter((e) => e.status === 'rejected').at(-1);
  const kind = flowKindOfOrder(order.typeCode);
  return {
    order,
    kind,
    isCount: kind === 'verify',
    positions,
    totals,
    locations,
    ...(lastRejected?.rejection
      ? {
          state: 'rejected' as const,
          rejection: lastRejected.rejection,
          rejectedMutationId: lastRejected.mutationId,
        }
      : {
          state: orderEntries.some((e) => e.status === 'pending')
            ? ('pending' as const)
            : ('accepted' as const),
        }),
  };
};

// --- documents ---

export interface LineView extends LineState {
  readonly product: Row | undefined;
  /** The location the flow scanned for this line (receipt: destination; release: source). */
  readonly location: Row | undefined;
}

export interface DocumentView {
  readonly document: Row | null;
  /** The number to show: the final one once the server gave it, else the provisional one. */
  readonly number: string;
  /** Still the device's provisional number (the server has not answered the creation yet). */
  readonly provisional: boolean;
  readonly kind: FlowKind | null;
  readonly state: SyncState;
  readonly rejection?: Rejection;
  readonly rejectedMutationId?: number;
  readonly lines: readonly LineView[];
}

const byLineOrder = (a: Row, b: Row): number => byLineNo(a, b);

/**
 * A document the terminal is filling: its number (provisional until the server answers), its state, and
 * every line with its sync state — including lines the server refused (kept as ghosts with the reason).
 */
export const documentInProgress = async (tx: StoreTx, documentId: string): Promise<DocumentView> => {
  const [document] = await tx.get('wmsDocument', [documentId]);
  const rows = (await tx.where('wmsDocumentPosition', 'documentId', [documentId])).sort(byLineOrder);
  const entries = entriesOfDocument([...(await tx.outboxOpen()), ...(await tx.outboxRejected())], documentId);
  const states = lineStates(rows, entries);
  const kind = flowKindOfDocument(document?.typeCode);
  const side = scannedSideOf(kind ?? 'release');
  const productIds = [...new Set(states.map((s) => String(s.line.productId ?? '')))].filter(
    (id) => id !== '',
  );
  const locationIds = [
    ...new Set(
      states.map((s) => textOf(s.line[`${side}LocationId`])).filter((id): id is string => id !== null),
    ),
  ];
  const products = new Map((await tx.get('product', productIds)).map((p) => [p.id, p]));
  const locations = new Map((await tx.get('storageSpace', locationIds)).map((l) => [l.id, l]));
  const number =
    textOf(document?.documentNumber) ??
    entries.map((e) => subjectOf(e.intent).provisionalNumber).find((n) => n !== undefined) ??
    '';
  const offline = textOf(document?.offlineNumber);
  return {
    document: document ?? null,
    number,
    provisional: offline !== null && offline === number,
    kind,
    ...documentState(entries),
    lines: states.map((s) => {
      const locationId = textOf(s.line[`${side}LocationId`]);
      return {
        ...s,
        product: products.get(String(s.line.productId ?? '')),
        location: locationId ? locations.get(locationId) : undefined,
      };
    }),
  };
};

export interface DocumentSummary {
  readonly id: string;
  readonly number: string;
  readonly typeCode: string;
  readonly createdAt: string | null;
  readonly lines: number;
}

/** Working copies of the flow's direct document type (started here or elsewhere), newest first: to resume. */
export const openDocuments = async (tx: RowReader, kind: FlowKind): Promise<DocumentSummary[]> => {
  const type = directTypeOf[kind];
  if (!type) return [];
  const documents = (await tx.where('wmsDocument', 'typeCode', [type])).filter(
    (d) => d.statusCode === 'workingCopy',
  );
  const lines = documents.length
    ? await tx.where(
        'wmsDocumentPosition',
        'documentId',
        documents.map((d) => d.id),
      )
    : [];
  const count = new Map<string, number>();
  for (const l of lines) count.set(String(l.documentId), (count.get(String(l.documentId)) ?? 0) + 1);
  return documents
    .map((d) => ({
      id: d.id,
      number: String(d.documentNumber ?? ''),
      typeCode: type,
      createdAt: textOf(d.createdAt),
      lines: count.get(d.id) ?? 0,
    }))
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.number.localeCompare(a.number));
};

/** Free stock of a product at one location, batch by batch in FEFO order (what a release may take there). */
export const batchesAt = async (
  tx: RowReader,
  productId: string,
  locationId: string,
  today: string = todayOf(Date.now()),
): Promise<SourceCandidate[]> =>
  (await fefoSource(tx, productId, 0, today)).candidates.filter((c) => c.key.locationId === locationId);

/** Ids of the documents and orders holding a refusal the user has not dealt with yet (the lists mark them). */
export const rejectedRecords = async (tx: StoreTx): Promise<Set<string>> => {
  const out = new Set<string>();
  for (const e of await tx.outboxRejected()) {
    if (e.resolvedAt) continue;
    const id = orderIdOf(e) ?? documentIdOf(e);
    if (id) out.add(id);
  }
  return out;
};
