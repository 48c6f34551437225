import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '../../../domain/languages';
import { loadDefinitions } from '../../../server/resources/registry';

const definitions = await loadDefinitions();
const resourcesOf = (lng: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../../../locales', lng, 'resources.json'), 'utf8'));

const lookup = (tree: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

/** Every label the generic screens and the export ask for (contract § Translations). */
const keysOf = (): string[] =>
  definitions.flatMap((def) => [
    `${def.name}.title`,
    `${def.name}.one`,
    ...Object.entries(def.fields)
      .filter(([, f]) => !f.internal)
      .flatMap(([name, f]) => [
        `${def.name}.fields.${name}`,
        ...(f.kind === 'enum' || f.kind === 'enumList'
          ? (f.options ?? []).map((o) => `${def.name}.options.${name}.${o}`)
          : []),
      ]),
  ]);

describe('resource labels', () => {
  for (const lng of languages)
    it(`${lng}: every resource has its title, singular, field labels and option labels`, () => {
      const tree = resourcesOf(lng);
      const missing = keysOf().filter((key) => {
        const v = lookup(tree, key);
        return typeof v !== 'string' || v.trim() === '';
      });
      expect(missing).toEqual([]);
    });

  it('labels are translated, not copied from English', () => {
    const en = resourcesOf('en-us');
    for (const lng of languages.filter((l) => l !== 'en-us')) {
      const tree = resourcesOf(lng);
      const titles = definitions.map((d) => `${d.name}.title`);
      const same = titles.filter((key) => lookup(tree, key) === lookup(en, key));
      // A few words are the same in both languages (fr "Contacts"); most are not.
      expect(same.length, `${lng}: ${same.join(', ')}`).toBeLessThanOrEqual(2);
    }
  });
});
