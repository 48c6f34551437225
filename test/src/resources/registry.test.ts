import { describe, expect, it } from 'vitest';
import * as catalystSynthetic from '../../../domain/catalyst/syntheticDefinitions';
import { compareNames } from '../../../domain/compareNames';
import { buildMenu } from '../../../domain/menu';
import { isResourceDefinition } from '../../../domain/resources/types';
import {
  collectDefinitions,
  definitionByName,
  definitionByRoute,
  resourceDefinitions,
} from '../../../src/resources/registry';

describe('registry', () => {
  it("finds every definition module, and the catalyst module's resources kept in tables they do not own", () => {
    const modules = import.meta.glob('../../../domain/resources/definitions/*.ts', { eager: true });
    expect(resourceDefinitions.length).toBe(
      Object.keys(modules).length + Object.keys(catalystSynthetic).length,
    );
    for (const def of resourceDefinitions) {
      expect(isResourceDefinition(def)).toBe(true);
      expect(definitionByName(def.name)).toBe(def);
      expect(definitionByRoute(def.route)).toBe(def);
      expect(definitionByRoute(`/${def.route.toUpperCase()}/`)).toBe(def);
    }
  });

  it('has unique names and routes', () => {
    expect(new Set(resourceDefinitions.map((d) => d.name)).size).toBe(resourceDefinitions.length);
    expect(new Set(resourceDefinitions.map((d) => d.route)).size).toBe(resourceDefinitions.length);
  });

  it('collects only definitions', () => {
    const def = { kind: 'resource', name: 'x' };
    expect(collectDefinitions({ a: { def, other: 1 }, b: { nothing: null } })).toEqual([def]);
  });

  it('sorts names and menu keys as the collator does, without loading it (domain/compareNames.ts)', () => {
    const names = resourceDefinitions.map((d) => d.name);
    const keys = buildMenu(resourceDefinitions).flatMap((s) => s.items.map((i) => i.key));
    for (const a of [...names, ...keys])
      for (const b of [...names, ...keys])
        expect([a, b, Math.sign(compareNames(a, b))]).toEqual([a, b, Math.sign(a.localeCompare(b, 'en'))]);
  });
});
