import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';
import { productionOrderStatuses } from '../statuses';

/**
 * Production from order needs its production order (OPR) saved as production and not yet done.
 * An order missing from the context cannot prove that, so it fails too.
 */
export const checkOrderNotInProduction: DocumentRule = ({ document, type, context }) => {
  if (type?.kind !== 'production' || !type.orderBased || document.orderId === null) return [];
  const order = context.order;
  const ok =
    order !== undefined &&
    order.id === document.orderId &&
    order.typeCode === 'OPR' &&
    productionOrderStatuses.includes(order.statusCode);
  return ok ? [] : [issue('orderNotInProduction', { field: 'orderId' })];
};
