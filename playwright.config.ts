import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const isCI = !!process.env.CI;

/** `npm run e2e` sets CHROMIUM_PATH (scripts/findChromium.mjs); plain `npx playwright test` falls back to Debian's. */
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const playwrightConfig = defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: isCI,
  // Each worker has its own server and demo data (e2e/support/globalSetup.ts). On a 2-core CI machine two workers
  // gained little (the tests' times added up to 1.9× the run's: the browsers are CPU-bound) and starved a page's
  // renderer for seconds, so CI runs one; E2E_WORKERS sets another count.
  workers: Number(process.env.E2E_WORKERS) || (isCI ? 1 : 2),
  retries: 0,
  // CI machines are shared and busy (a first load of a lazily loaded screen took over 10 s there): longer budgets
  // cost nothing when a test passes. A busy machine elsewhere may set E2E_EXPECT_TIMEOUT_MS (e.g. 60000).
  timeout: isCI ? 180_000 : 60_000,
  expect: { timeout: Number(process.env.E2E_EXPECT_TIMEOUT_MS) || (isCI ? 30_000 : 10_000) },
  reporter: 'list',
  globalSetup: './e2e/support/globalSetup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace (actions, DOM snapshots, network), without the screencast: recording frames
    // for every test, passed or not, kept both cores of a CI machine busy. The failure's screenshot is taken apart.
    // On CI the trace also leaves out the DOM snapshots taken around every action (it keeps actions, console and
    // network; the failure's screenshot and page snapshot are written apart): serialising the page at each action
    // made the terminal-labels test about a fifth slower. E2E_TRACE_SNAPSHOTS=1 takes them again, =0 leaves them
    // out elsewhere too.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.E2E_TRACE_SNAPSHOTS ? process.env.E2E_TRACE_SNAPSHOTS !== '0' : !isCI,
    },
    // Each new context would precache the whole shell (about 280 files, 14 MB with the face models): seconds of CPU per test on a small machine.
    // Specs that need the worker (offline reload, updates) opt in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});

export default playwrightConfig;
