import { issue, type WarehouseIssue } from '../issues';
import { addQuantities, compareQuantities, isPositiveQuantity } from '../quantity';
import type { DocumentRule } from '../resolveDocument';
import { orderLinesFor } from './orderLines';

/** The document's positions of a product, summed in order, may not exceed what is left on the order. */
export const checkQuantityExceedsOrder: DocumentRule = (check) => {
  const order = orderLinesFor(check);
  if (!order) return [];
  const used = new Map<string, number>();
  const out: WarehouseIssue[] = [];
  for (const p of check.positions) {
    const remaining = order.remaining.get(p.draft.productId);
    if (remaining === undefined || !isPositiveQuantity(p.draft.quantity)) continue;
    const quantity = addQuantities(used.get(p.draft.productId) ?? 0, p.draft.quantity);
    used.set(p.draft.productId, quantity);
    if (compareQuantities(quantity, remaining) > 0) {
      out.push(
        issue('quantityExceedsOrder', {
          positionIndex: p.index,
          field: 'quantity',
          params: { product: p.product?.index ?? p.draft.productId, quantity, remaining },
        }),
      );
    }
  }
  return out;
};
