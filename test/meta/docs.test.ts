import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const docs = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith('.md'),
);
const topLevel = ['domain', 'server', 'sync', 'src', 'sw', 'locales', 'test', 'e2e', 'bench', 'scripts', 'docs'];

/** `server/app.ts`, `src/ui/` — a path into the repository written in backticks (placeholders like <name> skipped). */
const repoPaths = (text: string): string[] =>
  [...text.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1] ?? '')
    .filter((p) => topLevel.some((dir) => p.startsWith(`${dir}/`)))
    .filter((p) => !/[<>*{}…]/.test(p))
    .map((p) => p.replace(/[:#].*$/, '').replace(/\/$/, ''));

/** Relative Markdown links: [text](target.md#anchor). */
const links = (text: string): string[] =>
  [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] ?? '')
    .filter((t) => !/^[a-z]+:/.test(t) && !t.startsWith('#'))
    .map((t) => t.replace(/#.*$/, ''));

describe('docs for people who carry on', () => {
  it('reads every document', () => {
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/recipes.md', 'docs/glossary.md']));
  });

  for (const doc of docs) {
    const text = readFileSync(join(root, doc), 'utf8');
    it(`${doc} names only files that exist, links only documents that exist, and needs no specification`, () => {
      expect(repoPaths(text).filter((p) => !existsSync(join(root, p)))).toEqual([]);
      expect(links(text).filter((t) => !existsSync(join(root, dirname(doc), t)))).toEqual([]);
      expect(text.includes('§'), 'a "§" reference: say what the rule is, or link into docs/').toBe(false);
      expect(text.match(/\/(work|tmp|home|root)\/[\w.-]+/g) ?? [], 'a machine path').toEqual([]);
    });
  }
});
