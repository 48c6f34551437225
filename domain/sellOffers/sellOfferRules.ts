import { AppError, type ErrorCode } from '../errors';
import type { OrderStatus } from '../warehouse/statuses';

/**
 * Sell offers (order type OSO): goods in stock offered to a contractor. They live on the order statuses
 * (docs/decisions.md, "Sell offers"):
 * - workingCopy: a draft, edited freely, reserves nothing;
 * - pending: offered — its quantities are reserved in stock until `validUntil`;
 * - closedFully: accepted — turned into a release order (OOU) in the same transaction, reservation freed;
 * - closedManually: rejected, withdrawn or expired (the reason says which), reservation freed;
 * - archived: put away after closing.
 * An offered sell offer changes only through these actions, never through the generic order calls.
 */
export const sellOfferActions = ['edit', 'send', 'accept', 'reject', 'expire', 'archive'] as const;
export type SellOfferAction = (typeof sellOfferActions)[number];

const from: Readonly<Record<SellOfferAction, readonly OrderStatus[]>> = {
  edit: ['workingCopy'],
  send: ['workingCopy'],
  accept: ['pending'],
  reject: ['pending'],
  expire: ['pending'],
  archive: ['closedFully', 'closedManually'],
};

export const sellOfferTarget: Readonly<Record<SellOfferAction, OrderStatus>> = {
  edit: 'workingCopy',
  send: 'pending',
  accept: 'closedFully',
  reject: 'closedManually',
  expire: 'closedManually',
  archive: 'archived',
};

/** Reasons written to closedManuallyReason when an offer closes without being accepted. */
export const sellOfferCloseReasons = { reject: 'rejected', expire: 'expired' } as const;

/** The refusal of an action on a sell offer in `status` at `now`, or null when allowed. */
export const sellOfferRefusal = (
  status: unknown,
  action: SellOfferAction,
  validUntil: Date | string | null | undefined,
  now: Date,
): ErrorCode | null => {
  const current = typeof status === 'string' ? status : 'unknown';
  if (!(from[action] as readonly string[]).includes(current)) {
    if (action === 'edit' || action === 'send') return 'sellOfferNotDraft';
    if (action === 'archive') return 'statusForbidsChange';
    return 'sellOfferNotOpen';
  }
  if (action === 'accept' && isExpired(validUntil, now)) return 'sellOfferExpired';
  return null;
};

/** Whether the offer's validity has passed (an offer without validity never was valid to send). */
export const isExpired = (validUntil: Date | string | null | undefined, now: Date): boolean => {
  if (validUntil === null || validUntil === undefined) return true;
  const t = validUntil instanceof Date ? validUntil.getTime() : Date.parse(validUntil);
  return !Number.isFinite(t) || t <= now.getTime();
};

/**
 * The field error of an offer's validity when sending it: required, and in the future. null = fine.
 */
export const validityProblem = (
  validUntil: Date | string | null | undefined,
  now: Date,
): { field: 'validUntil'; rule: ErrorCode } | null => {
  if (validUntil === null || validUntil === undefined || validUntil === '')
    return { field: 'validUntil', rule: 'required' };
  return isExpired(validUntil, now) ? { field: 'validUntil', rule: 'validityInPast' } : null;
};

/**
 * The generic order calls on a sell offer (server/warehouse/orders): edits and deletes only of a draft, a status
 * change only to archive a closed offer — sending, accepting and rejecting have their own calls, which keep
 * the reservation right. Throws the refusal; other order types pass.
 */
export const sellOfferGuard = (
  typeCode: unknown,
  status: unknown,
  action: 'edit' | 'archive' | 'status',
): void => {
  if (typeCode !== 'OSO') return;
  const refusal =
    action === 'status' ? 'statusForbidsChange' : sellOfferRefusal(status, action, null, new Date(0));
  if (refusal) throw new AppError(refusal);
};
