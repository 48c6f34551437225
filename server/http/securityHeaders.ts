import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The app shell's Content-Security-Policy: exactly what the built app needs.
 * - scripts, workers (the service worker), the web manifest, fonts: this origin only; no inline script, no eval;
 *   WebAssembly may be compiled ('wasm-unsafe-eval', which allows no JavaScript eval): the terminal computes face
 *   descriptors with TensorFlow's WASM backend, from the app's own .wasm files (docs/faces.md);
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
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
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

/** Google Identity Services' origins (its script, button frame, calls and styles), per Google's CSP guide. */
const googleSignInSources = 'https://accounts.google.com/gsi/';

/**
 * The policy when Google sign-in is configured: Google's script, frame, calls and styles are allowed too.
 * Without a Google client id the sign-in screen never loads them, and the policy stays the strict one.
 */
export const policyWithGoogleSignIn = (): Record<string, readonly string[]> => {
  const plus = (key: keyof typeof contentSecurityPolicy, source: string) => [
    ...contentSecurityPolicy[key],
    source,
  ];
  return {
    ...contentSecurityPolicy,
    'script-src': plus('script-src', `${googleSignInSources}client`),
    'frame-src': plus('frame-src', googleSignInSources),
    'connect-src': plus('connect-src', googleSignInSources),
    'style-src': plus('style-src', `${googleSignInSources}style`),
  };
};

/**
 * The headers helmet sets for `options`, worked out once: with no nonces and no per-request directives they
 * depend on the options alone. @fastify/helmet built helmet's middleware anew for every request (options parsed,
 * the CSP checked, each header set on its own): about 0.1 ms of node CPU per request, a fifth of an idle pull's.
 */
const helmetHeaders = (options: Readonly<HelmetOptions>): Readonly<Record<string, string>> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
};

/** Permissions-Policy: the camera for this origin, nothing else. */
const permissionsPolicy = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * Security headers on every response, as helmet makes them: the CSP above, Referrer-Policy no-referrer (file
 * and drawing links may carry an access token in their query), X-Frame-Options DENY, nosniff, cross-origin
 * isolation of resources, and a Permissions-Policy that leaves the camera to this origin and nothing else.
 * HSTS only on requests that came over TLS: sent over plain HTTP it would be ignored at best, and a site
 * reached by address on a warehouse LAN must keep working. Set on the reply before the route runs: a route's own
 * header of the same name (a stored file's stricter CSP) replaces it.
 */
export const registerSecurityHeaders = async (
  app: FastifyInstance,
  opts: { readonly googleSignIn?: boolean } = {},
): Promise<void> => {
  const google = opts.googleSignIn === true;
  const headers = {
    ...helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: google ? policyWithGoogleSignIn() : contentSecurityPolicy,
      },
      strictTransportSecurity: false,
      // Google's button checks the page's origin: with Google sign-in the origin alone is sent (never a path or a
      // query, which may carry a token), and Google's sign-in popup may talk back to its opener.
      referrerPolicy: { policy: google ? 'strict-origin' : 'no-referrer' },
      ...(google ? { crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const } } : {}),
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    }),
    'permissions-policy': permissionsPolicy,
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', hstsValue);
    done();
  });
};
