import { getTableName, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { basketIssues, checkDeliveryDate, maxOrderComment } from '../../domain/portal/basket';
import type { PortalProduct } from '../../domain/portal/portalTypes';
import { todayOf } from '../../domain/warehouse/isoDate';
import { orderTypes } from '../../domain/warehouse/orderTypes';
import { userTable } from '../auth/userTable';
import type { AppContext } from '../context';
import { tableRowsOf } from '../db/builtOnce';
import type { Tx } from '../db/client';
import { clientAccount } from '../db/internalTables';
import { rowsOf } from '../db/rawRows';
import { col, tableOf } from '../db/resourceColumns';
import { inTransaction } from '../http/dbErrors';
import { productVisible } from '../resources/contractorScope';
import type { Row } from '../resources/rows';
import { storedLogisticsConfig } from '../warehouse/logisticsConfigStore';
import { checkOrderPositions } from '../warehouse/orders/checkOrderPositions';
import { nextOrderNumber } from '../warehouse/orders/nextOrderNumber';
import { OrderStore, type OrderWithPositions } from '../warehouse/orders/orderStore';
import { orderTablesOf } from '../warehouse/orders/orderTables';
import type { Basket } from './basket';
import { jsonRows, orderableFrom, orderableStatements, uuidArray } from './orderableStock';
import { portalProductSelection, toPortalProduct, translationJoin } from './portalProducts';
import type { PortalScope } from './portalScope';

/** The origin portal orders carry in `sourceType`: the warehouse's order lists show it. */
export const portalOrderSource = 'portal';

export interface ConfirmedOrder {
  readonly order: OrderWithPositions;
  /** The rows written (the answer is shaped from them, not read again). */
  readonly rows: { readonly order: Row; readonly positions: readonly Row[] };
  readonly products: ReadonlyMap<string, PortalProduct>;
  /** Who the confirmation e-mail goes to, read with the basket (no e-mail address: none is sent). */
  readonly recipient: { readonly email: string; readonly language: string | null; readonly company: string };
}

interface LockedLine {
  readonly id: string;
  readonly productId: string;
  readonly quantity: number;
}

/**
 * The basket's lines of products the contractor may see, locked with their products in one statement: both in
 * product id order (so concurrent confirmations queue on the products they share and never deadlock), the lines
 * handed back oldest first, as the basket lists them.
 */
const lockBasket = async (ctx: AppContext, tx: Tx, scope: PortalScope): Promise<LockedLine[]> => {
  const cart = ctx.schema.portalTables.cartLine;
  const p = tableOf(ctx, 'product');
  const rows = rowsOf(
    await tx.execute(sql`
      select ${cart.id}::text as id, ${cart.productId}::text as product_id, ${cart.quantity}::text as quantity,
        extract(epoch from ${cart.createdAt})::float8 as created
      from ${cart} join ${p} on ${col(p, 'id')} = ${cart.productId}
      where ${cart.clientAccountId} = ${scope.clientAccountId}::uuid and ${cart.userId} = ${scope.userId}::uuid
        and ${col(p, 'clientAccountId')} = ${scope.clientAccountId}::uuid and ${productVisible(p, scope.contractorId)}
      order by ${col(p, 'id')}
      for update of ${sql.identifier(getTableName(cart))}
      for no key update of ${sql.identifier(getTableName(p))}`),
  );
  return rows
    .map((r) => ({
      id: String(r.id),
      productId: String(r.product_id),
      quantity: Number(r.quantity),
      created: Number(r.created),
    }))
    .sort((a, b) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id, productId, quantity }) => ({ id, productId, quantity }));
};

/**
 * What the confirmation reads under the locks, in one statement: the products as the contractor sees them, their
 * stock and the lines of open release orders (domain/portal/availability.ts), the account's logistics config and
 * the e-mail's recipient. A statement of its own, after the locks: it sees every order committed before them.
 */
