import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** Order-based, picking, production-from-order and verification documents exist only for an order. */
export const checkOrderRequired: DocumentRule = ({ document, type }) =>
  type?.orderBased && document.orderId === null ? [issue('orderRequired', { field: 'orderId' })] : [];
