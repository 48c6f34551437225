import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LocationMapPage } from './pages/LocationMapPage';
import { PrintPage } from './pages/PrintPage';
import { ShellPage } from './pages/ShellPage';
import { expect, test } from './support/fixtures';
import { repoRoot } from './support/serverProcess';
import { openTerminal, uniqueId } from './support/terminalDevice';
import { WarehouseApi } from './support/warehouseApi';

const phone = { width: 360, height: 800 } as const;
const tablet = { width: 768, height: 1024 } as const;
/** A hall 100 × 50 (map units = the drawing's viewBox, which the default bounds 0..100 stretch over). */
const hallSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" width="400" height="200">' +
  '<rect x="0" y="0" width="400" height="200" fill="#f4f4f4" stroke="#333"/>' +
  '<rect x="20" y="20" width="60" height="160" fill="#ddd"/></svg>';

test.describe('the location planner', () => {
  test('upload a map and place a location on it, move it with the keyboard, reload and see it placed; fits 360 px', async ({
    page,
    request,
    signIn,
  }) => {
    const admin = await WarehouseApi.signIn(request, 'admin');
    const id = uniqueId();
    const hall = await admin.createLocation(`M${id}`);
    const rack = await admin.post('/api/StorageSpace', {
      label: `M${id}-R1`,
      parentId: hall.id,
      capacityKg: 100,
    });
    // 5 × 10 kg in a rack of 100 kg: half full.
    const product = await admin.createProduct({ index: `E2E-MAP-${id}`, name: `Mapped ${id}`, weight: 10 });
    await admin.receive(rack.id, product.id, 5);
    const map = new LocationMapPage(page);
    await signIn();

    // The menu's warehouse map lists the top-level locations; each opens its map.
    await new ShellPage(page).openMenuItem('locationMap');
    await expect(map.byTestId('location-map-index')).toBeVisible();
    await map.page.locator(`[data-testid="map-index-location"][data-id="${hall.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/storage-spaces/${hall.id}/map$`));
    await expect(map.byTestId('map-missing')).toBeVisible();

    // From the location's screen to its map, which has none yet: the catalogue says so.
    await map.goto(`/storage-spaces/${hall.id}`);
    await map.click('location-open-map');
    await expect(map.byTestId('map-missing')).toBeVisible();
    const language = (await page.locator('html').getAttribute('lang'))?.toLowerCase() ?? 'en-us';
    const errors = JSON.parse(
      await readFile(join(repoRoot, 'locales', language, 'errors.json'), 'utf8'),
    ) as Record<string, string>;
    await expect(map.byTestId('map-missing')).toHaveText(errors.locationHasNoMap ?? '');

    // A file that is not an SVG is refused with the catalogue's message; the SVG is taken.
    await map.upload('hall.png', hallSvg);
    await expect(map.byTestId('map-error')).toContainText(errors.fileExtensionNotAllowed ?? '');
    await map.upload('hall.svg', hallSvg);
    await expect(map.byTestId('map-drawing')).toBeVisible();
    await expect(map.byTestId('map-missing')).toHaveCount(0);

    // Dragged from the list onto the map at a quarter from the left and from the top: x ≈ 25, y ≈ 75.
    await map.dragOntoMap(rack.id, 0.25, 0.25);
    const marker = map.marker(rack.id);
    await expect(marker).toBeVisible();
    await expect(marker).toHaveAttribute('data-fill', 'medium');
    await expect
      .poll(async () => {
        const row = await admin.get<{ x: number | null; y: number | null }>(`/api/StorageSpace/${rack.id}`);
        return row.x !== null && row.y !== null && Math.abs(row.x - 25) < 2 && Math.abs(row.y - 75) < 2;
      })
      .toBe(true);
    const dropped = await admin.get<{ x: number; y: number }>(`/api/StorageSpace/${rack.id}`);

    // The arrow keys move a placed location (one hundredth of the map per press).
    await marker.focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(async () => (await admin.get<{ x: number }>(`/api/StorageSpace/${rack.id}`)).x)
      .toBeCloseTo(dropped.x + 1, 2);

    // After a reload it is still there; a click shows its stock and leads to its inventory.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect(map.marker(rack.id)).toBeVisible();
    await map.marker(rack.id).click();
    await expect(map.byTestId('map-details')).toContainText(`M${id}-R1`);
    await expect(map.byTestId('map-details-stock')).toContainText('5');

    // The picker's next location, highlighted on a tablet; the planner fits a 360 px screen (the drawing scrolls).
    await page.setViewportSize(phone);
    await map.open(hall.id, rack.id);
    await expect(map.marker(rack.id)).toHaveAttribute('data-highlighted', 'true');
    await expect(map.byTestId('map-highlight-note')).toContainText(`M${id}-R1`);
    const print = new PrintPage(page);
    expect(await print.overflowIn(map.byTestId('location-map'), { wholePage: true })).toEqual([]);
    // Zoomed in, the drawing scrolls inside its frame; the page itself still does not scroll sideways.
    await map.click('map-zoom-in');
    await expect(map.byTestId('map-zoom')).toHaveText('150 %');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await map.marker(rack.id).click();
    await map.click('map-details-inventory');
    await expect(page).toHaveURL(new RegExp(`/inventory\\?f\\.locationId=${rack.id}`));
  });
});

