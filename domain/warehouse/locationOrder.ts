import type { LocationRules } from './validationInput';

// Labels sort naturally (A-2 before A-10); the id breaks any remaining tie so the order is total.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

/** Walking order: pickup order (unnumbered last), then label, then id. */
export const compareLocations = (a: LocationRules, b: LocationRules): number =>
  (a.pickupOrder ?? Number.POSITIVE_INFINITY) - (b.pickupOrder ?? Number.POSITIVE_INFINITY) ||
  collator.compare(a.label, b.label) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
