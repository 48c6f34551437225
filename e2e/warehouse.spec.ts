import { randomUUID } from 'node:crypto';
import { DocumentPage } from './pages/DocumentPage';
import { LocationPage } from './pages/LocationPage';
import { LogisticsConfigPage } from './pages/LogisticsConfigPage';
import { OrderPage } from './pages/OrderPage';
import { ResourcePage } from './pages/ResourcePage';
import { StockPage } from './pages/StockPage';
import { VerificationPage } from './pages/VerificationPage';
import { signInThroughApi } from './support/apiSession';
import { expect, test } from './support/fixtures';

// A 1×1 PNG: the product's image.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('the warehouse', () => {
  test('a manager receives, relocates, releases and counts goods, and the stock screens follow each step', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // Everything the test touches is its own: a new product and a new warehouse with two bins.
    const id = randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();
    const productIndex = `E2E-${id}`;
    const warehouse = `Z${id}1`;
    const binA = `${warehouse}-B01`;
    const binB = `${warehouse}-B02`;

    const resources = new ResourcePage(page);
    const locations = new LocationPage(page);
    const documents = new DocumentPage(page);
    const orders = new OrderPage(page);
    const counts = new VerificationPage(page);
    const stock = new StockPage(page);
    const config = new LogisticsConfigPage(page);

    // The sign-in screen is spine.spec's: the manager's session is handed over through the API.
    await signInThroughApi(page.context(), undefined, 'manager');

    // Counts with a difference above 10 units or 20 % wait for a manager (the demo account's setting).
    await config.requireCountApproval(10, 20);

    // The product, with its image.
    const productId = await resources.create('products', {
      index: productIndex,
      name: `E2E product ${id}`,
    });
    await expect(page.getByTestId('product-image-none')).toBeVisible();
    await page
      .getByTestId('product-image-input')
      .setInputFiles({ name: 'product.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('product-image')).toBeVisible();

    // The locations, from the generator: one warehouse with two bins; the bin's label is a barcode.
    await locations.openGenerator();
    await locations.fillLevels([
      { prefix: `Z${id}`, digits: 1, start: 1, quantity: 1 },
      { prefix: 'B', digits: 2, start: 1, quantity: 2 },
    ]);
    await locations.expectPreview(2, binA, binB);
    await locations.expectTotal(3);
    await locations.generate();
    await locations.openTree();
    await locations.expand(warehouse);
    await locations.select(binA);
    const labels = await locations.printLabels();
    await expect(labels.locator('.label .text')).toHaveText(binA);
    await labels.close();

    await test.step('receipt: a confirmed DIN puts 100 into bin A', async () => {
      await documents.openNew('DIN');
      await documents.setDestination(binA);
      await documents.setPosition(0, { product: productIndex, quantity: 100 });
      await documents.saveConfirmed();
      await expect(documents.byTestId('doc-position-row')).toHaveCount(1);
      await stock.expectInventory(productId, { [binA]: 100 });
      await stock.expectStockByWarehouse(productId, { [warehouse]: 100 });
    });

    await test.step('relocation: an ARL moves 40 from bin A to bin B', async () => {
      await documents.openNew('ARL');
      await documents.setSource(binA);
      await documents.setDestination(binB);
      await documents.setPosition(0, { product: productIndex, quantity: 40 });
      await documents.saveConfirmed();
      await stock.expectInventory(productId, { [binA]: 60, [binB]: 40 });
      await stock.expectStockByWarehouse(productId, { [warehouse]: 100 });
    });

    await test.step('release: an OOU order saved for production generates the document taking 25 out of bin B', async () => {
      await orders.openNew('OOU');
      await orders.setSource(binB);
      await orders.setPosition(0, { product: productIndex, quantity: 25 });
      await orders.save({ generateDocuments: true, production: true });
      await expect(orders.documentRows()).toHaveCount(1);
      await expect(orders.documentRows().first()).toHaveAttribute('data-status', 'confirmed');
      await stock.expectInventory(productId, { [binA]: 60, [binB]: 15 });
      await stock.expectStockByWarehouse(productId, { [warehouse]: 75 });
    });

    let countUrl = '';
    await test.step('count: bin A holds 30, not 60; the difference waits for approval', async () => {
      await counts.newLocationCount(binA);
      countUrl = page.url();
      await expect(counts.lines()).toHaveCount(1);
      await counts.expectExpected(1, 60);
      await counts.count(1, 30, -30);
      await expect(counts.byTestId('verify-differences')).toHaveText('1');
      await counts.finish(true);
      await expect(counts.byTestId('verify-status')).toHaveAttribute(
        'data-status',
        'finishedWithDifferences',
      );
      await expect(counts.byTestId('verify-approval-needed')).toBeVisible();
      await expect(counts.byTestId('verify-document-row')).toHaveCount(0);
      // Not approved yet: stock is unchanged.
      await stock.expectInventory(productId, { [binA]: 60, [binB]: 15 });
    });

    await test.step('approval: the manager approves, a correcting document takes 30 out of bin A', async () => {
      await counts.goto(new URL(countUrl).pathname);
      await expect(counts.byTestId('verify-count')).toBeVisible();
      await counts.approve();
      await expect(counts.byTestId('verify-document-row')).toHaveCount(1);
      await expect(counts.byTestId('verify-document-row').first()).toHaveAttribute(
        'data-status',
        'confirmed',
      );
      await stock.expectInventory(productId, { [binA]: 30, [binB]: 15 });
      await stock.expectStockByWarehouse(productId, { [warehouse]: 45 });
    });
  });
});
