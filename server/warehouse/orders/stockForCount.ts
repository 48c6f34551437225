import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { VerificationScope } from '../../../domain/warehouse/orderTypes';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { col } from '../../db/resourceColumns';
import type { Row } from '../../resources/rows';
import type { Scope } from '../../resources/scope';
import { orderTablesOf } from './orderTables';
import type { PositionValues } from './parseOrderInput';

/** Ids of a location and every location below it. */
const subtreeOf = async (ctx: AppContext, db: Executor, scope: Scope, rootId: string): Promise<string[]> => {
  const l = orderTablesOf(ctx).locations;
  const rows = await db
    .select({ id: col(l, 'id'), parentId: col(l, 'parentId') })
    .from(l)
    .where(eq(col(l, 'clientAccountId'), scope.clientAccountId));
  const children = new Map<string, string[]>();
  for (const r of rows) {
    const parent = r.parentId === null ? '' : String(r.parentId);
    children.set(parent, [...(children.get(parent) ?? []), String(r.id)]);
  }
  const out: string[] = [];
  const queue = [rootId];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const id = queue.shift() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    queue.push(...(children.get(id) ?? []));
  }
  return out;
};

/**
 * The positions of a stock count: one per stock row in the count's scope (everything, a product, a contractor's
 * products, or a location with the locations below it), expected = quantity on hand, in walking order.
 */
export const stockForCount = async (
  ctx: AppContext,
  db: Executor,
  scope: Scope,
  verificationScope: VerificationScope,
  order: Row,
): Promise<PositionValues[]> => {
  const { products, locations } = orderTablesOf(ctx);
  const stock = ctx.schema.warehouseTables.stock;
  const conditions: SQL[] = [eq(stock.clientAccountId, scope.clientAccountId), gt(stock.quantity, 0)];
  if (verificationScope === 'product') conditions.push(eq(stock.productId, String(order.verifyProductId)));
  if (verificationScope === 'contractor')
    conditions.push(eq(col(products, 'contractorId'), String(order.contractorId)));
  if (verificationScope === 'location')
    conditions.push(
      inArray(stock.locationId, await subtreeOf(ctx, db, scope, String(order.verifyLocationId))),
    );
  const rows = await db
    .select({
      productId: stock.productId,
      locationId: stock.locationId,
      container: stock.container,
      serialNumber: stock.serialNumber,
      prodDate: stock.prodDate,
      expDate: stock.expDate,
      quantity: stock.quantity,
    })
    .from(stock)
    .innerJoin(products, eq(col(products, 'id'), stock.productId))
    .innerJoin(locations, eq(col(locations, 'id'), stock.locationId))
    .where(and(...conditions))
    .orderBy(
      asc(col(locations, 'pickupOrder')),
      asc(col(locations, 'label')),
      asc(stock.container),
      asc(col(products, 'index')),
      asc(stock.expDate),
      asc(stock.id),
    );
  return rows.map((r) => ({
    productId: r.productId,
    quantity: Number(r.quantity),
    sourceLocationId: r.locationId,
    sourceContainer: r.container || null,
    serialNumber: r.serialNumber || null,
    prodDate: r.prodDate,
    expDate: r.expDate,
  }));
};
