import type { Page } from '@playwright/test';
import { ShellPage } from './pages/ShellPage';
import type { TerminalPage } from './pages/TerminalPage';
import { expect, test } from './support/fixtures';
import { type Overflow, overflowingTexts } from './support/overflow';
import { openTerminal, testGoods } from './support/terminalDevice';
import { WarehouseApi } from './support/warehouseApi';

const languages = ['en-us', 'pl-pl', 'de-de', 'fr-fr', 'es-es', 'ru-ru'] as const;
const widths = [360, 412] as const;

/**
 * Moves the app to `path` the way its own links do (history + popstate for the router), so the replica, the
 * session and the loaded screens stay: one page load per language, not one per screen.
 */
const navigate = async (page: Page, path: string): Promise<void> => {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/.]/g, '\\$&')}$`));
};

/**
 * The interface language switched the way a user does it, from the header's language menu: no reload, no new
 * sign-in (the choice also becomes the user's default on the server, so the test puts the first one back).
 */
const useLanguage = async (page: Page, lng: string): Promise<void> => {
  await new ShellPage(page).chooseLanguage(lng);
  await expect(page.locator('html')).toHaveAttribute(
    'lang',
    lng.replace(/-(\w+)$/, (m) => m.toUpperCase()),
  );
};

test.describe('terminal labels on a handheld', () => {
  test('no text is cut on any terminal screen, in every language, at 360 and 412 px', async ({
    page,
    request,
  }) => {
    test.setTimeout(600_000);
    // The test's own goods: stock in a bin for a release order and a picking order handed to the picker.
    const { manager, bin, location, product } = await testGoods(request, {
      bin: (id) => `T${id}-L`,
      product: (id) => ({ index: `E2E-LBL-${id}`, name: `Labels ${id}` }),
    });
    const pickerId = (await WarehouseApi.signIn(request, 'picker')).userId;
    await manager.receive(location.id, product.id, 10);
    const release = await manager.createReleaseOrder({
      locationId: location.id,
      productId: product.id,
      quantity: 3,
      assignedUserId: pickerId,
    });
    const picking = await manager.post('/api/WmsOrder', {
      typeCode: 'OPI',
      saveAs: 'production',
      priority: 'high',
      assignedUserId: pickerId,
      sourceLocationId: location.id,
      positions: [{ productId: product.id, quantity: 2 }],
    });
    const index = String(product.index);

    await page.setViewportSize({ width: widths[0], height: 800 });
    const terminal = await openTerminal(page, 'picker');
    // A direct receipt with one line: its number badge, state badge and line card are on screen.
    await terminal.chooseFlow('receipt');
    await terminal.startDirectDocument();
    await terminal.recordLine(bin, index, 1);
    const receiptPath = terminal.path();

    const found: (Overflow & { screen: string })[] = [];
    // Each screen is checked at the width the last one ended at, then at the other: one resize per screen.
    let current: number = widths[0];
    const check = async (screen: string): Promise<void> => {
      await expect(terminal.byTestId('terminal-screen')).toBeVisible({ timeout: 30_000 });
      for (const width of [current, ...widths.filter((w) => w !== current)]) {
        if (width !== current) await page.setViewportSize({ width, height: 800 });
        current = width;
        await expect(page).toHaveURL(/\/terminal/);
        for (const overflow of await overflowingTexts(page))
          found.push({ ...overflow, screen: `${screen} @${width}` });
      }
    };

    const walk = async (lng: string, t: TerminalPage): Promise<void> => {
      await navigate(page, '/terminal');
      await t.expectHome();
      await check(`${lng} home`);
      await navigate(page, '/terminal/scanner');
      await expect(t.byTestId('scanner-settings')).toBeVisible();
      await check(`${lng} scanner settings`);
      for (const kind of ['receipt', 'release', 'picking', 'verify'] as const) {
        await navigate(page, `/terminal/${kind}`);
        await expect(t.byTestId('terminal-step')).toBeVisible();
        await check(`${lng} ${kind} list`);
      }
      await navigate(page, receiptPath);
      await expect(t.lines()).toHaveCount(1);
      await t.expectStep('location');
      await check(`${lng} receipt: location step`);
      await t.scan(bin);
      await t.expectStep('product');
      await check(`${lng} receipt: product step`);
      await t.scan(index);
      await t.expectStep('quantity');
      await check(`${lng} receipt: quantity step`);
      for (const [kind, order] of [
        ['release', release],
        ['picking', picking],
      ] as const) {
        await navigate(page, `/terminal/${kind}/order/${order.id}`);
        await expect(t.byTestId('terminal-order-number')).toHaveText(String(order.orderNumber));
        await t.expectStep('location');
        await check(`${lng} ${kind} order`);
      }
    };

    const first = ((await page.locator('html').getAttribute('lang')) ?? 'en-us').toLowerCase();
    try {
      for (const lng of languages) {
        await test.step(lng, async () => {
          await useLanguage(page, lng);
          await walk(lng, terminal);
        });
      }
    } finally {
      await page.setViewportSize({ width: widths[0], height: 800 });
      await useLanguage(page, first);
    }
    expect(
      found.map((o) => `${o.screen}: "${o.text}" (${o.testId ?? '-'}) ${o.content}px in ${o.box}px`),
    ).toEqual([]);
  });
});
