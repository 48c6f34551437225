import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';
import { repoRoot } from '../support/serverProcess';

export type TerminalFlow = 'receipt' | 'release' | 'picking' | 'verify';
export type TerminalStep = 'location' | 'product' | 'details' | 'quantity';
export type LineState = 'pending' | 'accepted' | 'rejected';

/**
 * The terminal (/terminal…) on a handheld: flow tiles, orders and direct documents, the line flow (scan the
 * location, the product, the quantity, confirm) and the sync chip. Scans go through the manual scan field
 * (`scan`) or as a keyboard-wedge burst on the page (`wedgeScan`). Test ids only, never visible text.
 */
export class TerminalPage extends BasePage {
  /**
   * /terminal, once the first sync has filled the replica (the tiles show only then); `load` loads the app anew
   * instead of moving its router there.
   */
  async open(options: { load?: boolean } = {}): Promise<void> {
    await this.goto('/terminal', options);
    await this.expectHome();
  }

  async expectHome(): Promise<void> {
    await expect(this.byTestId('terminal-tile-receipt')).toBeVisible({ timeout: 30_000 });
  }

  async chooseFlow(flow: TerminalFlow): Promise<void> {
    await this.click(`terminal-tile-${flow}`);
    await expect(this.page).toHaveURL(new RegExp(`/terminal/${flow}$`));
  }

  /** Starts a direct receipt (DIN) or release (DOU) on the device; returns the document's id. */
  async startDirectDocument(): Promise<string> {
    await this.click('terminal-start-direct');
    await expect(this.page).toHaveURL(/\/document\/[^/]+$/);
    await expect(this.byTestId('terminal-document-number')).not.toHaveText('');
    return decodeURIComponent(this.path().split('/').at(-1) ?? '');
  }

  async openOrder(orderNumber: string): Promise<void> {
    await this.click(`terminal-order-${orderNumber}`);
    await expect(this.byTestId('terminal-order-number')).toHaveText(orderNumber);
  }

  /** The current step of the line flow (FlowPanel's `data-step`). */
  async expectStep(step: TerminalStep): Promise<void> {
    await expect(this.byTestId('terminal-flow')).toHaveAttribute('data-step', step);
  }

  /** A code typed into the manual scan field and submitted. */
  async scan(code: string): Promise<void> {
    await this.fill('terminal-scan-input', code);
    await this.byTestId('terminal-scan-input').press('Enter');
  }

  /**
   * A keyboard-wedge scan: the code and the scanner's Enter suffix as one fast burst of key presses on the
   * page (nothing focused).
   */
  async wedgeScan(code: string): Promise<void> {
    // The keys are played inside the page, each with its own time stamp 10 ms after the one before (the decoder
    // reads `event.timeStamp`): a scanner's burst exactly, whatever the machine's load. Typed through Playwright's
    // keyboard, a key could come hundreds of ms after the last on a busy machine, and a scan's first key was then
    // taken for typing.
    await this.page.evaluate(
      (keys) => {
        (document.activeElement as HTMLElement | null)?.blur();
        const start = performance.now();
        keys.forEach((key, i) => {
          const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
          Object.defineProperty(event, 'timeStamp', { value: start + 10 * i });
          document.body.dispatchEvent(event);
        });
      },
      [...code, 'Enter'],
    );
  }

  /**
   * The device's wedge scanner settings (/terminal/scanner, from the home screen): the longest pause between
   * two keys of one scan.
   */
  async setScannerMaxGap(ms: number): Promise<void> {
    await this.click('terminal-scanner-settings');
    await expect(this.byTestId('scanner-settings')).toBeVisible();
    await this.fill('scanner-max-gap', String(ms));
    await expect(this.byTestId('scanner-max-gap')).toHaveValue(String(ms));
  }

  async setQuantity(quantity: number): Promise<void> {
    await this.fill('terminal-quantity', String(quantity));
    await expect(this.byTestId('terminal-quantity')).toHaveValue(String(quantity));
  }

  /** Location, product and quantity of one line, then "confirm line". */
  async recordLine(location: string, product: string, quantity: number): Promise<void> {
    await this.expectStep('location');
    await this.scan(location);
    await this.expectStep('product');
    await expect(this.byTestId('terminal-location')).toHaveText(location);
    await this.scan(product);
    await this.expectStep('quantity');
    await expect(this.byTestId('terminal-product')).toContainText(product);
    await this.setQuantity(quantity);
    await this.confirmLine();
  }

  async confirmLine(): Promise<void> {
    await expect(this.byTestId('terminal-confirm-line')).toBeEnabled();
    await this.click('terminal-confirm-line');
    await expect(this.byTestId('terminal-product')).toHaveCount(0);
  }

