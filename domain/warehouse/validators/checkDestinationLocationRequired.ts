import { requiredSideRule } from './sideRules';

/** Receipts and relocations put goods somewhere. */
export const checkDestinationLocationRequired = requiredSideRule(
  ['destinationLocation'],
  'destinationLocationRequired',
);
