import { numberOf, textOf } from '../domain/rowValues';
import { type LogisticsConfig, parseLogisticsConfig } from '../domain/warehouse/logisticsConfig';
import { addQuantities, subtractQuantity } from '../domain/warehouse/quantity';
import { locationRulesOf, productRulesOf } from '../domain/warehouse/ruleInputs';
import { ruleLookupsOf } from '../domain/warehouse/ruleLookups';
import { isOrderStatus } from '../domain/warehouse/statuses';
import { available as availableOf } from '../domain/warehouse/stock';
import type {
  DocumentDraft,
  LocationRules,
  OrderRules,
  PositionDraft,
  ProductRules,
  ValidationContext,
} from '../domain/warehouse/validationInput';
import type { RowReader } from './ports';
import type { Row, StockRecord } from './types';

/**
 * The rules' inputs read from the replica's view: what to read is the domain's (ruleLookupsOf), how a row reads
 * is the domain's (productRulesOf, locationRulesOf) — the server does the same from its tables
 * (server/warehouse/documents/validationContext.ts) — so an intent refused here is refused there with the same
 * issue codes. Only the reads are this module's.
 */

/** Configs parsed from frozen rows (the replica store's memory hands out the same row until it changes). */
const parsedConfigs = new WeakMap<Row, LogisticsConfig>();

/** The account's logistics config from the replica; defaults until the first pull brought it. */
export const readLogisticsConfig = async (reader: RowReader): Promise<LogisticsConfig> => {
  const [row] = await reader.all('logisticsConfig');
  if (!row || !Object.isFrozen(row)) return parseLogisticsConfig(row);
  let config = parsedConfigs.get(row);
  if (!config) {
    config = parseLogisticsConfig(row);
    parsedConfigs.set(row, config);
  }
  return config;
};

export const loadProductRules = async (
  reader: RowReader,
  ids: readonly string[],
): Promise<Map<string, ProductRules>> => {
  const unique = [...new Set(ids)].filter((id) => id !== '');
  const rows = unique.length ? await reader.get('product', unique) : [];
  return new Map(rows.map((r) => [r.id, productRulesOf(r)]));
};

export const loadLocationRules = async (
  reader: RowReader,
  ids: readonly string[] | undefined,
): Promise<Map<string, LocationRules>> => {
  // Location types are a handful of rows: read them all alongside, not after, the locations.
  const [rows, types] = await Promise.all([
    ids === undefined
      ? reader.all('storageSpace')
      : ids.length
        ? reader.get('storageSpace', [...new Set(ids)])
        : Promise.resolve([]),
    ids === undefined || ids.length ? reader.all('storageSpaceType') : Promise.resolve([]),
  ]);
  const typeById = new Map(types.map((t) => [t.id, t]));
  return new Map(
    rows.map((r) => {
      const typeId = textOf(r.typeId);
      return [r.id, locationRulesOf(r, typeId === null ? undefined : typeById.get(typeId)?.handleStock)];
    }),
  );
};

export interface ReplicaContextOptions {
  /** Fill `available`; otherwise the availability rule is skipped (as on the server). */
  readonly availability: boolean;
  /** The document's own reservations per key: not taken from itself. */
  readonly ownReserved?: ReadonlyMap<string, number>;
  /** The validated document: its own quantities do not count against its order. */
  readonly documentId?: string;
}

/** Remaining per product on an order: Σ ordered − Σ quantities of its other confirmed documents. */
export const loadOrderRules = async (
  reader: RowReader,
  orderId: string,
  exceptDocumentId: string | undefined,
): Promise<OrderRules | undefined> => {
  const [[order], positions, linked] = await Promise.all([
    reader.get('wmsOrder', [orderId]),
    reader.where('wmsOrderPosition', 'orderId', [orderId]),
    reader.where('wmsDocument', 'orderId', [orderId]),
  ]);
  if (!order) return undefined;
  const documents = linked.filter((d) => d.statusCode === 'confirmed' && d.id !== exceptDocumentId);
  const lines = documents.length
    ? await reader.where(
        'wmsDocumentPosition',
        'documentId',
        documents.map((d) => d.id),
      )
    : [];
  const done = new Map<string, number>();
  for (const l of lines) {
    const productId = String(l.productId);
    done.set(productId, addQuantities(done.get(productId) ?? 0, numberOf(l.quantity) ?? 0));
  }
  const ordered = new Map<string, number>();
  for (const p of positions) {
    const productId = String(p.productId);
    ordered.set(productId, addQuantities(ordered.get(productId) ?? 0, numberOf(p.quantity) ?? 0));
  }
  const remaining = new Map<string, number>();
  for (const [productId, q] of ordered)
    remaining.set(productId, subtractQuantity(q, done.get(productId) ?? 0));
  const status = textOf(order.statusCode);
  return {
    id: order.id,
    typeCode: String(order.typeCode ?? ''),
    statusCode: isOrderStatus(status) ? status : 'unknown',
    remaining,
  };
};

