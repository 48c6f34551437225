import { randomUUID } from 'node:crypto';
import { aWooProduct, startWooCommerceServer } from '../test/support/wooCommerceServer';
import { ResourcePage } from './pages/ResourcePage';
import { ShellPage } from './pages/ShellPage';
import { expect, test } from './support/fixtures';
import { WarehouseApi } from './support/warehouseApi';

test.describe('web shop import', () => {
  test('a super user saves a WooCommerce shop, activates it and imports its products, told live', async ({
    page,
    request,
    signIn,
  }) => {
    const id = randomUUID().slice(0, 6).toUpperCase();
    // A local shop speaking WooCommerce REST API v3 (the server under test reaches it over HTTP).
    const shop = await startWooCommerceServer([
      aWooProduct(1, { sku: `E2E-${id}-1`, name: `Garden hose ${id}`, global_unique_id: '5901234123457' }),
      aWooProduct(2, { sku: `E2E-${id}-2`, name: `Watering can ${id}` }),
    ]);
    try {
      await signIn();
      await new ShellPage(page).expectSignedIn();
      await new ResourcePage(page).create('external-credentials', {
        serviceName: `Shop ${id}`,
        baseUrl: shop.baseUrl,
        username: shop.key,
        secret: shop.secret,
      });
      await expect(page.getByTestId('external-credentials-state')).toHaveText('Not activated');

      await page.getByTestId('external-activate').click();
      await expect(page.getByTestId('external-credentials-state')).toHaveText('Active');

      await page.getByTestId('external-import').click();
      await expect(page.getByText('External product import succeeded')).toBeVisible();
      await expect(page.getByText('New: 2, updated: 0, not imported: 0')).toBeVisible();

      const api = await WarehouseApi.signIn(request, 'admin');
      const products = await api.get<{ results: { index: string; name: string; barcodes: string[] }[] }>(
        '/api/Product',
        {
          BasicFiltersSerialized: JSON.stringify([{ field: 'index', operator: 'eq', value: `E2E-${id}-1` }]),
        },
      );
      expect(products.results).toEqual([
        expect.objectContaining({ name: `Garden hose ${id}`, barcodes: ['5901234123457'] }),
      ]);
    } finally {
      await shop.close();
    }
  });
});
