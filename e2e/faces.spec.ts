import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { playwrightConfig } from '../playwright.config';
import { FaceDatabasePage } from './pages/FaceDatabasePage';
import { ShellPage } from './pages/ShellPage';
import { TerminalPage } from './pages/TerminalPage';
import { signInThroughApi } from './support/apiSession';
import { demoFaces, facePhoto, photoWithoutFace, writeFaceVideo } from './support/faceCamera';
import { hasFaceCode } from './support/faceCode';
import { expect, test } from './support/fixtures';
import { overflowingTexts } from './support/overflow';
import { repoRoot } from './support/serverProcess';
import { WarehouseApi } from './support/warehouseApi';

// Service workers are blocked by default (playwright.config.ts); this spec needs the app to work offline.
test.use({ serviceWorkers: 'allow' });

/**
 * Faces on a shared terminal, in Chromium with a fake camera playing a still face cut from face-api's demo photos
 * (made in the set-up, never committed). The test runs on a server of its own: switching face recognition on for
 * the shared demo company would start the camera on every other spec's terminal.
 */

const launchOptions = playwrightConfig.use?.launchOptions ?? {};
/** Chromium's flags for a camera that plays `video` without asking. */
const cameraArgs = (video: string): string[] => [
  ...(launchOptions.args ?? []),
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
];

/**
 * Content-Security-Policy violations a context reports (the face engine's WASM must be allowed, nothing else);
 * the browser's errors are printed, so a failure on a busy machine can be told from a slow one.
 */
const watchCsp = (context: BrowserContext, seen: string[]): void => {
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
    if (message.type() === 'error') console.log(`[faces] browser console: ${message.text().slice(0, 500)}`);
  });
  context.on('weberror', (error) => console.log(`[faces] page error: ${error.error().message}`));
  context.on('requestfailed', (r) =>
    console.log(`[faces] request failed: ${r.url()} ${r.failure()?.errorText}`),
  );
};

/** Signing in on a busy machine (the first load of the app, the first sync) can take long. */
const signInTimeout = 60_000;

/** A small handheld's screen. */
const handheld = { width: 360, height: 740 };

/** The app's English texts, to read a message the way a person sees it. */
const english = (namespace: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(repoRoot, 'locales', 'en-us', `${namespace}.json`), 'utf8'));
const engineUnavailable = String(english('errors').faceEngineUnavailable);
const noFaceInPhoto = String(
  ((english('faces').photos as Record<string, unknown>).problem as Record<string, string>).noFaceDetected,
);

/** The face engine's model files, made unreachable to play a device that cannot start it. */
const faceModels = '**/faces/models/**';

const pia = { username: 'picker', name: 'Pia Picker' } as const;
const alice = { username: 'admin', name: 'Alice Admin' } as const;

/** The built app's scripts (dist/assets/*.js, as 'assets/x.js') with their text. */
const builtScripts = (): Map<string, string> => {
  const dir = join(repoRoot, 'dist', 'assets');
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .map((f) => [`assets/${f}`, readFileSync(join(dir, f), 'utf8')] as const),
  );
};

