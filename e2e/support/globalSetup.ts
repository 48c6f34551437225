import type { FullConfig } from '@playwright/test';
import { startMailCapture } from './mailCapture';
import { startServer } from './serverProcess';

/**
 * Starts the mail capture (SMTP → files in E2E_MAIL_DIR) and the real server on a free port with a throwaway
 * DATA_DIR, then sets E2E_BASE_URL for the tests. Returns the teardown (Playwright calls it after all tests).
 * If E2E_BASE_URL is already set, the tests run against that server and none is started.
 */
export const globalSetup = async (_config: FullConfig) => {
  const mail = await startMailCapture();
  process.env.E2E_MAIL_DIR = mail.dir;
  process.env.E2E_SMTP_URL = mail.smtpUrl;

  if (process.env.E2E_BASE_URL) {
    console.log(`[e2e] Using the server at ${process.env.E2E_BASE_URL} (E2E_BASE_URL is set).`);
    return async () => {
      await mail.stop();
    };
  }

  const started = Date.now();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    // The first start seeds the demo data: minutes on a busy machine.
    server = await startServer({ smtpUrl: mail.smtpUrl, startTimeoutMs: 360_000 });
  } catch (error) {
    await mail.stop();
    throw error;
  }
  process.env.E2E_BASE_URL = server.baseURL;
  console.log(
    `[e2e] Server ready at ${server.baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(log: ${server.logFile}, mail: SMTP port ${mail.port}).`,
  );

  return async () => {
    await server.stop();
    await mail.stop();
  };
};

export default globalSetup;
