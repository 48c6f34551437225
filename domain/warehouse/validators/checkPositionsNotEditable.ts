import { documentTypeOf } from '../documentTypes';
import { issue, type WarehouseIssue } from '../issues';

/** Guards a manual position edit: generated documents take their positions from the order or the count. */
export const checkPositionsNotEditable = (document: { readonly typeCode: string }): WarehouseIssue[] =>
  documentTypeOf(document.typeCode)?.generated
    ? [issue('positionsNotEditable', { params: { typeCode: document.typeCode } })]
    : [];
