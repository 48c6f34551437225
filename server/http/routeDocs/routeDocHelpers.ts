import type { ResourceDefinition } from '../../../domain/resources/types';

/** The options of a route anyone may call, without a session. */
export const publicRoute = { access: 'public' } as const;

/** A resource definition the description needs; its absence is a programming error, not a caller's. */
export const defOf = (definitions: readonly ResourceDefinition[], name: string): ResourceDefinition => {
  const def = definitions.find((d) => d.name === name);
  if (!def) throw new Error(`the ${name} resource is missing`);
  return def;
};
