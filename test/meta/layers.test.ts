import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportEdge, importCycles, importGraph } from './importGraph';

const root = resolve(import.meta.dirname, '..', '..');

/** A direction the layers must never take: files under `from` importing what `forbids` matches. */
interface LayerRule {
  readonly name: string;
  /** Importing files: paths starting with one of these. */
  readonly from: readonly string[];
  /** Files allowed although under `from` (the app's entry point). */
  readonly except?: readonly string[];
  /** Forbidden targets: repository paths starting with one of these. */
  readonly files?: readonly string[];
  /** Targets allowed although `files` matches them. */
  readonly allow?: readonly string[];
  /** Forbidden packages: the bare specifier or its subpaths ('react' forbids 'react/jsx-runtime'). */
  readonly packages?: readonly string[];
}

const nodeBuiltins = ['node:'];

/**
 * The layers (README, "Folders"): domain/ is pure and shared; sync/ is the client engine without React, Dexie
 * or Node; server/ and src/ never reach each other; the warehouse services in server/ never reach the sync
 * transport (server/sync/: a pushed call reaches them through their handlers, in a unit of work); inside src/, state/ (global stores) sits below api/,
 * session/ and db/, which never reach the screens; only src/main.tsx reaches the shell in src/app/.
 */
const layerRules: readonly LayerRule[] = [
  {
    name: 'domain/ is pure: no server, app, engine, UI, database or Node code',
    from: ['domain/'],
    files: ['server/', 'src/', 'sync/', 'sw/'],
    packages: [
      'react',
      'react-dom',
      'dexie',
      'fastify',
      'drizzle-orm',
      'pg',
      '@electric-sql/pglite',
      ...nodeBuiltins,
    ],
  },
  {
    name: 'sync/ is the engine: no app, server, React, Dexie or Node code',
    from: ['sync/'],
    files: ['src/', 'server/', 'sw/'],
    packages: ['react', 'react-dom', 'dexie', 'dexie-react-hooks', ...nodeBuiltins],
  },
  { name: 'src/ never imports server/', from: ['src/'], files: ['server/'] },
  {
    name: 'server/ never imports src/ or the client engine sync/',
    from: ['server/'],
    files: ['src/', 'sync/'],
  },
  {
    name: 'server/warehouse/ services never import the sync transport server/sync/',
    from: ['server/warehouse/'],
    files: ['server/sync/'],
  },
  {
    name: 'src/api/ and src/db/ never import the shell or the screens',
    from: ['src/api/', 'src/db/'],
    files: ['src/app/', 'src/features/', 'src/resources/', 'src/ui/'],
  },
  {
    name: 'src/state/ (global stores) imports no other part of src/',
    from: ['src/state/'],
    files: ['src/'],
    allow: ['src/state/'],
  },
  {
    name: 'src/session/ sits below the screens',
    from: ['src/session/'],
    files: ['src/app/', 'src/features/', 'src/resources/', 'src/ui/', 'src/db/'],
  },
  {
    name: 'only the entry point imports the shell (src/app/)',
    from: ['src/'],
    except: ['src/app/', 'src/main.tsx'],
    files: ['src/app/'],
  },
];

const startsWithAny = (path: string, prefixes: readonly string[]): boolean =>
  prefixes.some((p) => path.startsWith(p));

const isPackage = (specifier: string, names: readonly string[]): boolean =>
  names.some((n) =>
    n.endsWith(':') ? specifier.startsWith(n) : specifier === n || specifier.startsWith(`${n}/`),
  );

/** The edges that break `rule`, as 'from → specifier'. */
const violations = (rule: LayerRule, edges: readonly ImportEdge[]): string[] =>
  edges
    .filter((e) => startsWithAny(e.from, rule.from) && !startsWithAny(e.from, rule.except ?? []))
    .filter((e) =>
      e.to === null
        ? isPackage(e.specifier, rule.packages ?? [])
        : startsWithAny(e.to, rule.files ?? []) && !startsWithAny(e.to, rule.allow ?? []),
    )
    .map((e) => `${e.from} → ${e.specifier}`);

const layered = ['domain', 'server', 'sync', 'src', 'sw'];
const graph = importGraph(root, [...layered, 'test', 'e2e', 'bench', 'scripts']);
const layerEdges = graph.edges.filter((e) =>
  startsWithAny(
    e.from,
    layered.map((l) => `${l}/`),
  ),
);

describe('layers enforced by path', () => {
  it('resolves every relative import in the repository', () => {
    expect(graph.files.length).toBeGreaterThan(300);
    expect(graph.unresolved).toEqual([]);
  });

  for (const rule of layerRules) {
    it(rule.name, () => {
      // The rule must see files, or it would pass on an empty folder.
      expect(layerEdges.some((e) => startsWithAny(e.from, rule.from))).toBe(true);
      expect(violations(rule, layerEdges)).toEqual([]);
    });
  }

  it('has no import cycle in server/, sync/ or src/ (type-only imports count)', () => {
    const cycles = importCycles(layerEdges).filter((c) =>
      c.some((f) => startsWithAny(f, ['server/', 'sync/', 'src/'])),
    );
    expect(cycles).toEqual([]);
  });

  it('catches each forbidden direction (the checker itself)', () => {
    const edge = (from: string, specifier: string, to: string | null): ImportEdge => ({
      from,
      specifier,
      to,
    });
    const bad: ImportEdge[] = [
      edge('domain/a.ts', '../server/b', 'server/b.ts'),
      edge('domain/a.ts', 'node:fs', null),
      edge('sync/a.ts', 'dexie', null),
      edge('sync/a.ts', 'react/jsx-runtime', null),
      edge('sync/a.ts', '../src/db/x', 'src/db/x.ts'),
      edge('src/features/a.tsx', '../../../server/x', 'server/x.ts'),
      edge('server/a.ts', '../sync/x', 'sync/x.ts'),
      edge('server/warehouse/a.ts', '../sync/exactlyOnce', 'server/sync/exactlyOnce.ts'),
      edge('src/api/http.ts', '../app/stores/authStore', 'src/app/stores/authStore.ts'),
      edge('src/db/x.ts', '../features/terminal/y', 'src/features/terminal/y.ts'),
      edge('src/state/a.ts', '../api/http', 'src/api/http.ts'),
      edge('src/features/x/routes.tsx', '../../app/featureRoutes', 'src/app/featureRoutes.tsx'),
    ];
    const caught = layerRules.flatMap((rule) => violations(rule, bad));
    expect(new Set(caught)).toEqual(new Set(bad.map((e) => `${e.from} → ${e.specifier}`)));
    const fine: ImportEdge[] = [
      edge('server/intents/a.ts', '../sync/exactlyOnce', 'server/sync/exactlyOnce.ts'),
      edge('server/warehouse/a.ts', '../../domain/sync/intents', 'domain/sync/intents.ts'),
      edge('src/db/a.ts', '../../sync/syncEngine', 'sync/syncEngine.ts'),
      edge('src/state/a.ts', './storage', 'src/state/storage.ts'),
      edge('src/app/Shell.tsx', '../features/x', 'src/features/x.tsx'),
      edge('src/main.tsx', './app/App', 'src/app/App.tsx'),
    ];
    expect(layerRules.flatMap((rule) => violations(rule, fine))).toEqual([]);
    expect(importCycles([edge('src/a.ts', './b', 'src/b.ts'), edge('src/b.ts', './a', 'src/a.ts')])).toEqual([
      ['src/a.ts', 'src/b.ts'],
    ]);
  });
});
