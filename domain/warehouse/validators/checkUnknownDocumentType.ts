import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** Unknown document type: nothing else about the document can be judged. */
export const checkUnknownDocumentType: DocumentRule = ({ document, type }) =>
  type ? [] : [issue('unknownDocumentType', { field: 'typeCode', params: { typeCode: document.typeCode } })];
