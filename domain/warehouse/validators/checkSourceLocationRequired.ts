import { requiredSideRule } from './sideRules';

/** Releases and relocations take goods from somewhere. */
export const checkSourceLocationRequired = requiredSideRule(['sourceLocation'], 'sourceLocationRequired');
