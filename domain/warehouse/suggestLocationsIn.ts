import { compareLocations } from './locationOrder';
import type { WarehouseRules } from './logisticsConfig';
import { addQuantities, compareQuantities, isPositiveQuantity } from './quantity';
import type { StockRow } from './stock';
import type { LocationRules, ProductRules } from './validationInput';

export type PutawayReason = 'default' | 'holdsProduct' | 'free';

export interface PutawaySuggestion {
  readonly location: LocationRules;
  readonly reason: PutawayReason;
  /** Load before the putaway, kg (from stock rows with a unit weight). */
  readonly loadKg: number;
}

const rank: Readonly<Record<PutawayReason, number>> = { default: 0, holdsProduct: 1, free: 2 };

/**
 * Putaway: where to store `quantity` of a product. The product's default location first, then locations
 * already holding it, then empty ones; each in walking order. Every suggestion takes goods (type handles stock,
 * not locked for receipt), and — when those rules are on — fits the product's temperature range and the
 * location's capacity. Locations holding only other products are not suggested (no mixing).
 */
export const suggestLocationsIn = (
  product: ProductRules,
  quantity: number,
  stock: readonly StockRow[],
  locations: ReadonlyMap<string, LocationRules>,
  rules: Pick<WarehouseRules, 'temperature' | 'rackCapacity'>,
): PutawaySuggestion[] => {
  if (product.lockIn) return [];
  const load = new Map<string, number>();
  const occupied = new Set<string>();
  const holding = new Set<string>();
  for (const row of stock) {
    if (!isPositiveQuantity(row.quantity)) continue;
    occupied.add(row.locationId);
    if (row.productId === product.id) holding.add(row.locationId);
    load.set(
      row.locationId,
      addQuantities(load.get(row.locationId) ?? 0, row.quantity * (row.unitWeightKg ?? 0)),
    );
  }
  const incomingKg = (product.weight ?? 0) * Math.max(0, quantity);
  const fits = (location: LocationRules): boolean => {
    if (!location.handleStock || location.lockedIn) return false;
    const t = location.temperature;
    if (rules.temperature.enabled && t !== null) {
      if (product.minTemperature !== null && t < product.minTemperature) return false;
      if (product.maxTemperature !== null && t > product.maxTemperature) return false;
    }
    if (rules.rackCapacity.enabled && location.capacityKg !== null) {
      const after = addQuantities(load.get(location.id) ?? 0, incomingKg);
      if (compareQuantities(after, location.capacityKg) > 0) return false;
    }
    return true;
  };
  const reasonOf = (location: LocationRules): PutawayReason | null => {
    if (location.id === product.defaultLocationId) return 'default';
    if (holding.has(location.id)) return 'holdsProduct';
    if (!occupied.has(location.id)) return 'free';
    return null;
  };
  const out: PutawaySuggestion[] = [];
  for (const location of locations.values()) {
    const reason = reasonOf(location);
    if (reason && fits(location)) out.push({ location, reason, loadKg: load.get(location.id) ?? 0 });
  }
  return out.sort((a, b) => rank[a.reason] - rank[b.reason] || compareLocations(a.location, b.location));
};
