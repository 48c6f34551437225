import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runInThisContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { toClassic } from '../../scripts/classicChunksPlugin';

// The build's rewrite of a first-load chunk into a classic script and a module of the same name that re-exports
// it (docs/decisions.md): each case writes a chunk's two halves to a folder, runs the classic script as the page
// would, imports the module and reads what it exports.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  // The page's globals the cases set: other test files in this worker must not see them.
  const page = globalThis as { self?: unknown; __aisleChunks?: unknown; __classicRuns?: unknown };
  delete page.self;
  delete page.__aisleChunks;
  delete page.__classicRuns;
});

/** Rewrites `code` (a chunk named chunk.js, beside `deps`), runs its classic half and imports its module half. */
const load = async (code: string, deps: Record<string, string> = {}): Promise<Record<string, unknown>> => {
  const dir = mkdtempSync(join(tmpdir(), 'classic-'));
  dirs.push(dir);
  for (const [name, source] of Object.entries(deps)) writeFileSync(join(dir, name), source);
  const file = `chunk-${dirs.length}.js`;
  const { classic, module } = toClassic(code, file, './chunk.classic.js');
  writeFileSync(join(dir, file), module);
  (globalThis as { self?: unknown }).self = globalThis;
  runInThisContext(classic);
  return import(pathToFileURL(join(dir, file)).href);
};

describe('a first-load chunk as a classic script', () => {
  it('keeps what the chunk imports and exports, names a binding cannot take included', async () => {
    const chunk = await load(
      'import { a as b, c } from "./dep.js"; const x = b + c(); function f() { return x * 2; } export { x as t, f as in, b as "odd-name" };',
      { 'dep.js': 'export const a = 40; export const c = () => 2;' },
    );
    expect(chunk.t).toBe(42);
    expect((chunk.in as () => number)()).toBe(84);
    expect(chunk['odd-name']).toBe(40);
  });

  it('gives the chunk the module half’s import.meta, so its relative addresses stay the same', async () => {
    const chunk = await load('const here = import.meta.url; export { here as u };');
    expect(String(chunk.u)).toMatch(/\/chunk-\d+\.js$/);
  });

  it('runs the chunk’s body once, when the module half is imported, in strict mode', async () => {
    const chunk = await load(
      'let runs = (globalThis.__classicRuns ?? 0) + 1; globalThis.__classicRuns = runs; const strict = (function () { return this === undefined; })(); export { runs as r, strict as s };',
    );
    expect(chunk.r).toBe(1);
    expect(chunk.s).toBe(true);
  });

  it('refuses a chunk whose exported binding changes after it ran (the re-export is a copy)', () => {
    expect(() =>
      toClassic('let c = 1; function inc() { c++; } export { c, inc };', 'a.js', './a.classic.js'),
    ).toThrow(/assigns its exports c/);
    expect(() =>
      toClassic('let c = 1; const set = () => { [c] = [2]; }; export { c, set };', 'a.js', './a.classic.js'),
    ).toThrow(/assigns its exports c/);
  });

  it('accepts a function assigning its own local of the same name, as minifiers write', () => {
    const local =
      'let c = 1; function f(c) { c = 2; return c; } function g() { let c = 0; c++; return c; } export { c, f, g };';
    expect(() => toClassic(local, 'a.js', './a.classic.js')).not.toThrow();
    const topLevel = 'let c; c = 5; export { c };';
    expect(() => toClassic(topLevel, 'a.js', './a.classic.js')).not.toThrow();
  });

  it('refuses a top-level await, which a function cannot hold', () => {
    expect(() =>
      toClassic('const v = await Promise.resolve(1); export { v };', 'a.js', './a.classic.js'),
    ).toThrow(/top-level await/);
    expect(() =>
      toClassic('async function f() { return await 1; } export { f };', 'a.js', './a.classic.js'),
    ).not.toThrow();
  });
});