  lines(): Locator {
    return this.byTestId('terminal-line');
  }

  line(state: LineState): Locator {
    return this.page.locator(`[data-testid="terminal-line"][data-state="${state}"]`);
  }

  /** Finishes a direct document: "confirm" (stock moves); back on the flow's list. */
  async finishDocument(): Promise<void> {
    await this.click('terminal-finish');
    await this.click('terminal-finish-confirm');
    await expect(this.page).toHaveURL(/\/terminal\/(receipt|release)$/);
  }

  /** Finishes a move order: generate its documents and confirm them; back on the flow's list. */
  async finishOrder(): Promise<void> {
    await this.click('terminal-finish');
    await this.click('terminal-finish-generate-confirm');
    await expect(this.page).toHaveURL(/\/terminal\/(receipt|release|picking)$/);
  }

  /** The sync chip's badge: `data-state` is its headline key (chip.online, chip.offline, chip.rejected, …). */
  chip(): Locator {
    return this.byTestId('sync-chip').locator('[data-state]');
  }

  /** How many of this device's mutations wait, as the chip counts them. */
  async pendingCount(): Promise<number> {
    return Number(await this.chip().getAttribute('data-pending'));
  }

  async expectOffline(): Promise<void> {
    await expect(this.chip()).toHaveAttribute('data-state', 'chip.offline');
  }

  /** Work waits for the server: the chip counts it (` · N …`). */
  async expectPendingWork(): Promise<void> {
    await expect(this.chip()).toContainText('·');
  }

  /** Online and done pushing: nothing waits (refusals may remain, the chip then says so). */
  async expectNothingWaiting(timeout = 30_000): Promise<void> {
    await expect(this.chip()).toHaveAttribute('data-state', /^chip\.(online|rejected)$/, { timeout });
    await expect(this.chip()).not.toContainText('·', { timeout });
  }

  /** The header's operator, recognised from the camera when the company switched face recognition on. */
  operator(): Locator {
    return this.byTestId('face-operator');
  }

  /** The terminal's face loop has looked at least once (the first look follows the models' loading). */
  async expectFaceLooked(timeout = 120_000): Promise<void> {
    await expect(this.operator()).toHaveAttribute(
      'data-state',
      /^(recognised|nobodyRecognised|noFaceDetected)$/,
      {
        timeout,
      },
    );
  }

  /** The face engine could not start on this device: the header says so and the camera is off. */
  async expectFacesUnavailable(timeout = 120_000): Promise<void> {
    await expect(this.operator()).toHaveAttribute('data-state', 'faceEngineUnavailable', { timeout });
    await expect(this.byTestId('camera-indicator')).toHaveCount(0);
  }

  async expectOperator(name: string, timeout?: number): Promise<void> {
    await expect(this.operator()).toHaveAttribute(
      'data-state',
      'recognised',
      timeout ? { timeout } : undefined,
    );
    await expect(this.operator()).toHaveText(name);
  }

  /** Online, not syncing, nothing waiting and nothing refused. */
  async expectSynced(timeout = 30_000): Promise<void> {
    await expect(this.chip()).toHaveAttribute('data-state', 'chip.online', { timeout });
    await expect(this.chip()).not.toContainText('·', { timeout });
  }

  /**
   * Every terminal screen's code is on the device, as the app's own preload leaves it once the terminal is up
   * (terminalRoutes.tsx): a device that goes offline then still opens each flow without a service worker. The
   * screens' chunks of the build are imported in the page, which resolves when they and what they import are
   * loaded (at once if the app's preload already did).
   */
  async expectScreensLoaded(): Promise<void> {
    // The terminal's home and flow list are in the build's `terminal` chunk (vite.config.ts), the other screens and
    // the parts loaded on first use (the sync chip's details, the camera's dialog) in chunks of their own.
    const chunks = readdirSync(join(repoRoot, 'dist', 'assets')).filter((f) =>
      /^(Terminal\w*Page|terminal|SyncDetails|CameraDialog)-[\w-]+\.js$/.test(f),
    );
    expect(chunks.length).toBeGreaterThanOrEqual(6);
    await this.page.evaluate(
      async (urls) => {
        await Promise.all(urls.map((url) => import(url)));
      },
      chunks.map((f) => `/assets/${f}`),
    );
  }

  /**
   * Waits until /sw.js is active and controls the page (needed before an offline reload). Installing precaches
   * the whole shell, which takes a while on a busy 2-core machine.
   */
  async waitForServiceWorker(timeout = 60_000): Promise<void> {
    await expect
      .poll(
        () =>
          this.page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
          }),
        { timeout },
      )
      .toBe(true);
  }
}
