import { numberOf, textOf } from '../../../../domain/rowValues';
import { subjectOf } from '../../../../domain/sync/intents';
import { addQuantities } from '../../../../domain/warehouse/quantity';
import { isOrderStatus, type OrderStatus } from '../../../../domain/warehouse/statuses';
import type { RowReader, StoreTx } from '../../../../sync/ports';
import type { OutboxEntry, Rejection, Row } from '../../../../sync/types';
import { type FlowKind, flowKindOfOrder, orderTypesOf } from './flowKinds';
import { byLineNo } from './lineOrder';
import { orderProgress, type ProgressTotals, progressTotals } from './orderProgress';
import { documentIdOf, isLive, orderIdOf, positionState, type SyncState } from './syncStates';

/**
 * The terminal's reads of the replica (the view: server rows with this device's pending work applied): the floor's open orders with their progress, one order's positions with their sync states.
 * Every function takes a read transaction of the store (`store.read(tx => …)` or useReplicaQuery). See ./index.ts.
 */

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
