import { and, asc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { basketIssues, checkDeliveryDate, maxOrderComment } from '../../domain/portal/basket';
import type { PortalProduct } from '../../domain/portal/portalTypes';
import { todayOf } from '../../domain/warehouse/isoDate';
import { orderTypes } from '../../domain/warehouse/orderTypes';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { col, tableOf } from '../db/resourceColumns';
import { inTransaction } from '../http/dbErrors';
import type { Row } from '../resources/rows';
import { loadLogisticsConfig } from '../warehouse/logisticsConfigStore';
import { checkOrderPositions } from '../warehouse/orders/checkOrderPositions';
import { nextOrderNumber } from '../warehouse/orders/nextOrderNumber';
import { OrderStore, type OrderWithPositions } from '../warehouse/orders/orderStore';
import { orderTablesOf } from '../warehouse/orders/orderTables';
import type { Basket } from './basket';
import { orderableOf } from './orderableStock';
import { visiblePortalProducts } from './portalProducts';
import type { PortalScope } from './portalScope';

/** The origin portal orders carry in `sourceType`: the warehouse's order lists show it. */
export const portalOrderSource = 'portal';

export interface ConfirmedOrder {
  readonly order: OrderWithPositions;
  /** The rows written (the answer is shaped from them, not read again). */
  readonly rows: { readonly order: Row; readonly positions: readonly Row[] };
  readonly products: ReadonlyMap<string, PortalProduct>;
}

/**
 * Confirms a contractor user's basket as a release order (POST contractororders/confirm-order?deliveryDate=):
 * in one transaction the basket's lines and their products are locked (products in id order, so concurrent
 * confirmations queue on the products they share and never deadlock), what can be ordered is read again under
 * those locks — seeing every order committed before — and either every line fits and the order is saved, waiting
 * for the floor, with the basket emptied, or nothing is saved and the error names each short line.
 */
export const confirmBasket = async (
  ctx: AppContext,
  basket: Basket,
  scope: PortalScope,
  input: { deliveryDate: unknown; comment: unknown },
  lng: string | undefined,
): Promise<ConfirmedOrder> => {
  const today = todayOf(ctx.clock.now());
  const date = checkDeliveryDate(input.deliveryDate, today);
  if ('error' in date) throw new AppError('formHasErrors', { fields: [date.error] });
  const comment = typeof input.comment === 'string' ? input.comment.trim() : '';
  if (input.comment !== undefined && input.comment !== null && typeof input.comment !== 'string')
    throw new AppError('formHasErrors', { fields: [{ field: 'comment', rule: 'invalidValue' }] });
  if (comment.length > maxOrderComment)
    throw new AppError('formHasErrors', {
      fields: [{ field: 'comment', rule: 'maxLength', params: { max: maxOrderComment } }],
    });

  const tables = orderTablesOf(ctx);
  const store = new OrderStore(ctx);
  const run = async (tx: Tx): Promise<ConfirmedOrder> => {
    const lines = await basket.lines(tx, scope, true);
    if (lines.length === 0) throw new AppError('basketEmpty');
    const productIds = [...new Set(lines.map((l) => l.productId))].sort();
    const product = tableOf(ctx, 'product');
    await tx
      .select({ id: col(product, 'id') })
      .from(product)
      .where(
        and(
          eq(col(product, 'clientAccountId'), scope.clientAccountId),
          inArray(col(product, 'id'), productIds),
        ),
      )
      .orderBy(asc(col(product, 'id')))
      .for('no key update');
    const [products, orderable] = await Promise.all([
      visiblePortalProducts(ctx, tx, scope, productIds, lng),
      orderableOf(tx, scope.clientAccountId, productIds),
    ]);
    const wanted = lines.map((l) => ({ productId: l.productId, quantity: Number(l.quantity) }));
    const labels = new Map([...products].map(([id, p]) => [id, p.index]));
    const issues = basketIssues(wanted, orderable, labels);
    if (issues.length) throw new AppError('stockShortfall', { issues });

    const type = orderTypes.OOU;
    const header: Row = {
      typeCode: type.code,
      contractorId: scope.contractorId,
      priority: 'normal',
      sourceType: portalOrderSource,
      deliveryDate: new Date(`${date.date}T00:00:00.000Z`),
      plannedDate: new Date(`${date.date}T00:00:00.000Z`),
      comment: comment || null,
    };
    const positions = wanted.map((w) => ({ productId: w.productId, quantity: w.quantity }));
    await checkOrderPositions(ctx, tx, scope, type, header, positions);
    const config = await loadLogisticsConfig(tx, scope.clientAccountId);
    const orderNumber = await nextOrderNumber(ctx, tx, scope.clientAccountId, config, type.code, today);
    const order = await store.insertOrder(tx, scope, {
      ...header,
      orderNumber,
      statusCode: 'waitingToProcess',
      realisationStarted: false,
      positionsCount: positions.length,
      positionsDone: 0,
    });
    const stored = await store.replacePositions(tx, scope, String(order.id), positions);
    await tables.orderService.log(tx, scope, 'create', String(order.id), undefined, order);
    await basket.empty(
      tx,
      scope,
      lines.map((l) => l.id),
    );
    return { order: store.toApi(order, stored), rows: { order, positions: stored }, products };
  };
  const confirmed = await inTransaction(ctx.db, run);
  tables.orderService.publish(scope, String(confirmed.order.id), 'create');
  return confirmed;
};
