import { SharedLinkPage } from './pages/SharedLinkPage';
import { signInThroughApi } from './support/apiSession';
import { expect, test } from './support/fixtures';
import { withServerClockAhead } from './support/serverClock';
import { newDevice, uniqueId } from './support/terminalDevice';
import { WarehouseApi } from './support/warehouseApi';

/**
 * Three browsers (the manager's, one or two strangers') each loading the app for the first time: on a machine with
 * a load of 30 every step takes 10-20 s, and three minutes ran out before the end.
 */
const linkTestMs = 360_000;

/** A link opened in a browser of its own (no account, no session of anyone). */
const openAsStranger = async (
  browser: Parameters<typeof newDevice>[0],
  baseURL: string | undefined,
  link: string,
) => {
  const device = await newDevice(browser, baseURL);
  await device.page.goto(link, { waitUntil: 'domcontentloaded' });
  return { ...device, shared: new SharedLinkPage(device.page) };
};

test.describe('shared access links', () => {
  test('a single-use link opened twice: the first shows the goods (paged, filtered, CSV), the second is refused', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(linkTestMs);
    const id = uniqueId();
    const manager = await WarehouseApi.signIn(request, 'manager');
    const [acme] = await manager.list('/api/Company', { shortName: 'ACME' });
    const location = await manager.createLocation(`S${id}-A`);
    const product = await manager.createProduct({
      index: `E2E-SHARED-${id}`,
      name: `Shared ${id}`,
      contractorId: acme?.id,
    });
    await manager.receive(location.id, product.id, 4);

    // The manager's screens: the session is handed over through the API (the sign-in screen is spine.spec's).
    await signInThroughApi(page.context(), baseURL, 'manager');
    const staff = new SharedLinkPage(page);
    const link = await staff.create('ACME', { singleUse: true });
    expect(link).toMatch(/\/shared\/wms-inventory\?key=[A-Za-z0-9_-]{43}$/);

    const first = await openAsStranger(browser, baseURL, link);
    try {
      await first.shared.expectShown('inventory');
      // The key leaves the address once used; the page goes on with its session.
      await expect(first.page).toHaveURL(/\/shared\/wms-inventory$/);
      await first.shared.fill('shared-search', String(product.index));
      await expect(first.shared.rows()).toHaveCount(1);
      await expect(first.shared.rows()).toContainText(String(product.name));
      const download = first.page.waitForEvent('download');
      await first.shared.click('shared-export');
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^inventory-.*\.csv$/);
      await first.page.reload({ waitUntil: 'domcontentloaded' });
      await first.shared.expectShown('inventory');

      const second = await openAsStranger(browser, baseURL, link);
      try {
        await second.shared.expectEnded('sharedLinkUsed');
      } finally {
        await second.context.close();
      }
    } finally {
      await first.context.close();
    }
  });

  test('a withdrawn link stops at once, also on a page already open', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(linkTestMs);
    const manager = await WarehouseApi.signIn(request, 'manager');
    const [acme] = await manager.list('/api/Company', { shortName: 'ACME' });
    const created = await manager.post('/api/SharedAccess', {
      contentType: 'stock',
      recipientContractorId: acme?.id,
      durationMinutes: 60,
    });
    const link = String(created.link);
    const open = await openAsStranger(browser, baseURL, link);
    try {
      await open.shared.expectShown('productStock');
      await signInThroughApi(page.context(), baseURL, 'manager');
      await new SharedLinkPage(page).withdraw(created.id);
      // The open page's next read is refused: it says why.
      await open.page.reload({ waitUntil: 'domcontentloaded' });
      await open.shared.expectEnded('sharedLinkWithdrawn');
      const again = await openAsStranger(browser, baseURL, link);
      try {
        await again.shared.expectEnded('sharedLinkWithdrawn');
      } finally {
        await again.context.close();
      }
    } finally {
      await open.context.close();
    }
  });

  test('an expired link: made now, opened after its 30 minutes', async ({ browser, baseURL, request }) => {
    const manager = await WarehouseApi.signIn(request, 'manager');
    const [acme] = await manager.list('/api/Company', { shortName: 'ACME' });
    const created = await manager.post('/api/SharedAccess', {
      contentType: 'inventory',
      recipientContractorId: acme?.id,
      durationMinutes: 30,
    });
    // The server's clock, not the test, moves 31 minutes on (e2e/support/serverClock.ts).
    await withServerClockAhead(request, 31 * 60, async () => {
      const stranger = await openAsStranger(browser, baseURL, String(created.link));
      try {
        await stranger.shared.expectEnded('sharedLinkExpired');
      } finally {
        await stranger.context.close();
      }
    });
  });
});
