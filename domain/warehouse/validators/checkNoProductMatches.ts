import { issue, type WarehouseIssue } from '../issues';

/** A scan (terminal, basket) that points to no product. Pair with matchProducts. */
export const checkNoProductMatches = (scan: {
  code: string;
  matches: readonly unknown[];
}): WarehouseIssue[] =>
  scan.matches.length === 0
    ? [issue('noProductMatches', { field: 'productId', params: { code: scan.code } })]
    : [];
