import { issue, type WarehouseIssue } from '../issues';
import { addQuantities, compareQuantities, isPositiveQuantity } from '../quantity';
import type { DocumentRule } from '../resolveDocument';

/**
 * With the rack-capacity switch on, the weight put into a location (current load + this document's positions,
 * in order) may not exceed its capacity in kg. Goods the document takes out are not credited: the bin is
 * loaded before it is emptied.
 */
export const checkLocationCapacityExceeded: DocumentRule = ({ type, positions, context }) => {
  if (!context.rules.rackCapacity.enabled || !type || type.correction) return [];
  const load = new Map<string, number>();
  const out: WarehouseIssue[] = [];
  for (const p of positions) {
    const location = p.destination;
    if (!p.puts || !location || location.capacityKg === null || !p.product?.weight) continue;
    if (!isPositiveQuantity(p.draft.quantity)) continue;
    const before = load.get(location.id) ?? context.locationLoadKg?.get(location.id) ?? 0;
    const after = addQuantities(before, p.product.weight * p.draft.quantity);
    load.set(location.id, after);
    if (compareQuantities(after, location.capacityKg) > 0) {
      out.push(
        issue('locationCapacityExceeded', {
          positionIndex: p.index,
          field: 'destinationLocationId',
          params: {
            location: location.label,
            capacityKg: location.capacityKg,
            loadKg: after,
          },
        }),
      );
    }
  }
  return out;
};
