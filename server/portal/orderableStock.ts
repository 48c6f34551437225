import { type SQL, sql } from 'drizzle-orm';
import {
  claimingOrderStatuses,
  claimingOrderTypes,
  lineTarget,
  openOrderClaim,
  orderableQuantity,
  sumQuantities,
} from '../../domain/portal/availability';
import type { LogisticsConfig } from '../../domain/warehouse/logisticsConfig';
import type { Executor } from '../db/client';
import { rowsOf } from '../db/rawRows';
import { loadLogisticsConfig } from '../warehouse/logisticsConfigStore';

/** One array parameter (`{a,b}`) instead of one parameter per id. */
export const uuidArray = (ids: readonly string[]): string => `{${ids.join(',')}}`;
const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Which products a read is about: `column` (a product id column) among them. */
export type ProductFilter = (column: SQL) => SQL;

/** The products of these ids (one array parameter). */
export const productIdsFilter =
  (productIds: readonly string[]): ProductFilter =>
  (column) =>
    sql`${column} = any(${uuidArray(productIds)}::uuid[])`;

/** On hand and reserved per product. */
const stockStatement = (clientAccountId: string, products: ProductFilter) => sql`
    select product_id::text as product_id, sum(quantity)::text as on_hand, sum(reserved)::text as reserved
    from stock
    where client_account_id = ${clientAccountId}::uuid and ${products(sql`product_id`)}
    group by product_id`;

/** Lines of open release orders for these products. */
const linesStatement = (clientAccountId: string, products: ProductFilter) => sql`
    select p.order_id::text as order_id, p.product_id::text as product_id, p.quantity::text as quantity,
      p.quantity_real::text as quantity_real
    from wms_order_position p join wms_order o on o.id = p.order_id
    where p.client_account_id = ${clientAccountId}::uuid and o.client_account_id = ${clientAccountId}::uuid
      and ${products(sql`p.product_id`)}
      and o.type_code in (${listOf(claimingOrderTypes)}) and o.status_code in (${listOf(claimingOrderStatuses)})`;

/**
 * The two reads behind the orderable quantity (a third, of the orders' documents, only when open orders claim
 * the products), for the benchmark's raw SQL next to the API; `products` as a filter, the catalogue reads them as
 * subqueries of its page's statement.
 */
export const orderableStatements = (
  clientAccountId: string,
  productIds: readonly string[] | ProductFilter,
) => {
  const products = typeof productIds === 'function' ? productIds : productIdsFilter(productIds);
  return {
    stock: stockStatement(clientAccountId, products),
    lines: linesStatement(clientAccountId, products),
  };
};

/** Rows aggregated as JSON by a statement (the driver hands json as parsed values, or as text). */
export const jsonRows = (value: unknown): Record<string, unknown>[] => {
  const parsed = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as Record<string, unknown>[]) : [];
};

/** Rows of the stock and lines reads (text columns, as the statements give them). */
export interface OrderableRows {
  readonly stock: readonly Record<string, unknown>[];
  readonly lines: readonly Record<string, unknown>[];
}

/** What the documents of these orders hold per order and product (reverted ones left out). */
const documentsStatement = (
  clientAccountId: string,
  orderIds: readonly string[],
  productIds: readonly string[],
) => sql`
  select d.order_id::text as order_id, p.product_id::text as product_id,
    coalesce(sum(p.quantity), 0)::text as documented,
    coalesce(sum(p.quantity) filter (where d.status_code = 'confirmed'), 0)::text as confirmed
  from wms_document d join wms_document_position p on p.document_id = d.id
  where d.client_account_id = ${clientAccountId}::uuid and p.client_account_id = ${clientAccountId}::uuid
    and d.order_id = any(${uuidArray(orderIds)}::uuid[]) and d.status_code <> 'reverted'
    and p.product_id = any(${uuidArray(productIds)}::uuid[])
  group by d.order_id, p.product_id`;

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/**
 * What a contractor can order now, per product (domain/portal/availability.ts): stock on hand less reservations
 * less what open release orders still claim. Visibility is the caller's: only ids the contractor may see go in.
 * Read in the caller's transaction, so a confirmation holding the products' locks sees every order committed
 * before it.
 */
export const orderableOf = async (
  db: Executor,
  clientAccountId: string,
  productIds: readonly string[],
): Promise<Map<string, number>> => {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const statements = orderableStatements(clientAccountId, ids);
  const stock = rowsOf(await db.execute(statements.stock));
  const lines = rowsOf(await db.execute(statements.lines));
  return orderableFrom(db, clientAccountId, ids, { stock, lines });
};

/**
 * The orderable quantity of each product from the stock and lines already read (orderableStatements), reading the
 * documents of the open orders among them when there are any (and the account's logistics config, unless given).
 */
export const orderableFrom = async (
  db: Executor,
  clientAccountId: string,
  productIds: readonly string[],
  { stock, lines }: OrderableRows,
  config?: LogisticsConfig,
): Promise<Map<string, number>> => {
  const out = new Map<string, number>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return out;
  const orderIds = [...new Set(lines.map((l) => String(l.order_id)))];
  const documents = orderIds.length
    ? rowsOf(await db.execute(documentsStatement(clientAccountId, orderIds, ids)))
    : [];
  const reserve = orderIds.length
    ? (config ?? (await loadLogisticsConfig(db, clientAccountId))).workingCopiesCountInStock
    : false;

  // Per order and product: what its lines want and what its documents cover.
  const targets = new Map<string, { productId: string; targets: number[] }>();
  for (const l of lines) {
    const key = `${l.order_id}/${l.product_id}`;
    const entry = targets.get(key) ?? { productId: String(l.product_id), targets: [] };
    entry.targets.push(lineTarget(num(l.quantity), l.quantity_real === null ? null : num(l.quantity_real)));
    targets.set(key, entry);
  }
  const covered = new Map(documents.map((d) => [`${d.order_id}/${d.product_id}`, d]));
  const claimed = new Map<string, number[]>();
  for (const [key, entry] of targets) {
    const d = covered.get(key);
    const claim = openOrderClaim(
      sumQuantities(entry.targets),
      num(d?.documented),
      num(d?.confirmed),
      reserve,
    );
    claimed.set(entry.productId, [...(claimed.get(entry.productId) ?? []), claim]);
  }
  const onHand = new Map(stock.map((s) => [String(s.product_id), s]));
  for (const id of ids) {
    const s = onHand.get(id);
    out.set(id, orderableQuantity(num(s?.on_hand), num(s?.reserved), sumQuantities(claimed.get(id) ?? [])));
  }
  return out;
};
