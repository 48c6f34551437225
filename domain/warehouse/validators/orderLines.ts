import type { DocumentCheck } from '../resolveDocument';
import type { OrderRules } from '../validationInput';

/** The order whose lines bound this document, or undefined when order-line rules do not apply. */
export const orderLinesFor = ({ document, type, context }: DocumentCheck): OrderRules | undefined => {
  if (!type?.orderBased || type.correction || document.orderId === null) return undefined;
  return context.order?.id === document.orderId ? context.order : undefined;
};
