import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fallbackLanguage, type Language, matchLanguage } from '../domain/languages';

const localesDir = join(dirname(fileURLToPath(import.meta.url)), '../locales');
const cache = new Map<string, Record<string, unknown>>();

const load = (lng: Language, ns: string): Record<string, unknown> => {
  const key = `${lng}/${ns}`;
  let found = cache.get(key);
  if (!found) {
    const file = join(localesDir, lng, `${ns}.json`);
    found = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    cache.set(key, found);
  }
  return found;
};

const lookup = (tree: Record<string, unknown>, key: string): string | undefined => {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

/** Server-side translation from the same locale files the app uses; falls back to en-us, then the key. */
export const translate = (
  lng: string | undefined,
  ns: string,
  key: string,
  params: Record<string, string | number> = {},
): string => {
  const language = matchLanguage(lng);
  const text = lookup(load(language, ns), key) ?? lookup(load(fallbackLanguage, ns), key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
};

/** Drops cached translations (GET /systemlog/clearcache). */
export const clearTranslationCache = (): void => cache.clear();
