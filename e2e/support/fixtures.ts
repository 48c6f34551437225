import { test as base, expect, type Page } from '@playwright/test';
import { signInThroughApi } from './apiSession';
import { BasePage } from './basePage';
import { extractLink, type Mail, type WaitForMailOptions, waitForMail } from './mail';
import { type RunningServer, type ServerOptions, startServer } from './serverProcess';

/** Test ids the UI must render (see the e2e section of the report / docs). */
export const testIds = {
  signInUsername: 'signin-username',
  signInPassword: 'signin-password',
  signInSubmit: 'signin-submit',
} as const;

/** Demo account seeded when AISLE_DEMO=1 (override with E2E_DEMO_USERNAME / E2E_DEMO_PASSWORD). */
export const demoUser = {
  username: process.env.E2E_DEMO_USERNAME ?? 'admin',
  password: process.env.E2E_DEMO_PASSWORD ?? 'demo1234',
};

/** Opens /signin (unless already on a page showing the sign-in form) and signs in. */
export const signIn = async (page: Page, username = demoUser.username, password = demoUser.password) => {
  const usernameField = page.getByTestId(testIds.signInUsername);
  if (!(await usernameField.isVisible().catch(() => false))) {
    await page.goto('/signin', { waitUntil: 'domcontentloaded' });
  }
  await usernameField.fill(username);
  await page.getByTestId(testIds.signInPassword).fill(password);
  await page.getByTestId(testIds.signInSubmit).click();
};

type Fixtures = {
  /**
   * `signIn(page?, username?, password?)` — defaults to the fixture page and the demo account. The session is
   * handed to the page's browser through the API and the app opens on its home page (the sign-in screen itself is
   * spine.spec's, through the exported `signIn`).
   */
  signIn: (page?: Page, username?: string, password?: string) => Promise<void>;
  /** Mail captured from the server: `mail.waitFor(to)` only sees mail sent after the test started. */
  mail: {
    waitFor: (to: string, options?: WaitForMailOptions) => Promise<Mail>;
    extractLink: (mail: Mail, pathPrefix?: string) => string;
  };
  /** Starts an extra server with its own env (e.g. `{ ACCESS_TOKEN_SECONDS: '5' }`); stopped after the test. */
  startServer: (options?: ServerOptions) => Promise<RunningServer>;
  /** A BasePage around the fixture page. */
  app: BasePage;
  /** Content-Security-Policy violations reported in the test's browser context; any fails the test. */
  cspViolations: string[];
};

export const test = base.extend<Fixtures>({
  // Each worker talks to its own server (globalSetup); a server given in E2E_BASE_URL serves them all.
  baseURL: async ({ baseURL }, use, testInfo) => {
    const perWorker = process.env.E2E_WORKER_BASE_URLS?.split(' ').filter(Boolean) ?? [];
    await use(
      perWorker[testInfo.parallelIndex % Math.max(1, perWorker.length)] ??
        process.env.E2E_BASE_URL ??
        baseURL,
    );
  },
  signIn: async ({ page }, use) => {
    await use(async (target = page, username = demoUser.username, password = demoUser.password) => {
      await signInThroughApi(target.context(), undefined, username, password);
      await target.goto('/', { waitUntil: 'domcontentloaded' });
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as a destructured object
  mail: async ({}, use) => {
    const startedAt = Date.now();
    await use({
      waitFor: (to, options) => waitForMail(to, { since: startedAt, ...options }),
      extractLink,
    });
  },
  // biome-ignore lint/correctness/noEmptyPattern: see above
  startServer: async ({}, use, testInfo) => {
    const started: RunningServer[] = [];
    await use(async (options = {}) => {
      const server = await startServer({
        name: `e2e-extra-${testInfo.workerIndex}-${started.length}`,
        ...options,
      });
      started.push(server);
      return server;
    });
    for (const server of started) await server.stop();
  },
  app: async ({ page }, use) => {
    await use(new BasePage(page));
  },
  // Every spec doubles as a check of the app shell's CSP (server/http/securityHeaders.ts): whatever the app
  // needs and the policy forbids is reported by Chromium on the console.
  cspViolations: [
    async ({ context }, use) => {
      const seen: string[] = [];
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
      });
      await use(seen);
      expect(seen, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
