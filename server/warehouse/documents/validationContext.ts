import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { isUuid, numberOf, textOf } from '../../../domain/rowValues';
import { todayOf } from '../../../domain/warehouse/isoDate';
import type { LogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import { addQuantities, subtractQuantity } from '../../../domain/warehouse/quantity';
import { refusalOf } from '../../../domain/warehouse/refusal';
import { ruleLookupsOf } from '../../../domain/warehouse/ruleLookups';
import { isOrderStatus } from '../../../domain/warehouse/statuses';
import { validateDocument } from '../../../domain/warehouse/validateDocument';
import type {
  DocumentDraft,
  OrderRules,
  PositionDraft,
  ValidationContext,
} from '../../../domain/warehouse/validationInput';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { col, tableOf } from '../../db/resourceColumns';
import { type LoadedProducts, loadRuleRows, type RuleRowMemory } from '../stock/ruleRows';
import { stockServiceOf } from '../stock/stockService';

export interface ContextOptions {
  /** Fill `available` (confirming, or reserving working copies); otherwise the availability rule is skipped. */
  readonly availability: boolean;
  /** This document's own reservations per key: not taken from itself. */
  readonly ownReserved?: ReadonlyMap<string, number>;
  /** The document being edited or confirmed: its own quantities do not count against its order. */
  readonly documentId?: string;
  /** What the unit's earlier calls read (lineMemory.ts): only the rest is read. */
  readonly memory?: ValidationMemory;
}

/** Rule inputs a push group's line changes read, kept for its later calls (lineMemory.ts). */
export interface ValidationMemory {
  readonly rules: RuleRowMemory;
  /** loadOrderRules by order and document (orderRulesKey). */
  readonly orders: Map<string, OrderRules | undefined>;
}

const orderRulesKey = (orderId: string, documentId: string | undefined) => `${orderId} ${documentId ?? ''}`;

/**
 * The document rules on a document with its positions, with their inputs read in the caller's transaction:
 * issues become one error (domain refusalOf: stockShortfall or documentInvalid, as the terminal refuses offline).
 * Returns the products read (messages, stock rows' contractors).
 */
export const checkDocument = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  config: LogisticsConfig,
  document: DocumentDraft,
  positions: readonly PositionDraft[],
  opts: ContextOptions,
): Promise<LoadedProducts> => {
  const { context, products } = await loadValidationContext(
    ctx,
    tx,
    accountId,
    config,
    document,
    positions,
    opts,
  );
  const issues = validateDocument(document, positions, context);
  if (issues.length) {
    const refusal = refusalOf(issues);
    throw new AppError(refusal.code, { issues: refusal.issues });
  }
  return products;
};

/** Where the rules' inputs come from: what validateDocument needs, loaded in the caller's transaction. */
export const loadValidationContext = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  config: LogisticsConfig,
  document: DocumentDraft,
  positions: readonly PositionDraft[],
  opts: ContextOptions,
): Promise<{ context: ValidationContext; products: LoadedProducts }> => {
  // What to read is the domain's to say (the terminal gathers the same); how to read it is this module's.
  const lookups = ruleLookupsOf(document, positions, { availability: opts.availability });
  const wanted = {
    productIds: lookups.productIds,
    locationIds: lookups.locationIds,
    containers: lookups.containers,
  };
  const { products, locations, containerLocations } = opts.memory
    ? await opts.memory.rules.load(ctx, tx, accountId, wanted)
    : await loadRuleRows(ctx, tx, accountId, wanted);

  let available: Map<string, number> | undefined;
  if (opts.availability)
    available = await stockServiceOf(ctx).availableFor(tx, accountId, lookups.stockKeys, opts.ownReserved);

  let locationLoadKg: Map<string, number> | undefined;
  if (config.rules.rackCapacity.enabled)
    locationLoadKg = await loadLocationLoad(ctx, tx, accountId, lookups.locationIds.filter(isUuid));

  const order = document.orderId ? await orderRulesOf(ctx, tx, accountId, document.orderId, opts) : undefined;
  return {
    products,
    context: {
      today: todayOf(Date.now()),
      products,
      locations,
      containerLocations,
      ...(available ? { available } : {}),
      ...(order ? { order } : {}),
      ...(locationLoadKg ? { locationLoadKg } : {}),
      rules: config.rules,
    },
  };
};

