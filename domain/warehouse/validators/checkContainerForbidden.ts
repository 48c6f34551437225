import { forbiddenSideRule } from './sideRules';

/** A receipt has no source bin and a release no destination bin (the side opposite the stock). */
export const checkContainerForbidden = forbiddenSideRule(
  ['sourceContainer', 'destinationContainer'],
  'containerForbidden',
);
