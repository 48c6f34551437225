import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Our code uses libraries through their public APIs only: no reading of drizzle's session behind `db._`
// (its internals change between versions without notice) and no swapping of a session's prepareQuery to see
// or change what a builder runs. Statements built once go through server/db/builtOnce.ts, which uses the
// dialect's public sqlToQuery and the executor's execute.

const root = resolve(import.meta.dirname, '..', '..');

/** Folders that hold no code of ours (installed packages, build output, local data, reports). */
const skipped = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'playwright-report']);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    if (skipped.has(name) || name.startsWith('.')) return [];
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name) ? [full] : [];
  });

/** What reaches into a library's private parts: drizzle's session behind `._`, or a prepareQuery replaced. */
const privateReaches: readonly { readonly what: string; readonly pattern: RegExp }[] = [
  {
    what: 'reads drizzle’s private session (._.session)',
    pattern: /\._\s*\.\s*session\b|\[\s*['"]_['"]\s*\]\s*\.\s*session\b/,
  },
  { what: 'assigns to prepareQuery', pattern: /\bprepareQuery\s*=(?![=>])/ },
];

/** Each offending line of a source text, as "line: what". */
const privateReachesIn = (text: string): string[] =>
  text
    .split('\n')
    .flatMap((line, i) =>
      privateReaches.filter((r) => r.pattern.test(line)).map((r) => `${i + 1}: ${r.what}`),
    );

describe('no patch of a library’s private parts', () => {
  it('recognises the reaches it forbids, and not their look-alikes', () => {
    expect(privateReachesIn('const s = db._.session;')).toEqual([
      '1: reads drizzle’s private session (._.session)',
    ]);
    expect(privateReachesIn("tx['_'].session.prepareQuery(q)")).toHaveLength(1);
    expect(privateReachesIn('x\nsession.prepareQuery = capture;')).toEqual(['2: assigns to prepareQuery']);
    expect(privateReachesIn('if (s.prepareQuery === real) {}')).toEqual([]);
    expect(privateReachesIn('const my_.sessionId = 1; db.execute(q);')).toEqual([]);
  });

  it('no file outside node_modules reads drizzle’s session behind `._` or assigns to prepareQuery', () => {
    const self = relative(root, import.meta.filename);
    const files = sourceFiles(root);
    // The walk found the code (a wrong root would make this pass vacuously).
    expect(files.some((f) => f.endsWith(join('server', 'db', 'builtOnce.ts')))).toBe(true);
    const offenders = files
      .map((f) => relative(root, f))
      .filter((f) => f !== self)
      .flatMap((f) => privateReachesIn(readFileSync(join(root, f), 'utf8')).map((hit) => `${f}:${hit}`));
    expect(offenders).toEqual([]);
  });
});
