import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });

/**
 * Stored markup (a location map's SVG, anything a user uploaded) is shown through <img> or a sandboxed frame,
 * never put into the page as markup: the app has no way to inline HTML or SVG at all (issue 24 defect 5).
 */
describe('no inlined markup in the app', () => {
  it('uses none of the ways to put markup into the page', () => {
    const inlining =
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|srcdoc|document\.write\(/;
    const found = [...sources(join(root, 'src')), ...sources(join(root, 'sw'))]
      .filter((file) => inlining.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    // The print sheets write app-built HTML, every value escaped (escapeHtml), into their own print window.
    expect(found).toEqual(['src/features/locations/printLabels.ts', 'src/resources/printView.ts']);
  });
});
