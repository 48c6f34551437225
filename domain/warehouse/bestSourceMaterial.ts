import { daysBetween, isBeforeDate } from './isoDate';
import { compareLocations } from './locationOrder';
import type { WarehouseRules } from './logisticsConfig';
import { addQuantities, isPositiveQuantity } from './quantity';
import type { StockKey, StockRow } from './stock';
import type { LocationRules, ProductRules } from './validationInput';

export interface SourceCandidate {
  readonly key: StockKey;
  readonly location: LocationRules;
  readonly available: number;
  /** null when the goods do not expire. */
  readonly daysToExpiry: number | null;
  readonly receivedAt: string | null;
}

interface Merged {
  key: StockKey;
  quantity: number;
  reserved: number;
  receivedAt: string | null;
}

const keyOf = (k: StockKey) =>
  JSON.stringify([k.locationId, k.container, k.serialNumber, k.prodDate, k.expDate]);

const byNullableText = (a: string | null, b: string | null): number => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
};

/**
 * FEFO: where to take a product from. Earliest expiry first (non-expiring goods last), then oldest receipt,
 * then walking order. Skipped: locked-out or unknown locations, nothing available, goods past their expiry date
 * (while the expired-goods rule is on) and goods with fewer days left than the product's minimalExpDays.
 * A product locked for release has no sources at all.
 */
export const bestSourceMaterial = (
  productId: string,
  stockRows: readonly StockRow[],
  locations: ReadonlyMap<string, LocationRules>,
  product: ProductRules,
  rules: Pick<WarehouseRules, 'expiredGoods'>,
  today: string,
): SourceCandidate[] => {
  if (product.lockOut) return [];
  const merged = new Map<string, Merged>();
  for (const row of stockRows) {
    if (row.productId !== productId) continue;
    const k = keyOf(row);
    const seen = merged.get(k);
    const receivedAt = row.receivedAt ?? null;
    if (seen) {
      seen.quantity = addQuantities(seen.quantity, row.quantity);
      seen.reserved = addQuantities(seen.reserved, row.reserved ?? 0);
      if (byNullableText(receivedAt, seen.receivedAt) < 0) seen.receivedAt = receivedAt;
    } else {
      merged.set(k, { key: row, quantity: row.quantity, reserved: row.reserved ?? 0, receivedAt });
    }
  }
  const candidates: SourceCandidate[] = [];
  for (const m of merged.values()) {
    const location = locations.get(m.key.locationId);
    if (!location || location.lockedOut) continue;
    const free = Math.max(0, addQuantities(m.quantity, -m.reserved));
    if (!isPositiveQuantity(free)) continue;
    const expDate = m.key.expDate;
    const daysToExpiry = expDate ? daysBetween(today, expDate) : null;
    if (expDate && rules.expiredGoods.enabled && isBeforeDate(expDate, today)) continue;
    if (daysToExpiry !== null && product.minimalExpDays && daysToExpiry < product.minimalExpDays) continue;
    candidates.push({
      key: {
        productId,
        locationId: m.key.locationId,
        container: m.key.container,
        serialNumber: m.key.serialNumber,
        prodDate: m.key.prodDate,
        expDate,
      },
      location,
      available: free,
      daysToExpiry,
      receivedAt: m.receivedAt,
    });
  }
  return candidates.sort(
    (a, b) =>
      byNullableText(a.key.expDate, b.key.expDate) ||
      byNullableText(a.receivedAt, b.receivedAt) ||
      compareLocations(a.location, b.location) ||
      byNullableText(keyOf(a.key), keyOf(b.key)),
  );
};
