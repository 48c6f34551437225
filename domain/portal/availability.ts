import { addQuantities, compareQuantities, roundQuantity, subtractQuantity } from '../warehouse/quantity';

/**
 * What a contractor can order now (docs/decisions.md "Contractor portal"): its stock on hand, less what working
 * copies reserve, less what open release orders still claim. Never negative.
 */
export const orderableQuantity = (onHand: number, reserved: number, claimed: number): number => {
  const left = subtractQuantity(subtractQuantity(onHand, reserved), claimed);
  return compareQuantities(left, 0) > 0 ? left : 0;
};

/**
 * What one open release order still claims of one product: what its lines want (the recorded quantity once
 * there is one, at most the ordered one) less what its documents already cover. Confirmed documents took their
 * goods off the stock already; working copies did so only when they reserve (workingCopiesCountInStock).
 */
export const openOrderClaim = (
  target: number,
  documented: number,
  confirmed: number,
  workingCopiesReserve: boolean,
): number => {
  const left = subtractQuantity(target, workingCopiesReserve ? documented : confirmed);
  return compareQuantities(left, 0) > 0 ? left : 0;
};

/** A line's target for the claim: the recorded quantity once there is one (at most the ordered one). */
export const lineTarget = (ordered: number, recorded: number | null): number => {
  const o = roundQuantity(ordered);
  if (recorded === null) return o;
  const r = roundQuantity(recorded);
  return compareQuantities(r, o) < 0 ? r : o;
};

/** The order types whose open orders claim the contractor's goods, and the statuses in which they are open. */
export const claimingOrderTypes = ['OOU'] as const;
export const claimingOrderStatuses = [
  'workingCopy',
  'pending',
  'waitingToProcess',
  'inProgress',
  'doneUnconfirmed',
] as const;

/** Sums quantities exactly (integer millionths). */
export const sumQuantities = (values: readonly number[]): number => addQuantities(...values);
