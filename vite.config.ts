import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { classicChunksPlugin } from './scripts/classicChunksPlugin';
import { faceAssetsPlugin } from './scripts/faceAssetsPlugin';
import { mantineIdPlugin } from './scripts/mantineIdPlugin';

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/** Files worth compressing (images and fonts already are); smaller ones gain less than their headers. */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/;
const minBytes = 1024;

const filesIn = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesIn(full) : [full];
  });

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) next to every compressible file of the build, after
 * the service worker is built; the server sends them to browsers that accept them (server/webApp.ts).
 * AISLE_PRECOMPRESS=gzip leaves brotli out: the browser tests' build (scripts/e2e.mjs), where brotli's best
 * setting was most of the build's CPU time and no test reads the brotli copies.
 */
const precompress = (brotli = process.env.AISLE_PRECOMPRESS !== 'gzip'): Plugin => ({
  name: 'aisle-precompress',
  apply: 'build',
  closeBundle: {
    order: 'post',
    sequential: true,
    handler() {
      for (const file of filesIn('dist')) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.byteLength < minBytes) continue;
        if (brotli)
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength,
              },
            }),
          );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  },
});

/** What rolldown tells a chunk-naming function about the module graph. */
interface ModuleGraph {
  getModuleInfo(id: string): { readonly importedIds: readonly string[] } | null;
}

const libraryIndex = /node_modules[\\/].*[\\/]index\.[cm]?js$/;

/** Every module `roots` import statically, directly or through others (the roots included). */
const staticallyReached = (graph: ModuleGraph, roots: readonly string[]): Set<string> => {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    // A library's index re-exports all of it (every Mantine component, every rxjs operator): what the app uses of
    // it is only known after tree-shaking, so the walk stops there and those pieces stay where rolldown puts them.
    if (!libraryIndex.test(id)) stack.push(...info.importedIds);
  }
  return seen;
};

const appEntry = resolve(import.meta.dirname, 'src/main.tsx');

/** The terminal's first screens: its home and a flow's list (where a picker starts scanning). */
const terminalFirstScreens = ['TerminalHomePage.tsx', 'TerminalOrdersPage.tsx'].map((file) =>
  resolve(import.meta.dirname, 'src/features/terminal', file),
);

/**
 * Library modules the terminal's first screens render (Mantine's components, dexie's React hooks), found in the
 * built chunks of those screens: in `app`, they share its code cache (see classicChunksPlugin) instead of being a
 * dozen module scripts compiled again at every offline start. Every other screen uses most of them too.
 */
const firstScreenLibraries =
  /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/](components[\\/](Badge|Card|Paper|Progress|SimpleGrid|TextInput|InputBase|Input)[\\/]|core[\\/]styles-api[\\/]use-resolved-styles-api[\\/]|core[\\/]utils[\\/]get-base-value[\\/]|core[\\/]MantineProvider[\\/]color-functions[\\/]get-auto-contrast-value[\\/])|dexie-react-hooks[\\/])/;

/**
 * Two chunks for the first load. Left to itself, rolldown spreads the modules every page loads (React, the router,
 * Dexie, the sync engine, Mantine's base, i18next) and the terminal's first screen over about 50 small chunks, by
 * which lazy screens share them: each is a request (a round trip more on a phone's network) and each is compressed
 * alone (brotli found about 20 KB less when they were one). So: `app`, what the entry imports statically (every page
 * loads it anyway) and the first screens' library modules above, and `terminal`, the app's own modules the terminal's first screens import besides (a screen
 * elsewhere that shares one, the pending-work page its sync chip, loads it too; libraries stay out of it, so the
 * admin screens do not). Everything else stays split as rolldown chooses (each screen its own chunk).
 */
const firstLoadGroups = () => {
  let groups: { app: Set<string>; terminal: Set<string> } | null = null;
  const of = (graph: ModuleGraph) => {
    if (!groups) {
      const app = staticallyReached(graph, [appEntry]);
      const terminal = staticallyReached(graph, terminalFirstScreens);
      for (const reached of terminal)
        if (app.has(reached) || /node_modules/.test(reached)) terminal.delete(reached);
      groups = { app, terminal };
    }
    return groups;
  };
  return [
    {
      name: (id: string, graph: ModuleGraph) =>
        of(graph).app.has(id) || firstScreenLibraries.test(id) ? 'app' : null,
      priority: 2,
    },
    {
      name: (id: string, graph: ModuleGraph) => (of(graph).terminal.has(id) ? 'terminal' : null),
      priority: 1,
      // Only the modules named: the libraries they use stay in chunks of their own, shared with other screens.
      includeDependenciesRecursively: false,
    },
  ];
};

/** Aisle's blue (Mantine blue.7), as in favicon.svg and index.html. */
const themeColor = '#1c7ed6';

export const viteConfig = defineConfig({
  root: '.',
  plugins: [
    react(),
    // Mantine's ids from React's useId, without Mantine's second render of each component (src/ui/mantineId.ts).
    mantineIdPlugin(),
    // The first-load chunk as a classic script, for the code cache Chromium keeps with it (docs/decisions.md).
    classicChunksPlugin(['app']),
    // Face models and TensorFlow's WASM served from the app's own files (src/features/faces/faceAssets.ts).
    faceAssetsPlugin(),
    // Installable app: sw/sw.ts is built with Workbox and the precache manifest injected (see sw/README.md).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // The glob below already takes every icon; the plugin adds manifest.webmanifest itself.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Aisle',
        short_name: 'Aisle',
        description: 'Aisle — offline-first warehouse management',
        lang: 'en-US',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: themeColor,
        background_color: '#ffffff',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,ttf,wasm}', 'faces/**/*'],
        // Big chunks (TensorFlow, face models) must precache too: the app has to start offline.
        maximumFileSizeToCacheInBytes: 40 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  resolve: {
    // react-router's package exports name only its development build (dev-only checks and warnings, more code to
    // parse and run on every first load); the production build sits next to it.
    alias: [
      {
        find: /^react-router$/,
        replacement: resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs'),
      },
      {
        find: /^react-router\/dom$/,
        replacement: resolve(import.meta.dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the app supports knows modulepreload: the polyfill only added to the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: firstLoadGroups() } } },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/dataHub': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});

export default viteConfig;
