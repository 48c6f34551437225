import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);
const apiTarget = `http://127.0.0.1:${apiPort}`;

export const viteConfig = defineConfig({
  root: '.',
  plugins: [react()],
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
