import { ShellPage } from './pages/ShellPage';
import { signInThroughApi } from './support/apiSession';
import { expect, test } from './support/fixtures';
import { openTerminal, testGoods } from './support/terminalDevice';

test.describe("the supervisor's dashboard", () => {
  test("today's receipts go up live when a picker confirms a receipt on the terminal", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const { bin, product } = await testGoods(request, {
      bin: (id) => `T${id}-D`,
      product: (id) => ({ index: `E2E-DSH-${id}`, name: `Dashboard ${id}` }),
    });

    // The supervisor's first screen: the dashboard, with today's receipts.
    // The sign-in screen is spine.spec's: the manager's session is handed over through the API.
    await signInThroughApi(page.context(), baseURL, 'manager');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await new ShellPage(page).expectSignedIn(60_000);
    await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 60_000 });
    const receipts = page.getByTestId('dashboard-today-receipts');
    await expect(receipts).toHaveText(/^\d+$/, { timeout: 30_000 });
    const before = Number(await receipts.textContent());

    // A picker on a device of its own confirms a direct receipt.
    const device = await browser.newContext({ baseURL });
    try {
      const terminal = await openTerminal(await device.newPage());
      await terminal.chooseFlow('receipt');
      await terminal.startDirectDocument();
      await terminal.recordLine(bin, String(product.index), 4);
      await terminal.finishDocument();
      await terminal.expectSynced(60_000);

      // The supervisor's screen follows without a reload.
      await expect(receipts).toHaveText(String(before + 1), { timeout: 60_000 });
    } finally {
      await device.close();
    }

    // The supervisor's connection drops: a screen that needs the server says so at the top; once the server
    // answers again the notice goes away by itself (no reload, no click). The companies' screen is opened once
    // before, online: with the service worker blocked in tests, its code would not load offline.
    const shell = new ShellPage(page);
    await shell.openMenuItem('company');
    await expect(page.getByTestId('resource-row').first()).toBeVisible();
    await shell.openMenuItem('home');
    await expect(page.getByTestId('dashboard')).toBeVisible();
    await page.context().setOffline(true);
    try {
      await shell.openMenuItem('company');
      await expect(page.getByTestId('offline-notice')).toBeVisible();
    } finally {
      await page.context().setOffline(false);
    }
    await expect(page.getByTestId('offline-notice')).toHaveCount(0, { timeout: 60_000 });
  });
});
