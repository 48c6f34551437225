import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import { type PositionProgress, positionsProgress } from '../../../domain/warehouse/positionsProgress';
import { isOrderStatus, verificationStatus } from '../../../domain/warehouse/statuses';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/client';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { realisationStatus, statusPath } from './orderStatusFlow';
import { OrderStore } from './orderStore';

/** Progress of an order's positions from its stored positions and its documents. */
export const progressOf = async (
  store: OrderStore,
  db: Executor,
  scope: Scope,
  order: Row,
  positions: readonly Row[],
): Promise<PositionProgress[]> => {
  const id = String(order.id);
  const totals = (await store.documentTotals(db, scope, [id])).get(id) ?? new Map();
  return positionsProgress(
    positions.map((p) => ({
      id: String(p.id),
      productId: String(p.productId),
      quantity: Number(p.quantity),
      quantityReal: p.quantityReal === null || p.quantityReal === undefined ? null : Number(p.quantityReal),
    })),
    totals,
  );
};

/** Whether a count has been finished (verify/finish): its lines are then closed for counting. */
export const isFinishedCount = (order: Row): boolean =>
  typeof order.verificationStatus === 'string' && order.verificationStatus.startsWith('finished');

/**
 * Brings an order's derived fields up to date after its positions or documents changed: positionsCount,
 * positionsDone, realisationStarted (a confirmed document or a recorded quantity), the count's
 * verificationStatus and the realisation status (waitingToProcess → inProgress → done…), each status step
 * allowed by the domain's transition table. The documents module calls it after confirming or reverting a
 * document of an order. Returns the stored order row.
 */
export const refreshOrder = async (ctx: AppContext, tx: Tx, scope: Scope, orderId: string): Promise<Row> => {
  const store = new OrderStore(ctx);
  const order = await store.findOrder(tx, scope, orderId, true);
  const type = orderTypeOf(String(order.typeCode));
  const current = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  if (!type) return order;
  const positions = await store.positionsOf(tx, scope, orderId);
  const progress = await progressOf(store, tx, scope, order, positions);
  const recorded = positions.some((p) => p.quantityReal !== null && p.quantityReal !== undefined);
  const started =
    order.realisationStarted === true || recorded || (await store.anyDocumentConfirmed(tx, scope, orderId));
  const wanted = realisationStatus(current, type.group, progress, started);
  const path = statusPath(current, wanted);
  const values: Row = {
    positionsCount: positions.length,
    positionsDone:
      type.group === 'verify'
        ? positions.filter((p) => p.quantityReal !== null && p.quantityReal !== undefined).length
        : progress.filter((p) => p.done).length,
    realisationStarted: started,
  };
  if (wanted !== current && path !== null) values.statusCode = wanted;
  if (type.group === 'verify' && !isFinishedCount(order))
    values.verificationStatus = verificationStatus(
      positions.map((p) => ({
        expected: Number(p.quantity),
        counted: p.quantityReal === null || p.quantityReal === undefined ? null : Number(p.quantityReal),
      })),
      false,
    );
  const changed = Object.entries(values).some(([k, v]) => order[k] !== v);
  return changed ? store.updateOrder(tx, scope, orderId, values) : order;
};
