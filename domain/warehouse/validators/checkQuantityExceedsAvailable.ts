import { issue, type WarehouseIssue } from '../issues';
import { addQuantities, compareQuantities, isPositiveQuantity } from '../quantity';
import type { DocumentRule } from '../resolveDocument';
import { sourceKeyOf, stockKeyString } from '../stock';

/**
 * What a document takes from one stock row (product, location, bin, batch), summed in position order,
 * may not exceed what is available there (on hand − reserved, given by the caller).
 */
export const checkQuantityExceedsAvailable: DocumentRule = ({ positions, context }) => {
  const availableMap = context.available;
  if (!availableMap) return [];
  const taken = new Map<string, number>();
  const out: WarehouseIssue[] = [];
  for (const p of positions) {
    const key = sourceKeyOf(p);
    if (!key || !isPositiveQuantity(p.draft.quantity)) continue;
    const keyString = stockKeyString(key);
    const quantity = addQuantities(taken.get(keyString) ?? 0, p.draft.quantity);
    taken.set(keyString, quantity);
    const available = availableMap.get(keyString) ?? 0;
    if (compareQuantities(quantity, available) > 0) {
      out.push(
        issue('quantityExceedsAvailable', {
          positionIndex: p.index,
          field: 'quantity',
          params: { product: p.product?.index ?? p.draft.productId, quantity, available },
        }),
      );
    }
  }
  return out;
};
