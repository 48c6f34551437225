import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, repoRoot, startServer } from './serverProcess';

export type PwaUpdateServer = {
  /** A server of the app's build copied to `webDir`, without demo data. */
  server: RunningServer;
  /** Its copy of the build, where pwa.spec.ts publishes a "new version". */
  webDir: string;
  stop: () => Promise<void>;
};

/**
 * A server on a copy of the build (dist/), so that pwa.spec.ts can publish a new version without touching the
 * shared servers' build. No demo data: its page needs none. The global setup starts it next to the shared servers.
 */
export const startPwaUpdateServer = async (): Promise<PwaUpdateServer> => {
  const webDir = mkdtempSync(join(tmpdir(), 'aisle-e2e-web-'));
  try {
    cpSync(join(repoRoot, 'dist'), webDir, { recursive: true });
    const server = await startServer({
      name: 'e2e-pwa-update',
      startTimeoutMs: 360_000,
      env: { WEB_DIR: webDir, AISLE_DEMO: '0' },
    });
    return {
      server,
      webDir,
      stop: async () => {
        await server.stop();
        rmSync(webDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(webDir, { recursive: true, force: true });
    throw error;
  }
};
