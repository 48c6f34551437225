import { forbiddenSideRule } from './sideRules';

/** Releases send goods out of the warehouse: no destination location. */
export const checkDestinationLocationForbidden = forbiddenSideRule(
  ['destinationLocation'],
  'destinationLocationForbidden',
);
