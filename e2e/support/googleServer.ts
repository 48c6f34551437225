import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from './serverProcess';

/** The Google client id the Google sign-in server is configured with (googleSignIn.spec.ts signs its tokens for it). */
export const googleClientId = 'aisle-e2e.apps.googleusercontent.com';

export type GoogleSignInServer = {
  /** The Aisle server with Google sign-in configured (its own demo data). */
  server: RunningServer;
  /** Where the test writes Google's public keys (a JWKS document), served to that server as Google's. */
  jwksFile: string;
  stop: () => Promise<void>;
};

/**
 * An Aisle server with Google sign-in on (GOOGLE_CLIENT_ID), whose Google keys come from a local address serving
 * `jwksFile`. The shared servers have it off (a Google client id changes every page's security headers), so this
 * one is started next to them by the global setup: seeding its demo data there, alongside theirs, costs the run
 * little, where starting it inside the test cost the test most of its time.
 */
export const startGoogleSignInServer = async (smtpUrl?: string): Promise<GoogleSignInServer> => {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-e2e-google-'));
  const jwksFile = join(dir, 'certs.json');
  const jwks = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(existsSync(jwksFile) ? readFileSync(jwksFile) : JSON.stringify({ keys: [] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const closeJwks = async () => {
    await new Promise((resolve) => jwks.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const { port } = jwks.address() as AddressInfo;
    const server = await startServer({
      name: 'e2e-google',
      ...(smtpUrl ? { smtpUrl } : {}),
      startTimeoutMs: 360_000,
      env: { GOOGLE_CLIENT_ID: googleClientId, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
    });
    return {
      server,
      jwksFile,
      stop: async () => {
        await server.stop();
        await closeJwks();
      },
    };
  } catch (error) {
    await closeJwks();
    throw error;
  }
};
