import { TerminalPage } from './pages/TerminalPage';
import { expect, test } from './support/fixtures';
import { newDevice, openTerminal, testGoods, uniqueId } from './support/terminalDevice';
import { WarehouseApi } from './support/warehouseApi';

// Service workers are blocked by default (playwright.config.ts); the offline reload below needs one. Installing it
// precaches the whole build (~14 MB) in each new browser, so the devices of the other tests, which go offline with
// the app loaded and its screens fetched, block it again (`noServiceWorker`).
test.use({ serviceWorkers: 'allow' });
const noServiceWorker = { serviceWorkers: 'block' } as const;

test.describe('the offline terminal', () => {
  test('a picker receives and releases offline, reloads offline, and the server gets exactly that work', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = uniqueId();
    const manager = await WarehouseApi.signIn(request, 'manager');
    const picker = await WarehouseApi.signIn(request, 'picker');

    // The test's own data: one bin, a product to receive, a product with 10 in the bin and an order for 6.
    const bin = `T${id}-A`;
    const location = await manager.createLocation(bin);
    const inbound = await manager.createProduct({ index: `E2E-IN-${id}`, name: `Received ${id}` });
    const outbound = await manager.createProduct({ index: `E2E-OUT-${id}`, name: `Released ${id}` });
    await manager.receive(location.id, outbound.id, 10);
    const order = await manager.createReleaseOrder({
      locationId: location.id,
      productId: outbound.id,
      quantity: 6,
      assignedUserId: picker.userId,
    });
    const orderNumber = String(order.orderNumber);
    const inboundIndex = String(inbound.index);
    const outboundIndex = String(outbound.index);

    const terminal = await openTerminal(page, 'picker');
    // The reload below must come from the service worker.
    await terminal.waitForServiceWorker();

    await context.setOffline(true);
    let receiptUrl = '';
    try {
      await terminal.expectOffline();

      await test.step('offline: a direct receipt puts 7 into the bin (one pending line)', async () => {
        await terminal.chooseFlow('receipt');
        await terminal.startDirectDocument();
        await expect(terminal.byTestId('terminal-provisional')).toBeVisible();
        await terminal.recordLine(bin, inboundIndex, 7);
        receiptUrl = terminal.path();
        await expect(terminal.lines()).toHaveCount(1);
        await expect(terminal.line('pending')).toHaveCount(1);
        await expect(terminal.line('pending').getByTestId('terminal-line-quantity')).toHaveText('7');
        await terminal.expectPendingWork();
      });

      await test.step('offline reload: the app and the pending line come back from the device', async () => {
        await page.reload({ waitUntil: 'domcontentloaded' });
        await expect(terminal.byTestId('terminal-document-number')).toBeVisible({ timeout: 30_000 });
        await expect(terminal.byTestId('terminal-provisional')).toBeVisible();
        await expect(terminal.lines()).toHaveCount(1);
        await expect(terminal.line('pending')).toContainText(inboundIndex);
        await expect(terminal.line('pending').getByTestId('terminal-line-quantity')).toHaveText('7');
        await terminal.expectOffline();
        await terminal.finishDocument();
      });

      await test.step('offline: the release order is picked, 4 of 6, and finished', async () => {
        await terminal.goto('/terminal');
        await terminal.expectHome();
        await terminal.chooseFlow('release');
        await terminal.openOrder(orderNumber);
        await terminal.recordLine(bin, outboundIndex, 4);
        const recorded = terminal.line('pending');
        await expect(recorded).toHaveCount(1);
        await expect(recorded).toContainText(outboundIndex);
        await expect(recorded.getByTestId('terminal-line-quantity')).toHaveText('4');
        await terminal.finishOrder();
      });

      await test.step('offline reload of the order: what was recorded is still there, still pending', async () => {
        await terminal.openOrder(orderNumber);
        await page.reload({ waitUntil: 'domcontentloaded' });
        await expect(terminal.byTestId('terminal-order-number')).toHaveText(orderNumber, { timeout: 30_000 });
        await expect(terminal.line('pending').getByTestId('terminal-line-quantity')).toHaveText('4');
        await terminal.expectOffline();
        await terminal.expectPendingWork();
      });

      // Nothing reached the server while the device was offline.
      expect(await manager.stockOf(inbound.id)).toEqual({});
      expect(await manager.stockOf(outbound.id)).toEqual({ [bin]: 10 });
    } finally {
      await context.setOffline(false);
    }

    await test.step('online: everything is pushed, and the server holds exactly that work', async () => {
      // Still on the order: once nothing waits, a refusal of its lines or of "finish" would show here.
      await terminal.expectNothingWaiting(60_000);
      const refusals = page.getByTestId('terminal-rejection');
      expect(await refusals.count(), `refused: ${(await refusals.allInnerTexts()).join(' | ')}`).toBe(0);
      await terminal.expectSynced(60_000);
      expect(await manager.stockOf(inbound.id)).toEqual({ [bin]: 7 });
      expect(await manager.stockOf(outbound.id)).toEqual({ [bin]: 6 });

      // The receipt: one confirmed DIN of 7 with its final number, not the device's provisional one.
      const [receipt, ...more] = await manager.documentsOf(inbound.id);
      expect(more).toEqual([]);
      expect(receipt).toMatchObject({ typeCode: 'DIN', statusCode: 'confirmed', lines: [{ quantity: 7 }] });
      expect(receipt?.offlineNumber).toBeTruthy();
      expect(receipt?.documentNumber).not.toBe(receipt?.offlineNumber);

      // The release: besides the manager's receipt of 10, one confirmed OOU of the order for the 4 recorded.
      const outboundDocuments = await manager.documentsOf(outbound.id);
      expect(
        outboundDocuments.map((d) => ({
          type: d.typeCode,
          status: d.statusCode,
          order: d.orderId,
          lines: d.lines,
        })),
      ).toEqual([
        { type: 'DIN', status: 'confirmed', order: null, lines: [expect.objectContaining({ quantity: 10 })] },
        {
          type: 'OOU',
          status: 'confirmed',
          order: order.id,
          lines: [expect.objectContaining({ quantity: 4 })],
        },
      ]);
      const positions = await manager.get<{ results: { quantityReal: unknown }[] }>(
        `/api/WmsOrder/${order.id}/Positions`,
      );
      expect(positions.results.map((p) => Number(p.quantityReal))).toEqual([4]);
    });

    await test.step('the device shows the final number and has nothing left to send', async () => {
      await terminal.goto(receiptUrl);
      await expect(terminal.byTestId('terminal-document-number')).toHaveAttribute(
        'data-provisional',
        'false',
      );
      await terminal.goto('/sync/pending');
      await expect(page.getByTestId('pending-empty')).toBeVisible({ timeout: 30_000 });
    });
  });

  test('two devices take the last units offline: one is accepted, the other is refused on its line and fixed', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const { manager, bin, location, product } = await testGoods(request, {
      bin: (id) => `T${id}-B`,
      product: (id) => ({ index: `E2E-LAST-${id}`, name: `Last units ${id}` }),
    });
    const productIndex = String(product.index);
    await manager.receive(location.id, product.id, 5);

    const first = await newDevice(browser, baseURL, noServiceWorker);
    const second = await newDevice(browser, baseURL, noServiceWorker);
    try {
      // The picker on one handheld, the admin (who may use the terminal too) on another.
      const picker = await openTerminal(first.page, 'picker');
      const admin = await openTerminal(second.page, 'admin');
      await picker.expectScreensLoaded();
      await admin.expectScreensLoaded();
      await first.context.setOffline(true);
      await second.context.setOffline(true);
      await picker.expectOffline();
      await admin.expectOffline();

      // Both see 5 in the bin; the picker takes 3, the admin all 5, each with a direct release.
      await picker.chooseFlow('release');
      await picker.startDirectDocument();
      await picker.recordLine(bin, productIndex, 3);
      await expect(picker.line('pending')).toHaveCount(1);
      await picker.finishDocument();

      await admin.chooseFlow('release');
      await admin.startDirectDocument();
      await admin.recordLine(bin, productIndex, 5);
      const adminDocument = admin.path();
      await expect(admin.line('pending')).toHaveCount(1);
      await admin.finishDocument();

      // The picker's device reconnects first: its release is accepted.
      await first.context.setOffline(false);
      await picker.expectSynced(60_000);
      expect(await manager.stockOf(product.id)).toEqual({ [bin]: 2 });

      // The admin's device reconnects: its confirmation is refused, and the line says why.
      await second.context.setOffline(false);
      await expect(admin.chip()).toHaveAttribute('data-state', 'chip.rejected', { timeout: 60_000 });
      await admin.goto(adminDocument);
      const refused = admin.line('rejected');
      await expect(refused).toHaveCount(1, { timeout: 30_000 });
      await expect(refused).toContainText(productIndex);
      const rejection = refused.getByTestId('terminal-rejection');
      await expect(rejection).toBeVisible();
      await expect(rejection).toHaveAttribute('data-code', /stockShortfall|documentInvalid/);
      await expect(rejection).not.toHaveText('');
      // Its ways forward.
      await expect(rejection.getByTestId('terminal-fix-other-location')).toBeVisible();
      await expect(rejection.getByTestId('terminal-fix-quantity')).toBeVisible();
      await expect(rejection.getByTestId('terminal-fix-discard')).toBeVisible();
      // The server still has the 2 the picker left.
      expect(await manager.stockOf(product.id)).toEqual({ [bin]: 2 });

      // The admin takes what is left: 2 instead of 5, and confirms again.
      await rejection.getByTestId('terminal-fix-quantity').click();
      await admin.fill('terminal-fix-quantity-input', '2');
      await admin.click('terminal-fix-quantity-save');
      await expect(admin.line('rejected')).toHaveCount(0);
      await expect(admin.lines()).toHaveCount(1);
      await expect(admin.lines().getByTestId('terminal-line-quantity')).toHaveText('2');
      await admin.finishDocument();

      // The server: nothing left, two confirmed releases of 3 and 2 — nothing oversold, nothing lost.
      await expect.poll(() => manager.stockOf(product.id), { timeout: 30_000 }).toEqual({});
      await admin.expectSynced();
      const releases = (await manager.documentsOf(product.id)).filter((d) => d.typeCode === 'DOU');
      expect(releases.map((d) => d.statusCode)).toEqual(['confirmed', 'confirmed']);
      expect(releases.flatMap((d) => d.lines.map((l) => l.quantity)).sort()).toEqual([2, 3]);
    } finally {
      await first.context.close();
      await second.context.close();
    }
  });

  test('two tabs of one handheld share its replica: what one records shows in the other at once, and reaches the server once', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(240_000);
    const { manager, bin, product } = await testGoods(request, {
      bin: (id) => `T${id}-C`,
      product: (id) => ({ index: `E2E-TABS-${id}`, name: `Two tabs ${id}` }),
    });
    const productIndex = String(product.index);

    const device = await newDevice(browser, baseURL, noServiceWorker);
    try {
      const first = await openTerminal(device.page, 'picker');
      // The same handheld's second tab: same session, same replica.
      const second = new TerminalPage(await device.context.newPage());
      await second.open();
      await second.expectSynced();
      await second.chooseFlow('receipt');
      await first.expectScreensLoaded();
      await second.expectScreensLoaded();
      await device.context.setOffline(true);
      await first.expectOffline();
      await second.expectOffline();

      await first.chooseFlow('receipt');
      await first.startDirectDocument();
      await first.recordLine(bin, productIndex, 3);
      await expect(first.line('pending')).toHaveCount(1);
      const number = await first.byTestId('terminal-document-number').innerText();

      // Without a reload, the second tab lists the new receipt and counts the work waiting, as the first does.
      await expect(second.byTestId(`terminal-document-${number}`)).toBeVisible();
      await expect.poll(() => first.pendingCount()).toBeGreaterThan(0);
      await expect.poll(() => second.pendingCount()).toBe(await first.pendingCount());

      // A second line, from the second tab, on the same receipt: the first tab shows it on its document.
      await second.byTestId(`terminal-document-${number}`).click();
      await expect(second.lines()).toHaveCount(1);
      await second.recordLine(bin, productIndex, 2);
      await expect(first.lines()).toHaveCount(2);
      await expect(first.line('pending').getByTestId('terminal-line-quantity')).toHaveText(['3', '2']);
      await first.finishDocument();

      await device.context.setOffline(false);
      await first.expectSynced(60_000);
      await second.expectSynced(60_000);
      // Whichever tab sent it, the server got the receipt once: 5 in the bin, one confirmed DIN of 3 and 2.
      expect(await manager.stockOf(product.id)).toEqual({ [bin]: 5 });
      const documents = await manager.documentsOf(product.id);
      expect(documents.map((d) => ({ type: d.typeCode, status: d.statusCode }))).toEqual([
        { type: 'DIN', status: 'confirmed' },
      ]);
      expect(documents[0]?.lines.map((l) => l.quantity)).toEqual([3, 2]);
    } finally {
      await device.context.close();
    }
  });
});
