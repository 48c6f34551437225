import { numberOf } from '../../../../domain/rowValues';
import { bestSourceMaterial, type SourceCandidate } from '../../../../domain/warehouse/bestSourceMaterial';
import { todayOf } from '../../../../domain/warehouse/isoDate';
import { compareQuantities, subtractQuantity } from '../../../../domain/warehouse/quantity';
import { productRulesOf } from '../../../../domain/warehouse/ruleInputs';
import type { StockRow } from '../../../../domain/warehouse/stock';
import { type PutawaySuggestion, suggestLocationsIn } from '../../../../domain/warehouse/suggestLocationsIn';
import type { RowReader } from '../../../../sync/ports';
import type { StockRecord } from '../../../../sync/types';
import { loadLocationRules, readLogisticsConfig } from '../../../../sync/validationContext';

/**
 * The terminal's reads of the replica (the view: server rows with this device's pending work applied): where to take stock from (FEFO) and where to put it (putaway).
 * Every function takes a read transaction of the store (`store.read(tx => …)` or useReplicaQuery). See ./index.ts.
 */

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

/** Free stock of a product at one location, batch by batch in FEFO order (what a release may take there). */
export const batchesAt = async (
  tx: RowReader,
  productId: string,
  locationId: string,
  today: string = todayOf(Date.now()),
): Promise<SourceCandidate[]> =>
  (await fefoSource(tx, productId, 0, today)).candidates.filter((c) => c.key.locationId === locationId);
