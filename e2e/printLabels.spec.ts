import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { openPrinterListener } from '../test/support/printerListener';
import { PrintPage } from './pages/PrintPage';
import { expect, test } from './support/fixtures';
import { repoRoot } from './support/serverProcess';
import { openTerminal, testGoods, uniqueId } from './support/terminalDevice';
import { WarehouseApi } from './support/warehouseApi';

/** A valid EAN-13 of the run (restricted-circulation prefix 20): the product label's GS1-128 carries it. */
const ean13 = (seed: string): string => {
  const body = `20${[...seed].map((c) => c.charCodeAt(0) % 10).join('')}`.padEnd(12, '0').slice(0, 12);
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
};

const phone = { width: 360, height: 800 } as const;

/** One of the company's label printers, at the test's listener. */
const aPrinter = (api: WarehouseApi, name: string, address: string, size: readonly [number, number]) =>
  api.post('/api/Printer', { name, address, labelWidthMm: size[0], labelHeightMm: size[1], dpi: '203' });

test.describe('print layouts', () => {
  test("a location's label prints to a PDF and to a label printer over TCP; the dialog fits 360 px and says when no layout fits", async ({
    page,
    request,
    signIn,
  }) => {
    const admin = await WarehouseApi.signIn(request, 'admin');
    const id = uniqueId();
    const listener = await openPrinterListener();
    try {
      const printerName = `E2E Zebra ${id}`;
      await aPrinter(admin, printerName, listener.address, [70, 36]);
      const location = await admin.createLocation(`P${id}-01`);
      const label = String(location.label);
      const print = new PrintPage(page);

      await signIn();
      await print.goto(`/storage-spaces/${location.id}`);
      let dialog = await print.openDialog();
      await expect(dialog.getByTestId('print-layout')).toHaveValue(/Location label/);
      const [download] = await Promise.all([page.waitForEvent('download'), print.submit()]);
      expect(download.suggestedFilename()).toBe(`Location label ${label}.pdf`);
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The PDF's information names the layout and the location's code (the page text itself is in compressed streams).
      expect(pdf.toString('latin1')).toContain(`(Location label: ${label})`);
      await expect(dialog).toHaveCount(0);

      // The same label to the printer, from a phone-sized screen: the dialog fits it, and so does the location's
      // label panel behind it (its buttons wrap, its barcode shrinks).
      await page.setViewportSize(phone);
      await expect(print.byTestId('location-barcode')).toBeVisible();
      expect(await print.overflowIn(print.byTestId('location-label-panel'))).toEqual([]);
      dialog = await print.openDialog();
      await print.choosePrinter(printerName);
      await expect(dialog.getByText(listener.address)).toBeVisible();
      // The dialog fits (the location's screen behind it is not this test's subject).
      expect(await print.overflowIn(dialog)).toEqual([]);
      const job = listener.next();
      await print.submit();
      await expect(dialog).toHaveCount(0);
      const zpl = await job;
      expect(zpl.startsWith('^XA')).toBe(true);
      expect(zpl).toContain(`^BCN,`);
      expect(zpl).toContain(`^FD${label}^FS`);
      expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);

      // A company without a layout for the kind (played by the list answering none): the dialog says so in the
      // user's language, from the error catalogue, and offers nothing to print.
      await page.route(
        (url) => url.pathname === '/api/PrintLayout',
        (route) => route.fulfill({ json: { results: [], allFilteredRowCount: 0 } }),
      );
      dialog = await print.openDialog();
      const lng = (await page.locator('html').getAttribute('lang'))?.toLowerCase() ?? 'en-us';
      const catalogue = JSON.parse(await readFile(join(repoRoot, 'locales', lng, 'errors.json'), 'utf8')) as {
        labelLayoutMissing: string;
      };
      await expect(dialog.getByTestId('print-no-layout')).toHaveText(catalogue.labelLayoutMissing);
      await expect(dialog.getByTestId('print-submit')).toBeDisabled();
      expect(await print.overflowIn(dialog)).toEqual([]);
    } finally {
      await listener.close();
    }
  });

  test('the layout editor previews a change at once and saves it; Print… on the document editor and preview, the order preview and editor; fit 360 px', async ({
    page,
    request,
    signIn,
  }) => {
    const admin = await WarehouseApi.signIn(request, 'admin');
    const id = uniqueId();
    const location = await admin.createLocation(`P${id}-02`);
    const print = new PrintPage(page);
    await page.setViewportSize(phone);
    await signIn();

    // The layout editor: a change shows in the preview at once and is saved.
    const layout = await admin.post('/api/PrintLayout', {
      name: `E2E label ${id}`,
      objectType: 'location',
      paper: 'label',
      labelWidthMm: 70,
      labelHeightMm: 36,
      content: '{{barcode:code128 location.code}}\n{{location.code}}',
    });
    await print.openEditor(layout.id);
    await expect(print.byTestId('print-preview-barcode')).toBeVisible();
    const content = print.byTestId('print-layout-content');
    await content.fill(`# Aisle ${id}\n{{barcode:code128 location.code}}\n{{location.code}}`);
    await expect(print.byTestId('print-preview')).toContainText(`Aisle ${id}`);
    // A placeholder the kind does not offer is shown as the layout's problem, not printed.
    await content.fill(`# Aisle ${id}\n{{location.colour}}`);
    await expect(print.byTestId('print-preview-errors')).toContainText('location.colour');
    await content.fill(`# Aisle ${id}\n{{barcode:code128 location.code}}\n{{location.code}}`);
    await expect(print.byTestId('print-preview')).toContainText(`Aisle ${id}`);
    expect(await print.overflowIn(print.byTestId('print-layout-editor'), { wholePage: true })).toEqual([]);
    await print.click('print-layout-save');
    await expect(page).toHaveURL(new RegExp(`/print-layouts/${layout.id}$`));
    const saved = await admin.get<{ content: string }>(`/api/PrintLayout/${layout.id}`);
    expect(saved.content).toBe(`# Aisle ${id}\n{{barcode:code128 location.code}}\n{{location.code}}`);

    // "Print…" on the document editor: a receipt into the location prints as a document (or its shipping label).
    const product = await admin.createProduct({ index: `E2E-PRD-${id}`, name: `Printed ${id}` });
    const receipt = await admin.receive(location.id, product.id, 2);
    await print.goto(`/documents/${receipt.id}/edit`);
    await expect(print.byTestId('doc-editor')).toBeVisible();
    const dialog = await print.openDialog();
    await expect(dialog.getByTestId('print-layout')).toHaveValue(/^Document \(A4\)/);
    expect(await print.overflowIn(dialog)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The same on the document's preview, and on an order's preview and editor (with the order's layout).
    const order = await admin.post('/api/WmsOrder', {
      typeCode: 'OIN',
      destinationLocationId: location.id,
      positions: [{ productId: product.id, quantity: 1 }],
    });
    const screens = [
      { path: `/documents/${receipt.id}`, ready: 'doc-preview', layout: /^Document \(A4\)/ },
      { path: `/orders/${order.id}`, ready: 'order-preview', layout: /^Order \(A4\)/ },
      { path: `/orders/${order.id}/edit`, ready: 'order-save', layout: /^Order \(A4\)/ },
    ];
    for (const screen of screens) {
      await print.goto(screen.path);
      await expect(print.byTestId(screen.ready)).toBeVisible();
      const opened = await print.openDialog();
      await expect(opened.getByTestId('print-layout')).toHaveValue(screen.layout);
      await page.keyboard.press('Escape');
      await expect(opened).toHaveCount(0);
    }
  });

  test("the terminal prints the label of a line received against an order to the device's printer, on a 360 px handheld", async ({
    page,
    request,
  }) => {
    const listener = await openPrinterListener();
    try {
      const { id, manager, bin, location, product } = await testGoods(request, {
        bin: (run) => `P${run}-IN`,
        product: (run) => ({ index: `E2E-PRT-${run}`, name: `Labelled ${run}`, barcodes: [ean13(run)] }),
      });
      const admin = await WarehouseApi.signIn(request, 'admin');
      const printerName = `E2E Dock ${id}`;
      await aPrinter(admin, printerName, listener.address, [100, 60]);
      const pickerId = (await WarehouseApi.signIn(request, 'picker')).userId;
      const order = await manager.post('/api/WmsOrder', {
        typeCode: 'OIN',
        saveAs: 'production',
        assignedUserId: pickerId,
        destinationLocationId: location.id,
        positions: [{ productId: product.id, quantity: 5 }],
      });
      const index = String(product.index);

      await page.setViewportSize(phone);
      const terminal = await openTerminal(page, 'picker');
      const print = new PrintPage(page);
      await terminal.chooseFlow('receipt');
      await terminal.openOrder(String(order.orderNumber));
      await terminal.recordLine(bin, index, 5);
      const line = terminal.lines().filter({ hasText: index });
      await expect(line).toHaveCount(1);

      // The device has no printer yet: the first press asks for one, the next prints there.
      await line.getByTestId('terminal-label-print').click();
      await print.pickOption(line.getByTestId('terminal-label-printer'), printerName);
      const job = listener.next();
      await line.getByTestId('terminal-label-print').click();
      await expect(line.getByTestId('terminal-label-outcome')).toContainText(printerName);
      const zpl = await job;
      expect(zpl).toContain(`^FD${index}^FS`);
      expect(zpl).toContain(`^FD(01)0${ean13(id)}`);
      expect(zpl).toContain(' 5 ');
      expect(await print.overflowIn(terminal.byTestId('terminal-screen'), { wholePage: true })).toEqual([]);
    } finally {
      await listener.close();
    }
  });
});