const readUnderLocks = async (
  ctx: AppContext,
  tx: Tx,
  scope: PortalScope,
  productIds: readonly string[],
  lng: string | undefined,
) => {
  const p = tableOf(ctx, 'product');
  const users = userTable(ctx.schema);
  const company = tableOf(ctx, 'company');
  const orderable = orderableStatements(scope.clientAccountId, productIds);
  const [row] = rowsOf(
    await tx.execute(sql`
      select
        (select coalesce(json_agg(x), '[]'::json) from (
          select ${portalProductSelection(ctx)}
          from ${p} left join ${tableOf(ctx, 'portalTranslation')} on ${translationJoin(ctx, lng)}
          where ${col(p, 'clientAccountId')} = ${scope.clientAccountId}::uuid
            and ${col(p, 'id')} = any(${uuidArray(productIds)}::uuid[]) and ${productVisible(p, scope.contractorId)}
        ) x) as products,
        (select coalesce(json_agg(s), '[]'::json) from (${orderable.stock}) s) as stock,
        (select coalesce(json_agg(l), '[]'::json) from (${orderable.lines}) l) as lines,
        (select ${clientAccount.logisticsConfig} from ${clientAccount}
          where ${clientAccount.id} = ${scope.clientAccountId}::uuid) as config,
        (select ${users.col('email')} from ${users.table} where ${users.col('id')} = ${scope.userId}::uuid) as email,
        (select ${users.col('defaultLanguage')} from ${users.table}
          where ${users.col('id')} = ${scope.userId}::uuid) as language,
        (select ${col(company, 'shortName')} from ${company}
          where ${col(company, 'id')} = ${scope.contractorId}::uuid) as company`),
  );
  const config = storedLogisticsConfig(
    typeof row?.config === 'string' ? JSON.parse(row.config) : (row?.config ?? {}),
  );
  const products = new Map(jsonRows(row?.products).map((r) => [String(r.id), toPortalProduct(r)]));
  const orderableNow = await orderableFrom(
    tx,
    scope.clientAccountId,
    productIds,
    { stock: jsonRows(row?.stock), lines: jsonRows(row?.lines) },
    config,
  );
  return {
    products,
    orderable: orderableNow,
    config,
    recipient: {
      email: typeof row?.email === 'string' ? row.email : '',
      language: typeof row?.language === 'string' ? row.language : null,
      company: typeof row?.company === 'string' ? row.company : '',
    },
  };
};

/**
 * The new order's lines in one statement whatever their number (one JSON parameter, not one per column and line),
 * numbered from 1, as the query builder would hand them back.
 */
const insertLines = async (
  ctx: AppContext,
  tx: Tx,
  scope: PortalScope,
  orderId: string,
  lines: readonly { readonly productId: string; readonly quantity: number }[],
): Promise<Row[]> => {
  const p = orderTablesOf(ctx).positions;
  const name = (field: string) => sql.identifier(col(p, field).name);
  const json = JSON.stringify(
    lines.map((l, i) => ({ line_no: i + 1, product_id: l.productId, quantity: l.quantity })),
  );
  const raw = rowsOf(
    await tx.execute(sql`
      insert into ${p} (${name('clientAccountId')}, ${name('orderId')}, ${name('lineNo')}, ${name('productId')}, ${name('quantity')})
      select ${scope.clientAccountId}::uuid, ${orderId}::uuid, x.line_no, x.product_id, x.quantity
      from jsonb_to_recordset(${json}::jsonb) as x(line_no int, product_id uuid, quantity float8)
      returning *`),
  );
  return tableRowsOf(p, raw).sort((a, b) => Number(a.lineNo) - Number(b.lineNo));
};

/**
 * Confirms a contractor user's basket as a release order (POST contractororders/confirm-order?deliveryDate=):
 * in one transaction the basket's lines and their products are locked (products in id order, so concurrent
 * confirmations queue on the products they share and never deadlock), what can be ordered is read again under
 * those locks — seeing every order committed before — and either every line fits and the order is saved, waiting
 * for the floor, with the basket emptied, or nothing is saved and the error names each short line. Set-based
 * whatever the basket's size: lock, read, number, order, its lines, log with the basket emptied — six statements
 * (a seventh reads the open orders' documents when open orders claim the products).
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
    const lines = await lockBasket(ctx, tx, scope);
    if (lines.length === 0) throw new AppError('basketEmpty');
    const productIds = [...new Set(lines.map((l) => l.productId))].sort();
    const read = await readUnderLocks(ctx, tx, scope, productIds, lng);
    const wanted = lines.map((l) => ({ productId: l.productId, quantity: l.quantity }));
    const labels = new Map([...read.products].map(([id, p]) => [id, p.index]));
    const issues = basketIssues(wanted, read.orderable, labels);
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
    const orderNumber = await nextOrderNumber(ctx, tx, scope.clientAccountId, read.config, type.code, today);
    const order = await store.insertOrder(tx, scope, {
      ...header,
      orderNumber,
      statusCode: 'waitingToProcess',
      realisationStarted: false,
      positionsCount: positions.length,
      positionsDone: 0,
    });
    const stored = await insertLines(ctx, tx, scope, String(order.id), positions);
    // The ordered lines leave the basket in the statement that logs the order.
    const emptied = basket.emptyStatement(
      tx,
      scope,
      lines.map((l) => l.id),
    );
    const logged = tables.orderService.logStatement(tx, scope, 'create', String(order.id), undefined, order);
    if (logged) await tx.execute(sql`with emptied as (${emptied.getSQL()}) ${logged.getSQL()}`);
    else await emptied;
    return {
      order: store.toApi(order, stored),
      rows: { order, positions: stored },
      products: read.products,
      recipient: read.recipient,
    };
  };
  const confirmed = await inTransaction(ctx.db, run);
  tables.orderService.publish(scope, String(confirmed.order.id), 'create');
  return confirmed;
};
