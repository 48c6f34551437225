import { requiredSideRule } from './sideRules';

/** A bin relocation must say which bin moves. */
export const checkContainerRequired = requiredSideRule(
  ['sourceContainer', 'destinationContainer'],
  'containerRequired',
);
