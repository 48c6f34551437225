import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';
import { orderLinesFor } from './orderLines';

/** An order-based document moves only products the order lists (stock counts may find anything). */
export const checkProductNotOnOrder: DocumentRule = (check) => {
  const order = orderLinesFor(check);
  if (!order) return [];
  return check.positions
    .filter((p) => p.product && !order.remaining.has(p.draft.productId))
    .map((p) =>
      issue('productNotOnOrder', {
        positionIndex: p.index,
        field: 'productId',
        params: { product: p.product?.index ?? '' },
      }),
    );
};