/** loadOrderRules, once per order and document in a unit of several calls. */
const orderRulesOf = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  orderId: string,
  opts: ContextOptions,
): Promise<OrderRules | undefined> => {
  const key = orderRulesKey(orderId, opts.documentId);
  if (opts.memory?.orders.has(key)) return opts.memory.orders.get(key);
  const rules = await loadOrderRules(ctx, tx, accountId, orderId, opts.documentId);
  opts.memory?.orders.set(key, rules);
  return rules;
};

/** Current load in kg of the given locations (Σ quantity × unit weight), for rack capacity. */
const loadLocationLoad = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  locationIds: readonly string[],
): Promise<Map<string, number>> => {
  const out = new Map<string, number>();
  if (!locationIds.length) return out;
  const { stock } = ctx.schema.warehouseTables;
  const product = tableOf(ctx, 'product');
  const rows = await tx
    .select({
      locationId: stock.locationId,
      kg: sql<string>`sum(${stock.quantity} * coalesce(${col(product, 'weight')}, 0))`,
    })
    .from(stock)
    .innerJoin(product, eq(col(product, 'id'), stock.productId))
    .where(and(eq(stock.clientAccountId, accountId), inArray(stock.locationId, [...locationIds])))
    .groupBy(stock.locationId);
  for (const r of rows) out.set(r.locationId, Number(r.kg));
  return out;
};

/**
 * The linked order as the rules see it. The orders module owns orders; this reads their rows directly:
 * remaining per product = Σ ordered − Σ quantities of the order's other confirmed documents.
 */
export const loadOrderRules = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  orderId: string,
  exceptDocumentId: string | undefined,
): Promise<OrderRules | undefined> => {
  if (!isUuid(orderId)) return undefined;
  const orders = tableOf(ctx, 'wmsOrder');
  const orderPositions = tableOf(ctx, 'wmsOrderPosition');
  const documents = tableOf(ctx, 'wmsDocument');
  const positions = tableOf(ctx, 'wmsDocumentPosition');
  const [order] = await tx
    .select({
      id: col(orders, 'id'),
      typeCode: col(orders, 'typeCode'),
      statusCode: col(orders, 'statusCode'),
    })
    .from(orders)
    .where(and(eq(col(orders, 'clientAccountId'), accountId), eq(col(orders, 'id'), orderId)));
  if (!order) return undefined;
  const ordered = await tx
    .select({
      productId: col(orderPositions, 'productId'),
      quantity: sql<string>`sum(${col(orderPositions, 'quantity')})`,
    })
    .from(orderPositions)
    .where(
      and(eq(col(orderPositions, 'clientAccountId'), accountId), eq(col(orderPositions, 'orderId'), orderId)),
    )
    .groupBy(col(orderPositions, 'productId'));
  const conditions = [
    eq(col(documents, 'clientAccountId'), accountId),
    eq(col(documents, 'orderId'), orderId),
    eq(col(documents, 'statusCode'), 'confirmed'),
  ];
  if (exceptDocumentId) conditions.push(ne(col(documents, 'id'), exceptDocumentId));
  const realised = await tx
    .select({
      productId: col(positions, 'productId'),
      quantity: sql<string>`sum(${col(positions, 'quantity')})`,
    })
    .from(positions)
    .innerJoin(documents, eq(col(documents, 'id'), col(positions, 'documentId')))
    .where(and(...conditions))
    .groupBy(col(positions, 'productId'));
  const done = new Map(realised.map((r) => [String(r.productId), numberOf(r.quantity) ?? 0]));
  const remaining = new Map<string, number>();
  for (const r of ordered) {
    const productId = String(r.productId);
    remaining.set(
      productId,
      subtractQuantity(addQuantities(numberOf(r.quantity) ?? 0), done.get(productId) ?? 0),
    );
  }
  const status = textOf(order.statusCode);
  return {
    id: String(order.id),
    typeCode: String(order.typeCode ?? ''),
    statusCode: isOrderStatus(status) ? status : 'unknown',
    remaining,
  };
};
