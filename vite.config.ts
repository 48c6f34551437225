import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;

/** Aisle's blue (Mantine blue.7), as in favicon.svg and index.html. */
const themeColor = '#1c7ed6';

export const viteConfig = defineConfig({
  root: '.',
  plugins: [
    react(),
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
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,ttf,wasm}'],
        // Big chunks (TensorFlow, face models) must precache too: the app has to start offline.
        maximumFileSizeToCacheInBytes: 40 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
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
