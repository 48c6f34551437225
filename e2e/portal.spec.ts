import { PortalPage } from './pages/PortalPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { openSignedIn } from './support/apiSession';
import { expect, test } from './support/fixtures';
import { newDevice, openTerminal, uniqueId } from './support/terminalDevice';
import { WarehouseApi } from './support/warehouseApi';

/** A phone held in one hand (the 412 px wide screen). */
const phone = { width: 412, height: 915 };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('the contractor portal', () => {
  test('a contractor orders on a phone, the manager sees it live, the picker picks it, the contractor sees it done', async ({
    browser,
    baseURL,
    request,
  }) => {
    // Three browsers (desk, phone, terminal) and the terminal's sync: minutes on a busy machine.
    test.setTimeout(600_000);
    const id = uniqueId();
    const manager = await WarehouseApi.signIn(request, 'manager');
    // The test's own goods of ACME (the demo contractor): 10 in a bin of its own.
    const [acme] = await manager.list('/api/Company', { shortName: 'ACME' });
    const bin = `P${id}-A`;
    const location = await manager.createLocation(bin);
    const product = await manager.createProduct({
      index: `E2E-PORTAL-${id}`,
      name: `Portal crate ${id}`,
      contractorId: acme?.id,
      portalComment: 'Stack at most three high',
    });
    await manager.receive(location.id, product.id, 10);
    const index = String(product.index);

    // The manager watches the operational orders on a desktop.
    const desk = await newDevice(browser, baseURL);
    const contractor = await browser.newContext({ baseURL, viewport: phone, isMobile: true, hasTouch: true });
    const phonePage = await contractor.newPage();
    try {
      // The manager's session is handed over through the API (the contractor's sign-in below is the screen's).
      await openSignedIn(desk.page, 'manager', '/operational-orders');
      // A full load of the app in a fresh browser: on a busy machine as long as the other first loads.
      await expect(desk.page.getByTestId('operational-orders')).toBeVisible({ timeout: 60_000 });
      await new ShellPage(desk.page).expectSignedIn(30_000);

      const portal = new PortalPage(phonePage);
      let orderNumber = '';
      await test.step('the contractor signs in on a phone and lands in the portal', async () => {
        const signIn = new SignInPage(phonePage);
        await signIn.open();
        await signIn.signIn('contractor', 'demo1234');
        await portal.expectHome();
        // The menu holds the portal's entries and no staff entry; the page fits the phone's width.
        await expect(phonePage.getByTestId('menu-item-myOrders')).toBeAttached();
        const entries = await phonePage
          .locator('[data-testid^="menu-item-"]')
          .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')));
        expect(entries.sort()).toEqual(
          ['portalHome', 'myOrders', 'newOrder', 'basket', 'lastOrders'].map((k) => `menu-item-${k}`).sort(),
        );
        expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          phone.width,
        );
      });

      await test.step('builds a basket with the stepper and confirms it with a delivery date', async () => {
        await portal.openCatalogue();
        const card = await portal.findProduct(index);
        await expect(card.getByTestId('portal-product-available')).toHaveAttribute('data-available', '10');
        await expect(card.getByTestId('portal-product-comment')).toHaveText('Stack at most three high');
        await portal.addWithStepper(index, 3);
        await portal.openBasket();
        const line = phonePage.locator(`[data-testid="portal-basket-line"][data-index="${index}"]`);
        await expect(line.getByTestId('portal-basket-quantity-value')).toHaveValue('3');
        orderNumber = await portal.confirm(inDays(2), `E2E ${id}`);
        await expect(portal.order()).toHaveAttribute('data-status', 'waitingToProcess');
      });

      await test.step('the manager sees the order appear at once, with its origin, and a notice', async () => {
        const row = desk.page.getByTestId('order-list-row').filter({ hasText: orderNumber });
        await expect(row).toBeVisible({ timeout: 20_000 });
        await expect(row.getByTestId('order-origin-portal')).toBeVisible();
        await expect(
          desk.page.locator(`[data-testid="portal-order-notice"][data-number="${orderNumber}"]`),
        ).toBeVisible();
      });

      await test.step('the picker releases it on the terminal', async () => {
        const picker = await newDevice(browser, baseURL);
        try {
          const terminal = await openTerminal(picker.page, 'picker');
          await terminal.chooseFlow('release');
          await terminal.openOrder(orderNumber);
          await terminal.recordLine(bin, index, 3);
          await terminal.finishOrder();
          await terminal.expectNothingWaiting(60_000);
        } finally {
          await picker.context.close();
        }
      });

      await test.step('the contractor sees it done with what was picked, without reloading', async () => {
        await expect(portal.order()).toHaveAttribute(
          'data-status',
          /^(doneUnconfirmed|doneConfirmed|closedFully)$/,
          {
            timeout: 30_000,
          },
        );
        // The demo contractor's basket may have held lines of its own: the test's line is the one of its product.
        const ordered = phonePage.locator(`[data-testid="portal-order-line"][data-index="${index}"]`);
        await expect(ordered).toHaveAttribute('data-picked', '3');
        await expect(ordered).toHaveAttribute('data-done', 'true');
      });
    } finally {
      await contractor.close();
      await desk.context.close();
    }
  });
});
