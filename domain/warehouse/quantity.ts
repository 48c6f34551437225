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
