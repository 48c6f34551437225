import { and, eq, inArray } from 'drizzle-orm';
import { bestSourceMaterial } from '../../../domain/warehouse/bestSourceMaterial';
import type { LogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import {
  addQuantities,
  compareQuantities,
  isPositiveQuantity,
  subtractQuantity,
} from '../../../domain/warehouse/quantity';
import { type StockKey, type StockRow, stockKeyString } from '../../../domain/warehouse/stock';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import type { Scope } from '../../resources/scope';
import { loadRuleRows } from '../stock/ruleRows';

/** Goods a document position should take from stock; the batch attributes given narrow the choice. */
export interface SourceDemand {
  readonly productId: string;
  readonly quantity: number;
  /** Take only from this location (a material store named on the order); null = anywhere. */
  readonly sourceLocationId?: string | null;
  readonly sourceContainer?: string | null;
  readonly serialNumber?: string | null;
  readonly prodDate?: string | null;
  readonly expDate?: string | null;
}

/** One slice of a demand: where to take it from and how much. */
export interface SourcePick {
  readonly key: StockKey;
  readonly quantity: number;
}

export type SourceResult =
  | { readonly ok: true; readonly picks: SourcePick[] }
  | {
      readonly ok: false;
      readonly quantity: number;
      readonly available: number;
      /** Nothing may be taken, yet matching goods are there: the warehouse rules hold them (locks, expiry). */
      readonly held: boolean;
    };

const matches = (demand: SourceDemand, key: StockKey): boolean =>
  (!demand.sourceLocationId || demand.sourceLocationId === key.locationId) &&
  (!demand.sourceContainer || demand.sourceContainer === key.container) &&
  (!demand.serialNumber || demand.serialNumber === key.serialNumber) &&
  (!demand.prodDate || demand.prodDate === key.prodDate) &&
  (!demand.expDate || demand.expDate === key.expDate);

/**
 * Chooses source stock for demands (anywhere, or within the location a demand names) with the domain's FEFO order (earliest expiry, oldest
 * receipt, walking order; locked, expired and short-dated goods skipped). Demands are served in order and
 * never share the same goods. A demand that cannot be served in full reports what was available to it.
 */
export const pickSources = async (
  ctx: AppContext,
  db: Executor,
  scope: Scope,
  demands: readonly SourceDemand[],
  config: Pick<LogisticsConfig, 'rules'>,
  today: string,
): Promise<SourceResult[]> => {
  if (demands.length === 0) return [];
  const productIds = [...new Set(demands.map((d) => d.productId))];
  const stock = ctx.schema.warehouseTables.stock;
  const rows = await db
    .select()
    .from(stock)
    .where(and(eq(stock.clientAccountId, scope.clientAccountId), inArray(stock.productId, productIds)));
  const stockRows: StockRow[] = rows.map((r) => ({
    productId: r.productId,
    locationId: r.locationId,
    container: r.container || null,
    serialNumber: r.serialNumber || null,
    prodDate: r.prodDate,
    expDate: r.expDate,
    quantity: Number(r.quantity),
    reserved: Number(r.reserved),
    receivedAt: r.firstReceiptAt.toISOString(),
  }));
  const { products, locations } = await loadRuleRows(ctx, db, scope.clientAccountId, {
    productIds,
    locationIds: stockRows.map((r) => r.locationId),
  });
  const used = new Map<string, number>();
  return demands.map((demand) => {
    const product = products.get(demand.productId);
    const candidates = product
      ? bestSourceMaterial(demand.productId, stockRows, locations, product, config.rules, today).filter((c) =>
          matches(demand, c.key),
        )
      : [];
    let left = demand.quantity;
    let available = 0;
    const picks: SourcePick[] = [];
    for (const c of candidates) {
      const keyString = stockKeyString(c.key);
      const free = subtractQuantity(c.available, used.get(keyString) ?? 0);
      if (!isPositiveQuantity(free)) continue;
      available = addQuantities(available, free);
      if (!isPositiveQuantity(left)) continue;
      const take = compareQuantities(free, left) < 0 ? free : left;
      picks.push({ key: c.key, quantity: take });
      left = subtractQuantity(left, take);
    }
    if (isPositiveQuantity(left)) {
      const held =
        !isPositiveQuantity(available) &&
        stockRows.some(
          (r) =>
            r.productId === demand.productId &&
            matches(demand, r) &&
            isPositiveQuantity(subtractQuantity(r.quantity, r.reserved ?? 0)),
        );
      return { ok: false, quantity: demand.quantity, available, held };
    }
    for (const p of picks) {
      const keyString = stockKeyString(p.key);
      used.set(keyString, addQuantities(used.get(keyString) ?? 0, p.quantity));
    }
    return { ok: true, picks };
  });
};
