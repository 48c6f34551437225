import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The app shell's Content-Security-Policy: exactly what the built app needs.
 * - scripts, workers (the service worker), the web manifest, fonts: this origin only; no inline script, no eval;
 * - styles: this origin plus inline (Mantine writes its CSS variables into a <style> element and React style
 *   attributes are inline);
 * - images: this origin, data: (generated barcodes, embedded pictures) and blob: (downloads, camera stills);
 * - media: blob: and mediastream: for the camera scanner;
 * - connections: this origin (API, and the live connection's WebSocket, which 'self' covers);
 * - frames: this origin only (a stored drawing may be shown in a sandboxed frame); nobody may frame the app;
 * - no plugins (object-src), no <base> elsewhere, forms post here only.
 * Stored SVG and downloaded files are served with their own stricter sandbox policy (server/files).
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'media-src': ["'self'", 'blob:', 'mediastream:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
} as const;

/** HSTS for a year once the app is reached over TLS (directly or, with TRUST_PROXY, through a proxy). */
export const hstsValue = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response through @fastify/helmet: the CSP above, Referrer-Policy no-referrer (file
 * and drawing links may carry an access token in their query), X-Frame-Options DENY, nosniff, cross-origin
 * isolation of resources, and a Permissions-Policy that leaves the camera to this origin and nothing else.
 * HSTS only on requests that came over TLS: sent over plain HTTP it would be ignored at best, and a site
 * reached by address on a warehouse LAN must keep working.
 */
export const registerSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()');
    if (request.protocol === 'https') reply.header('strict-transport-security', hstsValue);
  });
};
