import { issue, type WarehouseIssue } from '../issues';

/** A scan that points to more than one product: the user must pick one instead of us guessing. */
export const checkSeveralProductsMatch = (scan: {
  code: string;
  matches: readonly unknown[];
}): WarehouseIssue[] =>
  scan.matches.length > 1
    ? [
        issue('severalProductsMatch', {
          field: 'productId',
          params: { code: scan.code, count: scan.matches.length },
        }),
      ]
    : [];