test.describe('the picker’s next location on the map', () => {
  // The offline reload below needs the service worker (blocked by default, playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('“show on map” from the order opens the map with the next location pulsing, back to the scan field; offline the map seen once still shows it', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(240_000);
    const id = uniqueId();
    const manager = await WarehouseApi.signIn(request, 'manager');
    const picker = await WarehouseApi.signIn(request, 'picker');
    // A hall with a map, a rack placed on it holding the goods of a release order for the picker.
    const hall = await manager.createLocation(`N${id}`);
    const rack = await manager.post('/api/StorageSpace', { label: `N${id}-R1`, parentId: hall.id });
    const bounds = { southWestX: 0, southWestY: 0, northEastX: 100, northEastY: 100 };
    await manager.post(`/api/StorageSpace/${hall.id}/schema`, { svg: hallSvg, fileName: 'hall.svg', bounds });
    // The planner's call (the API helper has no PUT): the manager's own token.
    const auth = await request.post('/api/Auth', { data: { username: 'manager', password: 'demo1234' } });
    const { token } = (await auth.json()) as { token: string };
    const placed = await request.put(`/api/StorageSpace/${hall.id}/schema/places/${rack.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { x: 80, y: 20 },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    // A second mapped hall this device never shows online.
    const unseen = await manager.createLocation(`N${id}-B`);
    await manager.post(`/api/StorageSpace/${unseen.id}/schema`, { svg: hallSvg, fileName: 'b.svg', bounds });
    const product = await manager.createProduct({ index: `E2E-NEXT-${id}`, name: `Next ${id}` });
    await manager.receive(rack.id, product.id, 10);
    const order = await manager.createReleaseOrder({
      locationId: rack.id,
      productId: product.id,
      quantity: 3,
      assignedUserId: picker.userId,
    });
    const orderNumber = String(order.orderNumber);

    await page.setViewportSize(tablet);
    const terminal = await openTerminal(page, 'picker');
    await terminal.waitForServiceWorker();
    await terminal.chooseFlow('release');
    await terminal.openOrder(orderNumber);

    const map = new LocationMapPage(page);
    const marker = map.marker(rack.id);
    await test.step('online, on a tablet: the map with the next location pulsing, in view, and back', async () => {
      await terminal.click('terminal-next-map');
      await expect(page).toHaveURL(new RegExp(`/storage-spaces/${hall.id}/map\\?highlight=${rack.id}$`));
      await expect(marker).toHaveAttribute('data-highlighted', 'true');
      await expect(marker).toHaveClass(/aisle-map-highlight/);
      await expect(marker).toBeInViewport();
      await expect(map.byTestId('map-highlight-note')).toContainText(`N${id}-R1`);
      await map.click('map-back');
      await expect(terminal.byTestId('terminal-order-number')).toHaveText(orderNumber);
      await expect(terminal.byTestId('terminal-scan-input')).toBeFocused();
    });

    await context.setOffline(true);
    try {
      await test.step('offline, on a phone: the copy seen once shows the highlight, after a reload too', async () => {
        await page.setViewportSize(phone);
        await terminal.click('terminal-next-map');
        await expect(marker).toHaveAttribute('data-highlighted', 'true');
        await page.reload({ waitUntil: 'domcontentloaded' });
        await expect(marker).toHaveAttribute('data-highlighted', 'true', { timeout: 30_000 });
        await expect(marker).toBeInViewport();
        await expect(map.byTestId('map-offline-copy')).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          phone.width,
        );
      });

      await test.step('offline: a map never seen on this device says it is not available offline', async () => {
        await map.goto(`/storage-spaces/${unseen.id}/map`);
        await expect(map.byTestId('map-not-offline')).toBeVisible();
        await expect(map.byTestId('map-drawing')).toHaveCount(0);
      });
    } finally {
      await context.setOffline(false);
    }
  });
});
