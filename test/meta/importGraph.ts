import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** One import statement (static, dynamic, re-export or `import.meta.glob`) of one source file. */
export interface ImportEdge {
  /** The importing file, relative to the repository root with forward slashes ('src/api/http.ts'). */
  readonly from: string;
  /** What the file wrote ('../app/stores/authStore', 'react'). */
  readonly specifier: string;
  /** The resolved file relative to the root, or null for a package import. */
  readonly to: string | null;
}

/** A relative import that points at no file: the graph would be incomplete, so it is reported too. */
export interface UnresolvedImport {
  readonly from: string;
  readonly specifier: string;
}

const sourceExtensions = ['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'];

const isSource = (file: string): boolean =>
  /\.(ts|tsx|mts|mjs)$/.test(file) && !file.endsWith('.d.ts') && !file.endsWith('.d.mts');

const walk = (dir: string): string[] => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    return statSync(full).isDirectory() ? walk(full) : isSource(full) ? [full] : [];
  });
};

const resolveRelative = (fromFile: string, specifier: string): string | null => {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [
    base,
    ...sourceExtensions.map((ext) => `${base}${ext}`),
    ...sourceExtensions.map((ext) => join(base, `index${ext}`)),
  ];
  // A .js specifier may name a .ts source (node16-style imports).
  if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'));
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
};

/** Vite's glob import reaches a folder: the glob's fixed part stands for the import. */
const globSpecifiers = (source: string): string[] =>
  [...source.matchAll(/import\.meta\.glob(?:<[^>]*>)?\(\s*(['"`])([^'"`]+)\1/g)].map((m) => m[2] ?? '');

const globTarget = (fromFile: string, pattern: string): string | null => {
  const fixed = pattern.split('*')[0] ?? pattern;
  const dir = resolve(dirname(fromFile), fixed.endsWith('/') ? fixed : dirname(fixed));
  return existsSync(dir) ? dir : null;
};

/**
 * Every import of every source file under `folders` (relative to `root`): static and dynamic imports,
 * re-exports, `import type`, `require` and Vite's `import.meta.glob`, each relative one resolved to a file.
 */
export const importGraph = (
  root: string,
  folders: readonly string[],
): { edges: ImportEdge[]; unresolved: UnresolvedImport[]; files: string[] } => {
  const rel = (file: string): string => relative(root, file).split('\\').join('/');
  const files = folders.flatMap((folder) => walk(join(root, folder)));
  const edges: ImportEdge[] = [];
  const unresolved: UnresolvedImport[] = [];
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const info = ts.preProcessFile(source, true, true);
    const specifiers = [...info.importedFiles.map((f) => f.fileName)];
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) {
        edges.push({ from: rel(file), specifier, to: null });
        continue;
      }
      const target = resolveRelative(file, specifier);
      if (target) edges.push({ from: rel(file), specifier, to: rel(target) });
      else unresolved.push({ from: rel(file), specifier });
    }
    for (const pattern of globSpecifiers(source)) {
      const target = globTarget(file, pattern);
      if (target) edges.push({ from: rel(file), specifier: pattern, to: `${rel(target)}/` });
      else unresolved.push({ from: rel(file), specifier: pattern });
    }
  }
  return { edges, unresolved, files: files.map(rel) };
};

/** Cycles among `files` (each as the list of files around it), found with Tarjan's strongly connected components. */
export const importCycles = (edges: readonly ImportEdge[]): string[][] => {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!e.to) continue;
    const set = next.get(e.from) ?? new Set<string>();
    set.add(e.to);
    next.set(e.from, set);
  }
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, indexOf.get(w) ?? 0));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of next.keys()) if (!indexOf.has(v)) visit(v);
  return cycles;
};
