import * as catalystSynthetic from '../../domain/catalyst/syntheticDefinitions';
import { compareNames } from '../../domain/compareNames';
import { isResourceDefinition, type ResourceDefinition } from '../../domain/resources/types';

/** Collects the definitions exported by the definition modules (one each), sorted by name. */
export const collectDefinitions = (modules: Record<string, unknown>): ResourceDefinition[] => {
  const found = new Map<string, ResourceDefinition>();
  for (const mod of Object.values(modules)) {
    if (typeof mod !== 'object' || mod === null) continue;
    for (const value of Object.values(mod)) {
      if (isResourceDefinition(value)) found.set(value.name, value);
    }
  }
  return [...found.values()].sort((a, b) => compareNames(a.name, b.name));
};

/**
 * Every resource definition in domain/resources/definitions/, and the catalyst module's resources kept in
 * tables they do not own (admins, carts), which the server serves through the same call pattern.
 */
export const resourceDefinitions: readonly ResourceDefinition[] = collectDefinitions({
  ...import.meta.glob('../../domain/resources/definitions/*.ts', { eager: true }),
  catalystSynthetic: catalystSynthetic,
});

const byRoute = new Map(resourceDefinitions.map((d) => [d.route.toLowerCase(), d]));
const byName = new Map(resourceDefinitions.map((d) => [d.name, d]));

/** The definition whose client route is `route` (with or without a leading slash). */
export const definitionByRoute = (route: string): ResourceDefinition | undefined =>
  byRoute.get(route.replace(/^\/+|\/+$/g, '').toLowerCase());

export const definitionByName = (name: string): ResourceDefinition | undefined => byName.get(name);
