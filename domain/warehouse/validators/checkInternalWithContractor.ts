import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** Internal documents move the warehouse's own goods, so they carry no contractor. */
export const checkInternalWithContractor: DocumentRule = ({ document, type }) =>
  type?.internal && document.contractorId !== null
    ? [issue('internalWithContractor', { field: 'contractorId' })]
    : [];
