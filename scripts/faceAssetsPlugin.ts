import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { faceAssetsBase, faceModelFiles, faceWasmFiles } from '../src/features/faces/faceAssets';

const require = createRequire(import.meta.url);
const modelDir = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'));

/** Public path → file on disk, for every face asset the app serves itself. */
const faceAssets = (): Map<string, string> =>
  new Map([
    ...faceModelFiles.map((f) => [`${faceAssetsBase}models/${f}`, join(modelDir, f)] as const),
    ...faceWasmFiles.map((f) => [`${faceAssetsBase}wasm/${f}`, join(wasmDir, f)] as const),
  ]);

const contentType = (path: string): string =>
  path.endsWith('.json')
    ? 'application/json'
    : path.endsWith('.wasm')
      ? 'application/wasm'
      : 'application/octet-stream';

/**
 * Face-api's weights and TensorFlow's WASM binaries as files of the app (under /faces/): copied into the build
 * (so the service worker precaches them and the terminal recognises faces offline) and served by the dev server.
 */
export const faceAssetsPlugin = (): Plugin => ({
  name: 'aisle-face-assets',
  configureServer(server) {
    const assets = faceAssets();
    server.middlewares.use((req, res, next) => {
      const file = assets.get((req.url ?? '').split('?')[0] ?? '');
      if (!file) return next();
      res.setHeader('content-type', contentType(file));
      createReadStream(file).pipe(res);
    });
  },
  generateBundle() {
    for (const [path, file] of faceAssets())
      this.emitFile({ type: 'asset', fileName: path.slice(1), source: readFileSync(file) });
  },
});
