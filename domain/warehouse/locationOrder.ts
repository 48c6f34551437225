import type { LocationRules } from './validationInput';

// Labels sort naturally (A-2 before A-10); the id breaks any remaining tie so the order is total. The collator is
// made on first use: making one loads ICU's collation data, which the terminal's first screen does not need.
let collator: Intl.Collator | undefined;
const compareLabels = (a: string, b: string): number => {
  collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });
  return collator.compare(a, b);
};

/** Walking order: pickup order (unnumbered last), then label, then id. */
export const compareLocations = (a: LocationRules, b: LocationRules): number =>
  (a.pickupOrder ?? Number.POSITIVE_INFINITY) - (b.pickupOrder ?? Number.POSITIVE_INFINITY) ||
  compareLabels(a.label, b.label) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
