import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const localesDir = resolve(import.meta.dirname, '..', '..', 'locales');
const languages = ['en-us', 'pl-pl', 'de-de', 'fr-fr', 'es-es', 'ru-ru'] as const;
const reference = 'en-us';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Flattens nested keys: { a: { b: 'x' } } → { 'a.b': 'x' }. */
const flatten = (value: Json, prefix = '', out: Record<string, Json> = {}): Record<string, Json> => {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out[prefix] = value;
  }
  return out;
};

const readNamespace = (lng: string, ns: string): Record<string, Json> =>
  flatten(JSON.parse(readFileSync(join(localesDir, lng, `${ns}.json`), 'utf8')) as Json);

const namespaces = existsSync(join(localesDir, reference))
  ? readdirSync(join(localesDir, reference))
      .filter((name) => name.endsWith('.json'))
      .map((name) => name.slice(0, -'.json'.length))
      .sort()
  : [];

describe('translations', () => {
  it('has the reference language en-us with at least one namespace', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  it('has no namespace files in other languages that en-us lacks', () => {
    for (const lng of languages) {
      const dir = join(localesDir, lng);
      const extra = existsSync(dir)
        ? readdirSync(dir)
            .filter((name) => name.endsWith('.json'))
            .map((name) => name.slice(0, -'.json'.length))
            .filter((ns) => !namespaces.includes(ns))
        : [];
      expect(extra, `locales/${lng} has namespaces missing from en-us`).toEqual([]);
    }
  });

  for (const ns of namespaces) {
    describe(`${ns}.json`, () => {
      const referenceKeys = Object.keys(readNamespace(reference, ns)).sort();

      for (const lng of languages) {
        it(`${lng} has exactly the keys of en-us and no empty values`, () => {
          const file = join(localesDir, lng, `${ns}.json`);
          expect(existsSync(file), `locales/${lng}/${ns}.json is missing`).toBe(true);
          const entries = readNamespace(lng, ns);
          const keys = Object.keys(entries).sort();
          const missing = referenceKeys.filter((key) => !(key in entries));
          const extra = keys.filter((key) => !referenceKeys.includes(key));
          expect({ missing, extra }, `locales/${lng}/${ns}.json differs from en-us`).toEqual({
            missing: [],
            extra: [],
          });
          const empty = keys.filter((key) => {
            const value = entries[key];
            return typeof value !== 'string' || value.trim() === '';
          });
          expect(empty, `locales/${lng}/${ns}.json has empty or non-text values`).toEqual([]);
        });
      }
    });
  }
});
