import type { FieldError } from '../errors';

/**
 * Quantities are decimal numbers with at most 6 fractional digits (grams of a kilogram, millilitres…).
 * Sums are done in integer millionths so repeated receipts and releases never drift
 * (0.1 + 0.2 must leave exactly 0.3 on the shelf). Safe up to about 9 × 10⁹ units per stock row.
 */
export const quantityScale = 1_000_000;

const toUnits = (q: number): number => Math.round(q * quantityScale);

/** Rounds to the stored precision; -0 becomes 0 so keys and comparisons stay canonical. */
export const roundQuantity = (q: number): number => toUnits(q) / quantityScale + 0;

export const addQuantities = (...values: readonly number[]): number =>
  values.reduce((sum, v) => sum + toUnits(v), 0) / quantityScale + 0;

export const subtractQuantity = (a: number, b: number): number =>
  (toUnits(a) - toUnits(b)) / quantityScale + 0;

/** Compares at the stored precision: negative, zero or positive like a sort comparator. */
export const compareQuantities = (a: number, b: number): number => Math.sign(toUnits(a) - toUnits(b));

/** A usable quantity: finite and above zero once rounded. */
export const isPositiveQuantity = (q: number): boolean => Number.isFinite(q) && toUnits(q) > 0;

/**
 * The most one line, count or request may carry. Stock is numeric(18,6) (under 10^12 units) and its sums in
 * millionths are exact only to about 9 × 10^9, so a line stays well below both: more is refused at entry
 * (maxValue) by the server and by the terminal alike, instead of failing when stock is booked.
 */
export const maxQuantity = 1_000_000_000;

/** The catalogue's error for a quantity beyond what stock can hold, or undefined when it fits. */
export const quantityBoundError = (field: string, q: number): FieldError | undefined => {
  if (q > maxQuantity) return { field, rule: 'maxValue', params: { max: maxQuantity } };
  if (q < -maxQuantity) return { field, rule: 'minValue', params: { min: -maxQuantity } };
  return undefined;
};
