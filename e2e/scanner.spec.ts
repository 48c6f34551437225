import { chromium } from '@playwright/test';
import { playwrightConfig } from '../playwright.config';
import type { TerminalPage } from './pages/TerminalPage';
import { writeBarcodeVideo } from './support/fakeCamera';
import { expect, test } from './support/fixtures';
import { openTerminal, testGoods } from './support/terminalDevice';

/** The GS1 check digit of the first 12 (EAN-13) or 13 (GTIN-14) digits. */
const checkDigit = (digits: string): string => {
  const sum = [...digits].reverse().reduce((total, d, i) => total + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return String((10 - (sum % 10)) % 10);
};

/** A random EAN-13 (prefix 20–29: in-store numbers, never a real product's). */
const randomEan13 = (): string => {
  const body = `2${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;
  return body + checkDigit(body);
};

/** From the terminal's home: a new direct receipt, waiting for its first location. */
const startReceipt = async (terminal: TerminalPage): Promise<void> => {
  await terminal.chooseFlow('receipt');
  await terminal.startDirectDocument();
  await terminal.expectStep('location');
};

test.describe('scanning on the terminal', () => {
  test('a CODE128 label seen by the camera fills the product, and the line reaches the server', async ({
    baseURL,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    // The label carries the product's barcode, not its index: the scan is looked up like any barcode.
    const { id, manager, bin, product } = await testGoods(request, {
      bin: (id) => `T${id}-C`,
      product: (id) => ({ index: `E2E-CAM-${id}`, name: `Camera ${id}`, barcodes: [`CAM${id}`] }),
    });
    const barcode = `CAM${id}`;

    // The camera: Chromium's fake capture playing a picture of the label (made now, not committed).
    const video = await writeBarcodeVideo(barcode, testInfo.outputPath('label.y4m'));
    const launchOptions = playwrightConfig.use?.launchOptions ?? {};
    const browser = await chromium.launch({
      ...launchOptions,
      args: [
        ...(launchOptions.args ?? []),
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ baseURL });
      await context.grantPermissions(['camera']);
      const page = await context.newPage();
      const terminal = await openTerminal(page);
      await startReceipt(terminal);

      await terminal.scan(bin);
      await terminal.expectStep('product');
      await terminal.click('camera-scan-button');
      await expect(terminal.byTestId('terminal-product')).toContainText(String(product.index), {
        timeout: 30_000,
      });
      await expect(terminal.byTestId('camera-scan-error')).toHaveCount(0);
      // The dialog closed with the first code read.
      await expect(terminal.byTestId('camera-scan-video')).toHaveCount(0);
      await terminal.expectStep('quantity');

      await terminal.setQuantity(3);
      await terminal.confirmLine();
      await expect(terminal.lines()).toHaveCount(1);
      await expect(terminal.lines()).toContainText(String(product.index));
      await terminal.finishDocument();
      // Online: the confirmation goes out at once; the server's stock is the outcome.
      await expect.poll(() => manager.stockOf(product.id), { timeout: 30_000 }).toEqual({ [bin]: 3 });
      await terminal.expectSynced();
    } finally {
      await browser.close();
    }
  });

  test('a wedge scan of a GS1-128 code fills the lot and the expiry, and they reach the stock', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const ean = randomEan13();
    // Expiry is required; the lot is kept as the serial number (the product shows serials).
    const { id, manager, bin, product } = await testGoods(request, {
      bin: (id) => `T${id}-D`,
      product: (id) => ({
        index: `E2E-GS1-${id}`,
        name: `Batch tracked ${id}`,
        barcodes: [ean],
        requiredExpDate: true,
        visibleSerial: true,
      }),
    });
    const year = (new Date().getUTCFullYear() + 2) % 100;
    const expiry = `20${String(year).padStart(2, '0')}-12-31`;
    const lot = `L${id}`;
    // ]C1 (GS1-128), AI 01 the GTIN-14 of the EAN, AI 17 expiry YYMMDD, AI 10 the lot (last: no GS needed).
    const gs1 = `]C101${`0${ean}`}17${String(year).padStart(2, '0')}123110${lot}`;

    const terminal = await openTerminal(page);
    await test.step('the scanner settings: a wider key gap, and a trial scan shows the code as read', async () => {
      // A slow scanner's setting (200 ms is its upper bound) is kept and the decoder follows it.
      await terminal.setScannerMaxGap(200);
      await terminal.wedgeScan(gs1);
      await expect(terminal.byTestId('scanner-last-scan')).toHaveText(gs1);
      await terminal.click('terminal-back');
      await terminal.expectHome();
    });
    await startReceipt(terminal);
    await terminal.scan(bin);
    await terminal.expectStep('product');

    await terminal.wedgeScan(gs1);
    await expect(terminal.byTestId('terminal-product')).toContainText(String(product.index));
    // The required expiry came with the scan: no details step, straight to the quantity.
    await terminal.expectStep('quantity');
    // The burst went to the scanner, not into the manual field.
    await expect(terminal.byTestId('terminal-scan-input')).toHaveValue('');
    const batch = terminal.byTestId('terminal-batch');
    await expect(batch).toContainText(expiry);
    await expect(batch).toContainText(lot);

    // The details form shows the scanned values in its fields.
    await terminal.click('terminal-details-edit');
    await terminal.expectStep('details');
    await expect(terminal.byTestId('terminal-details-exp')).toHaveValue(expiry);
    await expect(terminal.byTestId('terminal-details-serial')).toHaveValue(lot);
    await terminal.click('terminal-details-continue');
    await terminal.expectStep('quantity');

    await terminal.setQuantity(2);
    await terminal.confirmLine();
    await expect(terminal.lines()).toHaveCount(1);
    await expect(terminal.lines()).toContainText(expiry);
    await expect(terminal.lines()).toContainText(lot);
    await terminal.finishDocument();

    // The server: 2 in the bin under that lot and expiry.
    await expect
      .poll(async () =>
        (await manager.list('/api/WmsInventory/inventory', { productId: product.id })).map((s) => ({
          location: s.locationLabel,
          quantity: Number(s.quantity),
          serialNumber: s.serialNumber,
          expDate: String(s.expDate).slice(0, 10),
        })),
      )
      .toEqual([{ location: bin, quantity: 2, serialNumber: lot, expDate: expiry }]);
    await terminal.expectSynced();
    const [receipt] = await manager.documentsOf(product.id);
    expect(receipt).toMatchObject({
      typeCode: 'DIN',
      statusCode: 'confirmed',
      lines: [{ quantity: 2, serialNumber: lot, expDate: expiry }],
    });
  });
});
