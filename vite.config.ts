import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { faceAssetsPlugin } from './scripts/faceAssetsPlugin';

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

/** Aisle's blue (Mantine blue.7), as in favicon.svg and index.html. */
const themeColor = '#1c7ed6';

export const viteConfig = defineConfig({
  root: '.',
  plugins: [
    react(),
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
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/dataHub': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});

export default viteConfig;
