import type { ErrorCode, FieldError, RuleIssue } from '../errors';

/** Why a call is refused, in the server's error shape (code + issues or fields), as the terminal also reports it. */
export interface Refusal {
  readonly code: ErrorCode;
  readonly issues?: readonly RuleIssue[];
  readonly fields?: readonly FieldError[];
}

/**
 * The refusal of a document the rules found issues with. Only "not enough stock" is stockShortfall (409),
 * whether the rules saw it first or the stock's conditional update did, so a client gets the same answer however
 * close the race; anything else is documentInvalid (422). Both carry every issue with its code and position.
 */
export const refusalOf = (issues: readonly RuleIssue[]): Refusal & { readonly issues: RuleIssue[] } => ({
  code:
    issues.length > 0 && issues.every((i) => i.code === 'quantityExceedsAvailable')
      ? 'stockShortfall'
      : 'documentInvalid',
  issues: issues.map((i) => ({ ...i })),
});
