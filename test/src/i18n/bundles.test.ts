import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { languages } from '../../../domain/languages';
import { firstNamespaces, namespaces } from '../../../src/i18n/i18n';

const bundleDir = join(import.meta.dirname, '../../../src/i18n/bundles');
const listed = (file: string): string[] => {
  const text = readFileSync(join(bundleDir, file), 'utf8');
  const names = /\{([a-zA-Z,]+)\}\.json/.exec(text)?.[1];
  return names ? names.split(',').sort() : [];
};

describe('language bundles', () => {
  it('has a first and a second chunk per language', () => {
    const files = readdirSync(bundleDir).sort();
    expect(files).toEqual(languages.flatMap((lng) => [`${lng}.more.ts`, `${lng}.ts`]).sort());
  });

  it.each([...languages])('%s: the first chunk holds the first namespaces, the second leaves them out', (lng) => {
    expect(listed(`${lng}.ts`)).toEqual([...firstNamespaces].sort());
    expect(listed(`${lng}.more.ts`)).toEqual([...firstNamespaces].sort());
    expect(readFileSync(join(bundleDir, `${lng}.more.ts`), 'utf8')).toContain(`'!**/{`);
  });

  it('takes its first namespaces from the app namespaces', () => {
    for (const ns of firstNamespaces) expect(namespaces).toContain(ns);
  });
});
