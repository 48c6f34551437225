import type { FullConfig } from '@playwright/test';
import { startGoogleSignInServer } from './googleServer';
import { startMailCapture } from './mailCapture';
import { startPwaUpdateServer } from './pwaServer';
import { startServer } from './serverProcess';

/**
 * Starts the mail capture (SMTP → files in E2E_MAIL_DIR) and the real server, one per worker, each on a free
 * port with a throwaway DATA_DIR, then sets E2E_WORKER_BASE_URLS (and E2E_BASE_URL, the first) for the tests. Returns the teardown (Playwright calls it after all tests).
 * If E2E_BASE_URL is already set, the tests run against that server and none is started.
 */
export const globalSetup = async (config: FullConfig) => {
  const mail = await startMailCapture();
  process.env.E2E_MAIL_DIR = mail.dir;
  process.env.E2E_SMTP_URL = mail.smtpUrl;

  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] Using the server at ${process.env.E2E_BASE_URL} (E2E_BASE_URL is set).`);
    return async () => {
      await mail.stop();
    };
  }

  // One server per Playwright worker (each with its own demo data): tests of two workers never see each other's
  // changes to shared settings (a company's age limit, a user's language), as with one worker in turn.
  const count = Math.max(1, config.workers);
  const started = Date.now();
  // The first start seeds the demo data: minutes on a busy machine. The servers two specs need of their own
  // (Google sign-in on; a copy of the build to publish a new version on) start at the same time, instead of
  // inside their tests.
  const shared = Promise.all(
    Array.from({ length: count }, (_, i) =>
      startServer({
        name: i === 0 ? 'e2e-server' : `e2e-server-${i}`,
        smtpUrl: mail.smtpUrl,
        startTimeoutMs: 360_000,
      }),
    ),
  );
  const [serversResult, googleResult, pwaResult] = await Promise.allSettled([
    shared,
    startGoogleSignInServer(mail.smtpUrl),
    startPwaUpdateServer(),
  ]);
  const servers = serversResult.status === 'fulfilled' ? serversResult.value : [];
  const google = googleResult.status === 'fulfilled' ? googleResult.value : undefined;
  const pwa = pwaResult.status === 'fulfilled' ? pwaResult.value : undefined;
  const stopAll = async () => {
    await Promise.all([...servers.map((s) => s.stop()), google?.stop(), pwa?.stop()]);
    await mail.stop();
  };
  const failure = [serversResult, googleResult, pwaResult].find(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  if (failure) {
    await stopAll();
    throw failure.reason;
  }
  process.env.E2E_BASE_URL = servers[0]?.baseURL;
  process.env.E2E_WORKER_BASE_URLS = servers.map((s) => s.baseURL).join(' ');
  process.env.E2E_GOOGLE_BASE_URL = google?.server.baseURL;
  process.env.E2E_GOOGLE_JWKS_FILE = google?.jwksFile;
  process.env.E2E_PWA_BASE_URL = pwa?.server.baseURL;
  process.env.E2E_PWA_WEB_DIR = pwa?.webDir;
  console.log(
    `[e2e] ${count} server(s) ready at ${process.env.E2E_WORKER_BASE_URLS} (Google sign-in: ` +
      `${process.env.E2E_GOOGLE_BASE_URL}, PWA update: ${process.env.E2E_PWA_BASE_URL}) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s (logs in .tmp/e2e-*.log, mail: SMTP port ${mail.port}).`,
  );

  return stopAll;
};

export default globalSetup;