/**
 * Available (on hand − reserved, plus what the document reserves itself) per stock key. The rows are read
 * by their key: exactly the rows asked about, not every row of their products.
 */
export const loadAvailable = async (
  reader: RowReader,
  keys: readonly string[],
  ownReserved: ReadonlyMap<string, number> | undefined,
): Promise<Map<string, number>> => {
  const wanted = new Set(keys);
  const rows = wanted.size ? ((await reader.where('stock', 'key', [...wanted])) as StockRecord[]) : [];
  const onHand = new Map<string, number>();
  const reserved = new Map<string, number>();
  for (const r of rows) {
    if (!wanted.has(r.key)) continue;
    onHand.set(r.key, addQuantities(onHand.get(r.key) ?? 0, r.quantity));
    reserved.set(r.key, addQuantities(reserved.get(r.key) ?? 0, r.reserved));
  }
  const out = new Map<string, number>();
  for (const key of wanted) {
    const own = ownReserved?.get(key) ?? 0;
    out.set(
      key,
      availableOf(onHand.get(key) ?? 0, Math.max(0, subtractQuantity(reserved.get(key) ?? 0, own))),
    );
  }
  return out;
};

/** Current load in kg of locations: Σ quantity × unit weight. */
const loadLocationLoad = async (
  reader: RowReader,
  locationIds: readonly string[],
): Promise<Map<string, number>> => {
  const out = new Map<string, number>();
  if (!locationIds.length) return out;
  const rows = (await reader.where('stock', 'locationId', locationIds)) as StockRecord[];
  const weights = await loadProductRules(
    reader,
    rows.map((r) => r.productId),
  );
  for (const r of rows)
    out.set(
      r.locationId,
      addQuantities(out.get(r.locationId) ?? 0, r.quantity * (weights.get(r.productId)?.weight ?? 0)),
    );
  return out;
};

/** Container (bin) → the location holding it: the first location in (container, location) order, as on the server. */
const loadContainerLocations = async (
  reader: RowReader,
  containers: readonly string[],
): Promise<Map<string, string>> => {
  const out = new Map<string, string>();
  if (!containers.length) return out;
  const rows = ((await reader.where('stock', 'container', [...containers])) as StockRecord[])
    .filter((r) => r.container !== null)
    .sort((a, b) =>
      (a.container ?? '') < (b.container ?? '')
        ? -1
        : (a.container ?? '') > (b.container ?? '')
          ? 1
          : a.locationId < b.locationId
            ? -1
            : a.locationId > b.locationId
              ? 1
              : 0,
    );
  for (const r of rows) if (r.container && !out.has(r.container)) out.set(r.container, r.locationId);
  return out;
};

/** The ValidationContext of a document and its positions, read from the replica's view. */
export const buildValidationContext = async (
  reader: RowReader,
  config: LogisticsConfig,
  today: string,
  document: DocumentDraft,
  positions: readonly PositionDraft[],
  opts: ReplicaContextOptions,
): Promise<ValidationContext> => {
  const lookups = ruleLookupsOf(document, positions, { availability: opts.availability });
  // Independent reads, issued together: each awaited round trip is a wait the scanner sees.
  const [products, locations, containerLocations, available, locationLoadKg, order] = await Promise.all([
    loadProductRules(reader, lookups.productIds),
    loadLocationRules(reader, lookups.locationIds),
    loadContainerLocations(reader, lookups.containers),
    opts.availability ? loadAvailable(reader, lookups.stockKeys, opts.ownReserved) : undefined,
    config.rules.rackCapacity.enabled ? loadLocationLoad(reader, lookups.locationIds) : undefined,
    document.orderId ? loadOrderRules(reader, document.orderId, opts.documentId) : undefined,
  ]);
  return {
    today,
    products,
    locations,
    containerLocations,
    ...(available ? { available } : {}),
    ...(order ? { order } : {}),
    ...(locationLoadKg ? { locationLoadKg } : {}),
    rules: config.rules,
  };
};
