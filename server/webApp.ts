import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** A year: hashed assets never change under their name. */
const immutable = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app from `webDir`: the brotli or gzip copy written at build time when the browser accepts it,
 * hashed assets (`/assets/…`) cached for good, everything else (index.html, sw.js, the manifest, icons) revalidated
 * on every load so an update is seen at once. Returns whether there is a web app to serve.
 */
export const registerWebApp = async (app: FastifyInstance, webDir: string | undefined): Promise<boolean> => {
  if (webDir === undefined || !existsSync(join(webDir, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? immutable : 'no-cache');
      // The body depends on Accept-Encoding (a brotli, gzip or plain copy): shared caches must keep them apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return true;
};
