import { isBeforeDate } from '../isoDate';
import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/**
 * With the expired-goods switch on, goods past their expiry date (expDate < today) are not moved.
 * Exempt: stock counts, and internal releases — the way expired goods are written off.
 */
export const checkProductExpired: DocumentRule = ({ type, positions, context }) => {
  if (!context.rules.expiredGoods.enabled || !type || type.correction) return [];
  if (type.kind === 'release' && type.internal) return [];
  return positions.flatMap((p) => {
    const expDate = p.draft.expDate;
    if (!expDate || !isBeforeDate(expDate, context.today)) return [];
    return [
      issue('productExpired', {
        positionIndex: p.index,
        field: 'expDate',
        params: { product: p.product?.index ?? p.draft.productId, expDate },
      }),
    ];
  });
};
