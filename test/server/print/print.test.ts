import { createServer } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPrintLayouts } from '../../../server/print/seedPrintLayouts';
import {
  aContractorUser,
  anAccount,
  aProduct,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  receiveStock,
  type TestUser,
} from '../../support/builders';
import { openPrinterListener } from '../../support/printerListener';
import { testAppFixture } from '../../support/testApp';

const fixture = testAppFixture();

/** A port nobody listens on (a listener's, closed again). */
const aClosedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
};

describe('printing', () => {
  let accountId: string;
  let admin: TestUser;
  let other: TestUser;
  let otherAccountId: string;

  beforeAll(async () => {
    const { ctx } = fixture.t;
    accountId = await anAccount(ctx, 'Print Co');
    admin = await aSuperUser(ctx, accountId);
    await ctx.db.transaction((tx) => seedPrintLayouts(tx, ctx.schema, accountId));
    otherAccountId = await anAccount(ctx);
    other = await aSuperUser(ctx, otherAccountId);
  });

  const printer = async (who: TestUser, address: string, extra: Record<string, unknown> = {}) => {
    const res = await fixture.t.call(who, 'POST', '/api/Printer', {
      name: `Zebra ${Math.random().toString(36).slice(2, 8)}`,
      address,
      labelWidthMm: 100,
      labelHeightMm: 60,
      dpi: '203',
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return String(res.json().id);
  };

  it('refuses a layout with an unknown placeholder when it is saved, naming it and its line', async () => {
    const res = await fixture.t.call(
      admin,
      'POST',
      '/api/PrintLayout',
      {
        name: 'Broken',
        objectType: 'product',
        paper: 'label',
        content: '{{product.name}}\n{{product.colour}}',
      },
      { 'accept-language': 'de-de' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [
        {
          field: 'content',
          rule: 'layoutUnknownPlaceholder',
          params: { line: 2, placeholder: 'product.colour' },
        },
      ],
    });
    const ok = await fixture.t.call(admin, 'POST', '/api/PrintLayout', {
      name: 'Tiny product label',
      objectType: 'product',
      paper: 'label',
      labelWidthMm: 50,
      labelHeightMm: 30,
      content: '{{product.index}}\n{{barcode:code128 product.index}}',
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('prints a location label as a PDF with the default layout', async () => {
    const { ctx } = fixture.t;
    const location = await aStockLocation(ctx, accountId, { label: 'A-01-02' });
    const res = await fixture.t.call(admin, 'POST', '/api/print/pdf', {
      objectType: 'location',
      objectId: location.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Location label A-01-02.pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The document information names what was printed (viewers show it; the page text is in compressed streams).
    expect(pdf.toString('latin1')).toContain('(Location label: A-01-02)');
    // The same as a GET, as the app downloads it.
    const get = await fixture.t.call(
      admin,
      'GET',
      `/api/print/pdf?objectType=location&objectId=${String(location.id)}`,
    );
    expect(get.statusCode, get.body).toBe(200);
    expect(get.rawPayload.toString('latin1')).toContain('(Location label: A-01-02)');
  });

  it('sends a product label as ZPL to the printer over TCP, with GTIN, expiry and lot in GS1-128', async () => {
    const { ctx } = fixture.t;
    const listener = await openPrinterListener();
    try {
      const product = await aProduct(ctx, accountId, {
        index: 'MILK-1L',
        name: 'Milk 1 l',
        unit: 'pcs',
        barcodes: ['5901234123457'],
      });
      const printerId = await printer(admin, listener.address);
      const job = listener.next();
      const res = await fixture.t.call(admin, 'POST', '/api/print/printer', {
        objectType: 'product',
        objectId: product.id,
        printerId,
        goods: { lot: 'LOT42', expiryDate: '2027-03-31', quantity: 12 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const zpl = await job;
      expect(res.json()).toEqual({ bytes: Buffer.byteLength(zpl, 'utf8') });
      expect(zpl).toBe(
        [
          '^XA',
          '^CI28',
          '^PW799',
          '^LL480',
          '^FO16,16^A0N,28,28^FB767,1,0,L^FH^FDMILK-1L^FS',
          '^FO16,52^A0N,24,24^FB767,1,0,L^FH^FDMilk 1 l^FS',
          '^FO16,84^BY2^BCN,80,Y,N,N,D^FH^FD(01)05901234123457(17)270331(10)LOT42^FS',
          '^FO16,204^A0N,24,24^FB767,1,0,L^FH^FDLOT LOT42   EXP 2027-03-31   12 pcs^FS',
          '^XZ',
          '',
        ].join('\n'),
      );
    } finally {
      await listener.close();
    }
  });

  it("prints a document's lines with their own lot and expiry", async () => {
    const { ctx } = fixture.t;
    const listener = await openPrinterListener();
    try {
      const product = await aStockProduct(ctx, accountId, { index: 'TEA', barcodes: ['4006381333931'] });
      const location = await aStockLocation(ctx, accountId, { label: 'R-1' });
      const doc = await receiveStock(ctx, admin, String(location.id), [
        { productId: product.id, quantity: 3, serialNumber: 'B-7', expDate: '2028-01-31' },
      ]);
      const layout = await fixture.t.call(admin, 'POST', '/api/PrintLayout', {
        name: 'Receipt labels',
        objectType: 'document',
        paper: 'label',
        content:
          '{{document.number}}\n{{#each lines}}\n{{barcode:gs1-128 line.product}}\n{{line.location}}\n{{/each}}',
      });
      expect(layout.statusCode, layout.body).toBe(201);
      const printerId = await printer(admin, listener.address, { labelHeightMm: 150 });
      const job = listener.next();
      const res = await fixture.t.call(admin, 'POST', '/api/print/printer', {
        objectType: 'document',
        objectId: doc.id,
        layoutId: layout.json().id,
        printerId,
      });
      expect(res.statusCode, res.body).toBe(200);
      const zpl = await job;
      expect(zpl).toContain(`^FH^FD${String(doc.documentNumber)}^FS`);
      expect(zpl).toContain('^BCN,80,Y,N,N,D^FH^FD(01)04006381333931(17)280131(10)B-7^FS');
      expect(zpl).toContain('^FH^FDR-1^FS');
      // The PDF of the same document with the company's default A4 layout.
      const pdf = await fixture.t.call(admin, 'POST', '/api/print/pdf', {
        objectType: 'document',
        objectId: doc.id,
      });
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await listener.close();
    }
  });

  it('answers printerConnectionFailed when the printer refuses the connection', async () => {
    const { ctx } = fixture.t;
    const location = await aStockLocation(ctx, accountId);
    const printerId = await printer(admin, `127.0.0.1:${await aClosedPort()}`);
    const res = await fixture.t.call(
      admin,
      'POST',
      '/api/print/printer',
      { objectType: 'location', objectId: location.id, printerId },
      { 'accept-language': 'pl-pl' },
    );
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'printerConnectionFailed',
      message: 'Nie można połączyć się z drukarką lub drukarką etykiet',
    });
  });

  it('answers labelLayoutMissing when the company has no layout for that kind of record, or the layout is of another kind', async () => {
    const { ctx } = fixture.t;
    const location = await aStockLocation(ctx, otherAccountId);
    const res = await fixture.t.call(other, 'POST', '/api/print/pdf', {
      objectType: 'location',
      objectId: location.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('labelLayoutMissing');
    const own = await aStockLocation(ctx, accountId);
    const productLayout = await fixture.t.call(admin, 'GET', '/api/PrintLayout?PageSize=50');
    const forProducts = (productLayout.json().results as { id: string; objectType: string }[]).find(
      (l) => l.objectType === 'product',
    );
    const wrong = await fixture.t.call(admin, 'POST', '/api/print/pdf', {
      objectType: 'location',
      objectId: own.id,
      layoutId: forProducts?.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('labelLayoutMissing');
  });

  it("finds no other company's record, layout or printer by any path", async () => {
    const { ctx } = fixture.t;
    const mine = await aStockLocation(ctx, accountId);
    const theirs = await aStockLocation(ctx, otherAccountId);
    await ctx.db.transaction((tx) => seedPrintLayouts(tx, ctx.schema, otherAccountId));
    const theirLayouts = await fixture.t.call(other, 'GET', '/api/PrintLayout?PageSize=50');
    const theirLayout = (theirLayouts.json().results as { id: string; objectType: string }[]).find(
      (l) => l.objectType === 'location',
    );
    const theirPrinter = await printer(other, '127.0.0.1');
    const myPrinter = await printer(admin, '127.0.0.1');
    const attempts = [
      { path: '/api/print/pdf', body: { objectType: 'location', objectId: theirs.id } },
      {
        path: '/api/print/pdf',
        body: { objectType: 'location', objectId: mine.id, layoutId: theirLayout?.id },
      },
      {
        path: '/api/print/printer',
        body: { objectType: 'location', objectId: mine.id, printerId: theirPrinter },
      },
      {
        path: '/api/print/printer',
        body: { objectType: 'location', objectId: theirs.id, printerId: myPrinter },
      },
      { path: `/api/Printer/${theirPrinter}`, method: 'GET' as const },
      { path: `/api/PrintLayout/${theirLayout?.id}`, method: 'GET' as const },
    ];
    for (const attempt of attempts) {
      const res = await fixture.t.call(admin, attempt.method ?? 'POST', attempt.path, attempt.body);
      expect(res.statusCode, `${attempt.path} ${JSON.stringify(attempt.body)}`).toBe(404);
      expect(res.json().code).toBe('notFoundOrNoPermission');
    }
    // Printing is not part of the contractor portal: a contractor's user is refused before any record is read.
    const contractor = await aContractorUser(ctx, accountId);
    const foreign = await aProduct(ctx, accountId, { contractorId: null });
    const res = await fixture.t.call(contractor, 'POST', '/api/print/pdf', {
      objectType: 'product',
      objectId: foreign.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('refuses a malformed request and a printer address that is not host[:port]', async () => {
    const bad = await fixture.t.call(admin, 'POST', '/api/print/pdf', {
      objectType: 'pallet',
      objectId: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('formHasErrors');
    const res = await fixture.t.call(admin, 'POST', '/api/Printer', {
      name: 'Bad',
      address: 'http://printer:9100/',
      labelWidthMm: 100,
      labelHeightMm: 60,
      dpi: '203',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'address', rule: 'invalidValue' }]);
  });
});
