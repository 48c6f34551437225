import type { Page } from '@playwright/test';
import { SignInPage } from './pages/SignInPage';
import { TerminalPage } from './pages/TerminalPage';
import { signInThroughApi } from './support/apiSession';
import { expect, test } from './support/fixtures';
import { openTerminal, testGoods, uniqueId } from './support/terminalDevice';
import { WarehouseApi } from './support/warehouseApi';

/**
 * A wedge scanner's keys as the page gets them, each with its own time stamp (ms after the first key): the
 * decoder reads `event.timeStamp`, so a slow scanner is played exactly, without waiting for real pauses.
 */
const playWedge = (page: Page, keys: readonly { key: string; at: number }[]): Promise<void> =>
  page.evaluate((played) => {
    (document.activeElement as HTMLElement | null)?.blur();
    const start = performance.now();
    for (const { key, at } of played) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: start + at });
      document.body.dispatchEvent(event);
    }
  }, keys);

/** `code` then Enter, 10 ms per key, with `pause` ms before the key at `pauseAt`. */
const burst = (code: string, pauseAt: number, pause: number): { key: string; at: number }[] => {
  let at = 0;
  return [...code, 'Enter'].map((key, i) => {
    at += i === 0 ? 0 : i === pauseAt ? pause : 10;
    return { key, at };
  });
};

test.describe("the picker's day", () => {
  test('a picker lands on the terminal after signing in', async ({ page }) => {
    test.setTimeout(120_000);
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn('picker', 'demo1234');
    await expect(page).toHaveURL(/\/terminal$/, { timeout: 60_000 });
    await new TerminalPage(page).expectHome();
  });

  test('a contractor opening a staff address gets the not-permitted page', async ({ page }) => {
    test.setTimeout(120_000);
    // The sign-in screen is spine.spec's (and the test above): the contractor's session comes through the API.
    await signInThroughApi(page.context(), undefined, 'contractor');
    for (const path of ['/terminal', '/products', '/companies']) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page.getByTestId('not-permitted')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('terminal-screen')).toHaveCount(0);
    }
  });

  test('a slow wedge burst is taken whole; one interrupted too long is shown as partial, never recorded', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const { bin } = await testGoods(request, {
      bin: (id) => `T${id}-W`,
      product: (id) => ({ index: `E2E-WDG-${id}`, name: `Wedge ${id}` }),
    });
    const terminal = await openTerminal(page);
    await terminal.chooseFlow('receipt');
    await terminal.startDirectDocument();
    await terminal.expectStep('location');

    // A hiccup of 300 ms in the middle of a fast burst (a busy phone): one scan, the whole label.
    await playWedge(page, burst(bin, 4, 300));
    await terminal.expectStep('product');
    await expect(terminal.byTestId('terminal-location')).toHaveText(bin);
    await expect(terminal.byTestId('scan-partial')).toHaveCount(0);
    // The scan field has the focus for the next step.
    await expect(terminal.byTestId('terminal-scan-input')).toBeFocused();

    // Stopped for 2 s (four times the longest hiccup) before the rest came: the code is shown as partial and nothing
    // is taken as a product. (A pause longer than the decoder remembers a part is reported when the burst stalls, by
    // the listener's timer: test/src/features/scanner/wedgeListener.test.ts.)
    await playWedge(page, burst('E2E-PARTIAL', 3, 2000));
    await expect(terminal.byTestId('scan-partial')).toBeVisible();
    await expect(terminal.byTestId('scan-partial')).toContainText('PARTIAL');
    await terminal.expectStep('product');
    await expect(terminal.byTestId('terminal-product')).toHaveCount(0);
    await terminal.click('scan-partial-dismiss');
    await expect(terminal.byTestId('scan-partial')).toHaveCount(0);
  });

  test('an offline confirmation shows the final number once synced; the offline notice never covers the chip', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    const { manager, bin, product } = await testGoods(request, {
      bin: (id) => `T${id}-F`,
      product: (id) => ({ index: `E2E-FIN-${id}`, name: `Final ${id}` }),
    });
    const terminal = await openTerminal(page);
    await context.setOffline(true);
    try {
      await terminal.expectOffline();
      await terminal.chooseFlow('receipt');
      await terminal.startDirectDocument();
      await terminal.recordLine(bin, String(product.index), 2);
      await terminal.finishDocument();
      const banner = terminal.byTestId('terminal-feedback');
      await expect(banner).toHaveAttribute('data-synced', 'false');
      await expect(page.getByTestId('offline-notice')).toHaveCount(0);
      await expect(terminal.byTestId('sync-chip')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
    await terminal.expectSynced(60_000);
    const banner = terminal.byTestId('terminal-feedback');
    await expect(banner).toHaveAttribute('data-synced', 'true', { timeout: 60_000 });
    const [receipt] = await manager.documentsOf(product.id);
    expect(receipt?.documentNumber).toBeTruthy();
    expect(receipt?.documentNumber).not.toBe(receipt?.offlineNumber);
    await expect(banner).toContainText(String(receipt?.documentNumber));
    if (receipt?.offlineNumber) await expect(banner).not.toContainText(receipt.offlineNumber);
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  });

  test("picking's to-do list shows each line's location in walking order", async ({ page, request }) => {
    test.setTimeout(180_000);
    const id = uniqueId();
    const manager = await WarehouseApi.signIn(request, 'manager');
    const picker = await WarehouseApi.signIn(request, 'picker');
    // Three products, each in its own bin; the order lists them C, A, B: the round walks A, B, C.
    const labels = ['C', 'A', 'B'].map((aisle) => `P${id}-${aisle}`);
    const positions = [];
    for (const [i, label] of labels.entries()) {
      const location = await manager.createLocation(label);
      const product = await manager.createProduct({ index: `E2E-WLK-${id}-${i}`, name: `Walk ${id} ${i}` });
      await manager.receive(location.id, product.id, 5);
      positions.push({ productId: product.id, quantity: 1 });
    }
    const order = await manager.post('/api/WmsOrder', {
      typeCode: 'OPI',
      saveAs: 'production',
      assignedUserId: picker.userId,
      positions,
    });

    const terminal = await openTerminal(page);
    await terminal.chooseFlow('picking');
    await terminal.openOrder(String(order.orderNumber));
    await expect(terminal.byTestId('terminal-position-location')).toHaveText([...labels].sort());
  });
});
