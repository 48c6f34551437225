import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { openSignedIn } from './support/apiSession';
import { expect, test } from './support/fixtures';
import { startPwaUpdateServer } from './support/pwaServer';
import { repoRoot } from './support/serverProcess';

interface ManifestIcon {
  readonly src: string;
  readonly sizes: string;
  readonly type?: string;
  readonly purpose?: string;
}
interface WebManifest {
  readonly name: string;
  readonly short_name: string;
  readonly start_url: string;
  readonly display: string;
  readonly theme_color: string;
  readonly icons: readonly ManifestIcon[];
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer): { width: number; height: number } => {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

/** Waits until /sw.js is the active worker of the page's registration and controls the page. */
const waitForServiceWorker = async (page: Page): Promise<void> => {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            state: registration?.active?.state ?? null,
            script: registration?.active ? new URL(registration.active.scriptURL).pathname : null,
            controlled: navigator.serviceWorker.controller !== null,
          };
        }),
      { timeout: 60_000 },
    )
    .toEqual({ state: 'activated', script: '/sw.js', controlled: true });
};

test.describe('installable app (PWA)', () => {
  test('the manifest is linked, served and valid, with 192/512 and maskable icons', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');

    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type'] ?? '').toMatch(/application\/manifest\+json|application\/json/);
    const manifest = (await response.json()) as WebManifest;
    expect(manifest).toMatchObject({
      name: 'Aisle',
      short_name: 'Aisle',
      start_url: '/',
      display: 'standalone',
      theme_color: '#1c7ed6',
    });

    const pngIcons = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngIcons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngIcons) {
      const iconResponse = await request.get(icon.src);
      expect(iconResponse.status(), icon.src).toBe(200);
      expect(iconResponse.headers()['content-type']).toBe('image/png');
      const { width, height } = pngSize(await iconResponse.body());
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  // The service worker is blocked by default (playwright.config.ts): installing it precaches the whole build
  // (~14 MB) in each new browser, so only the tests of the worker itself let it in.
  test.describe('the service worker', () => {
    test.use({ serviceWorkers: 'allow' });

    test('signed in: it activates, precaches the shell and caches no API answer; offline, reloading and opening another page still show the app', async ({
      page,
      context,
      request,
    }) => {
      const sw = await request.get('/sw.js');
      expect(sw.status()).toBe(200);
      expect(sw.headers()['content-type'] ?? '').toContain('javascript');

      // The session through the API (the sign-in screen is spine.spec's): the app's API calls go out with the
      // worker installing, and none of their answers may land in its caches.
      await openSignedIn(page, 'manager');
      const shell = new ShellPage(page);
      await shell.expectSignedIn(60_000);
      await waitForServiceWorker(page);
      const cached = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          for (const key of await cache.keys()) urls.push(new URL(key.url).pathname);
        }
        return urls;
      });
      const builtIndex = readFileSync(join(repoRoot, 'dist', 'index.html'), 'utf8');
      // Every script the shell names: the modules and the first-load chunk's classic script.
      const scripts = [...builtIndex.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
      expect(scripts.some((src) => src?.endsWith('.classic.js'))).toBe(true);
      expect(cached).toEqual(expect.arrayContaining(['/index.html', ...scripts, '/icon-192.png']));
      expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);

      await context.setOffline(true);
      try {
        // The network is gone: only the service worker can answer.
        const apiReachable = await page.evaluate(() =>
          fetch('/api/health').then(
            () => true,
            () => false,
          ),
        );
        expect(apiReachable).toBe(false);

        await page.reload({ waitUntil: 'domcontentloaded' });
        await shell.expectSignedIn();

        // A client route this browser never loaded is served the cached shell too.
        await page.goto('/no/such/page', { waitUntil: 'domcontentloaded' });
        await expect(page.getByTestId('not-found')).toBeVisible();
        await shell.expectSignedIn();
      } finally {
        await context.setOffline(false);
      }
    });

    test('a new version waits for consent: "reload" activates it and reloads the page', async ({ page }) => {
      test.setTimeout(180_000);
      // A server of its own on a copy of the build, so that this test can publish a "new version": started next to
      // the shared one by the global setup (or here, when the tests run against a server given in E2E_BASE_URL).
      const started = process.env.E2E_PWA_BASE_URL ? undefined : await startPwaUpdateServer();
      const baseURL = started?.server.baseURL ?? String(process.env.E2E_PWA_BASE_URL);
      const webDir = started?.webDir ?? String(process.env.E2E_PWA_WEB_DIR);
      try {
        await page.goto(`${baseURL}/`);
        await waitForServiceWorker(page);
        await expect(page.getByTestId('pwa-update')).toHaveCount(0);

        // The next build: a service worker that answers which version it is.
        const sw = join(webDir, 'sw.js');
        appendFileSync(
          sw,
          "\nself.addEventListener('message', (e) => { if (e.data === 'e2e-version') e.source?.postMessage('next'); });\n",
        );
        // The build writes a brotli and a gzip copy of each file, which the server sends to a browser that takes
        // them: the next build's copies too.
        const next = readFileSync(sw);
        writeFileSync(`${sw}.br`, brotliCompressSync(next));
        writeFileSync(`${sw}.gz`, gzipSync(next));
        await page.evaluate(async () => {
          await (await navigator.serviceWorker.getRegistration())?.update();
        });

        const prompt = page.getByTestId('pwa-update');
        await expect(prompt).toBeVisible();
        // It waits: the old version keeps the page until the user agrees.
        expect(
          await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state),
        ).toBe('installed');

        const reloaded = page.waitForEvent('load');
        await page.getByTestId('pwa-update-reload').click();
        await reloaded;
        await waitForServiceWorker(page);
        const version = await page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              navigator.serviceWorker.addEventListener('message', (e) => resolve(String(e.data)), {
                once: true,
              });
              navigator.serviceWorker.controller?.postMessage('e2e-version');
            }),
        );
        expect(version).toBe('next');
        await expect(page.getByTestId('pwa-update')).toHaveCount(0);
      } finally {
        await started?.stop();
      }
    });
    // Passed in three of four runs with the worker blocked and the session through the API, failed once (no
    // prompt within 30 s, not understood yet): kept as it was, with the worker, until that is.
    test('the server saying "client version out of date" shows the same prompt', async ({ page }) => {
      // A sync answer this client cannot read is how an old client learns it is out of date.
      await page.route('**/api/sync/changes**', (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ version: 999 }),
        }),
      );
      const signIn = new SignInPage(page);
      await signIn.open();
      await signIn.signIn('picker', 'demo1234');
      await new ShellPage(page).expectSignedIn();

      const prompt = page.getByTestId('pwa-update');
      await expect(prompt).toBeVisible();
      await page.getByTestId('pwa-update-later').click();
      await expect(prompt).toHaveCount(0);
    });
  });
});
