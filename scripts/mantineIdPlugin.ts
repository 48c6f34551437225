import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const replacement = resolve(import.meta.dirname, '../src/ui/mantineId.ts');

/**
 * Resolves @mantine/hooks' `use-id` module, wherever Mantine imports it from, to src/ui/mantineId.ts: the same ids
 * without Mantine's second render of every component that uses one (see that file).
 */
export const mantineIdPlugin = (): Plugin => ({
  name: 'aisle-mantine-id',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      importer &&
      /[\\/]@mantine[\\/]hooks[\\/]/.test(importer) &&
      /(^|\/)use-id\/use-id\.mjs$/.test(source)
    )
      return replacement;
    return null;
  },
});
