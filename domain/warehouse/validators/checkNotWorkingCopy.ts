import { issue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** Only a working copy may be edited or confirmed; a confirmed document is history. */
export const checkNotWorkingCopy: DocumentRule = ({ document }) =>
  document.statusCode === 'workingCopy'
    ? []
    : [issue('notWorkingCopy', { field: 'statusCode', params: { status: document.statusCode } })];
