import { forbiddenSideRule } from './sideRules';

/** Receipts bring goods from outside the warehouse: no source location. */
export const checkSourceLocationForbidden = forbiddenSideRule(['sourceLocation'], 'sourceLocationForbidden');
