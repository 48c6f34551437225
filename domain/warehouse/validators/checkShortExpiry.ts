import { daysBetween, isBeforeDate } from '../isoDate';
import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/**
 * A receipt must leave enough shelf life: at least the product's minimalExpDays (always) and the configured
 * near-expiry days (when that switch is on). Goods already reported as expired are not reported twice.
 */
export const checkShortExpiry: DocumentRule = ({ type, positions, context }) => {
  if (type?.kind !== 'receipt' || type.correction) return [];
  const { nearExpiry, expiredGoods } = context.rules;
  return positions.flatMap((p) => {
    const expDate = p.draft.expDate;
    if (!expDate || !p.product) return [];
    if (expiredGoods.enabled && isBeforeDate(expDate, context.today)) return [];
    const minimum = Math.max(p.product.minimalExpDays ?? 0, nearExpiry.enabled ? nearExpiry.days : 0);
    const days = daysBetween(context.today, expDate);
    if (minimum <= 0 || days >= minimum) return [];
    return [
      issue('shortExpiry', {
        positionIndex: p.index,
        field: 'expDate',
        params: { product: p.product.index, days, minimum },
      }),
    ];
  });
};