/** The scripts `roots` load before they run: themselves and their static imports, transitively (not import()). */
const staticClosure = (scripts: ReadonlyMap<string, string>, roots: readonly string[]): Set<string> => {
  const seen = new Set<string>();
  const visit = (script: string): void => {
    if (seen.has(script)) return;
    seen.add(script);
    for (const m of (scripts.get(script) ?? '').matchAll(
      /(?:\bfrom|\bimport)\s*["'`](\.\.?\/[^"'`]+\.js)["'`]/g,
    ))
      visit(posix.join(posix.dirname(script), m[1] ?? ''));
  };
  for (const root of roots) visit(root);
  return seen;
};

test.describe('faces on the terminal', () => {
  test('the terminal route loads no face code on first load, with face recognition on or off', () => {
    const scripts = builtScripts();
    const html = readFileSync(join(repoRoot, 'dist', 'index.html'), 'utf8');
    const entry = /src="\/(assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    expect(scripts.has(entry), 'the entry script').toBe(true);
    // A string literal, however the minifier quoted it.
    const holding = (literal: string) =>
      [...scripts]
        .filter(([, text]) => ['"', "'", '`'].some((q) => text.includes(`${q}${literal}${q}`)))
        .map(([f]) => f);
    // The terminal's screens (the scan field) and the header's face watcher, loaded when the switch is on.
    const terminal = holding('terminal-scan-input');
    const watcher = holding('face-operator');
    expect(terminal.length, 'chunks of the terminal screens').toBeGreaterThan(0);
    expect(watcher, 'the face watcher chunk').toHaveLength(1);
    // The terminal's header, which imports the watcher with import() (its file name is in its text).
    const watcherFile = posix.basename(watcher[0] ?? '');
    const header = [...scripts]
      .filter(([f, text]) => f !== watcher[0] && text.includes(watcherFile))
      .map(([f]) => f);
    expect(header.length, 'the chunk importing the watcher').toBeGreaterThan(0);
    const faceChunks = [...scripts].filter(([, text]) => hasFaceCode(text)).map(([f]) => f);
    expect(faceChunks.length, 'face-api and TensorFlow are built').toBeGreaterThan(0);

    const switchedOff = staticClosure(scripts, [entry, ...terminal, ...header]);
    const switchedOn = staticClosure(scripts, [entry, ...terminal, ...header, ...watcher]);
    expect(switchedOff.has(watcher[0] ?? ''), 'the watcher is not loaded with the switch off').toBe(false);
    expect([...switchedOff].filter((f) => faceChunks.includes(f))).toEqual([]);
    expect([...switchedOn].filter((f) => faceChunks.includes(f))).toEqual([]);
  });

  test('a user enrolled from the camera and photos is recognised offline after a reload; another face offers to switch user; without the face engine the screens say so', async ({
    baseURL,
    request,
  }, testInfo) => {
    test.setTimeout(600_000);
    // The shared server, with face recognition on for this test only: every other spec's terminal would start
    // the camera (its terminal settings are put back at the end).
    const manager = await WarehouseApi.signIn(request, 'manager');
    const { terminal: terminalBefore } = await manager.get<{ terminal?: Record<string, unknown> }>(
      '/api/ClientLogisticsConfig',
    );
    await manager.changeLogisticsConfig({
      terminal: { ...terminalBefore, staleAfterMinutes: 30, faceRecognition: true },
    });

    const piaVideo = writeFaceVideo(demoFaces.first, testInfo.outputPath('pia.y4m'));
    const aliceVideo = writeFaceVideo(demoFaces.second, testInfo.outputPath('alice.y4m'));
    const csp: string[] = [];
    // Everything launched is closed at the end, also when a step fails.
    const toClose: (Browser | BrowserContext)[] = [];
    const profile = mkdtempSync(join(tmpdir(), 'aisle-faces-device-'));
    try {
      // The administrator (Alice) enrols Pia in front of a camera, then herself from a photo. Her screens need no
      // offline work: no service worker (each would precache the whole shell and the models). The sign-in screen
      // is spine.spec's: her session is handed to the browser.
      const browser = await chromium.launch({ ...launchOptions, args: cameraArgs(piaVideo) });
      toClose.push(browser);
      const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'block' });
      watchCsp(context, csp);
      await signInThroughApi(context, baseURL, alice.username);
      const page = await context.newPage();
      const faces = new FaceDatabasePage(page);
      await faces.open();
      await new ShellPage(page).expectSignedIn(signInTimeout);
      // The model files do not load: the screen says face recognition cannot start; once they load, it can.
      await page.route(faceModels, (route) => route.abort());
      await faces.captureWithoutEngine(pia.username);
      await expect(faces.byTestId('faces-engine-unavailable')).toHaveText(engineUnavailable);
      await page.unroute(faceModels);
      await faces.enrolFromCamera(pia.username, pia.name);
      // Two photos picked from a folder: Pia's adds a descriptor to her five from the camera, the one without a
      // face is refused with the reason.
      await expect(faces.descriptorCount(pia.name)).toHaveAttribute('data-count', '5');
      await faces.enrolFromPhotos(pia.username, [
        { name: 'pia.jpg', mimeType: 'image/jpeg', buffer: facePhoto(demoFaces.first) },
        { name: 'shelf.jpg', mimeType: 'image/jpeg', buffer: photoWithoutFace() },
      ]);
      await expect(faces.descriptorCount(pia.name)).toHaveAttribute('data-count', '6', { timeout: 120_000 });
      await expect(faces.byTestId('faces-photos-refused')).toContainText(`shelf.jpg: ${noFaceInPhoto}`);
      // Alice from a photo of her face (the same picture her camera plays below): the first descriptor she has.
      await faces.enrolFromPhotos(alice.username, [
        { name: 'alice.jpg', mimeType: 'image/jpeg', buffer: facePhoto(demoFaces.second) },
      ]);
      await expect(faces.descriptorCount(alice.name)).toHaveAttribute('data-count', '1', {
        timeout: 120_000,
      });
      // Asked until it holds: a notice sliding in from the screen's edge is outside it for a moment.
      await expect.poll(() => overflowingTexts(page), { timeout: 15_000 }).toEqual([]);

      // A terminal whose device cannot start the face engine says so and goes on without faces (the terminal is a
      // new load of the app: the engine must start again, and its model files do not come).
      await page.route(faceModels, (route) => route.abort());
      const terminalWithoutEngine = new TerminalPage(page);
      await terminalWithoutEngine.open({ load: true });
      await terminalWithoutEngine.expectFacesUnavailable();
      await expect(page.getByText(engineUnavailable)).toBeVisible();
      await terminalWithoutEngine.chooseFlow('receipt');
      await browser.close();

      // Pia's handheld (a profile kept on disk, so a second camera can be plugged into the same device later).
      const device = await chromium.launchPersistentContext(profile, {
        ...launchOptions,
        args: cameraArgs(piaVideo),
        baseURL,
        permissions: ['camera'],
        viewport: handheld,
      });
      toClose.push(device);
      watchCsp(device, csp);
      await signInThroughApi(device, baseURL, pia.username);
      const piaPage = device.pages()[0] ?? (await device.newPage());
      const terminal = new TerminalPage(piaPage);
      await terminal.open();
      await terminal.expectSynced();
      await expect(terminal.byTestId('camera-indicator')).toBeVisible({ timeout: 30_000 });
      // Online: the server's answer names her.
      await terminal.expectOperator(pia.name, 120_000);
      // The service worker precaches the models too (about 7 MB): longer than the shell alone.
      await terminal.waitForServiceWorker(180_000);

      // Offline, reloaded: the models come from the service worker's cache, the faces from the replica. The page's
      // clock drives the 10 s loop: after the first look, one tick of the loop at the latest names her.
      await device.setOffline(true);
      await piaPage.clock.install();
      await piaPage.reload({ waitUntil: 'domcontentloaded' });
      await terminal.expectFaceLooked();
      await piaPage.clock.fastForward(10_000);
      await terminal.expectOperator(pia.name, 60_000);
      await expect(terminal.byTestId('camera-indicator')).toBeVisible();
      await expect(terminal.byTestId('switch-user-confirm')).toHaveCount(0);
      await device.close();

      // The same handheld, still offline, now in front of Alice: the terminal offers to switch user.
      const sameDevice = await chromium.launchPersistentContext(profile, {
        ...launchOptions,
        args: cameraArgs(aliceVideo),
        baseURL,
        permissions: ['camera'],
        offline: true,
        viewport: handheld,
      });
      toClose.push(sameDevice);
      watchCsp(sameDevice, csp);
      const again = sameDevice.pages()[0] ?? (await sameDevice.newPage());
      await again.clock.install();
      const held = new TerminalPage(again);
      await held.goto('/terminal');
      await held.expectFaceLooked();
      await again.clock.fastForward(10_000);
      await held.expectOperator(alice.name, 60_000);
      await expect(held.byTestId('switch-user-confirm')).toBeVisible();
      // The header (camera, operator, sync chip) and the prompt fit a 360 px handheld.
      expect(await overflowingTexts(again)).toEqual([]);
      await sameDevice.close();

      expect(csp, 'Content-Security-Policy violations').toEqual([]);
    } finally {
      for (const launched of toClose) await launched.close().catch(() => undefined);
      await manager.changeLogisticsConfig({ terminal: terminalBefore });
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
