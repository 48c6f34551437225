import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBarcode } from '../../../server/db/internalTables';
import { anAccount, aPowerUser, aUser, type TestUser } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';
import { csv, multipartFile, postFile } from './importSupport';

let t: TestApp;
let acc: string;
let manager: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aPowerUser(t.ctx, acc);
});
afterAll(async () => t.close());

const products = async (index: string) => {
  const table = t.ctx.schema.resourceTables.product!;
  return t.ctx.db
    .select()
    .from(table)
    .where(and(eq(table.clientAccountId!, acc), eq(table.index!, index)));
};

describe('GET /api/config/importtemplate', () => {
  it('lists the templates the caller may use, with headers in the caller language and an example', async () => {
    const res = await t.call(manager, 'GET', '/api/config/importtemplate', undefined, {
      'accept-language': 'pl-pl',
    });
    expect(res.statusCode, res.body).toBe(200);
    const keys = res.json().results.map((r: { key: string }) => r.key);
    expect(keys).toEqual(['products', 'companies', 'people', 'addresses', 'storageSpaces', 'openingStock']);
    const productsTemplate = res.json().results[0];
    expect(productsTemplate.url).toBe('/api/Import/products');
    expect(productsTemplate.columns[0]).toMatchObject({
      key: 'index',
      header: 'Indeks',
      required: true,
      example: 'P-1001',
    });
    expect(productsTemplate.columns.find((c: { key: string }) => c.key === 'weight')).toMatchObject({
      kind: 'decimal',
      emptyIsZero: true,
    });

    // A user without write access to products, companies… has no template at all.
    const clerk = await aUser(t.ctx, acc);
    const none = await t.call(clerk, 'GET', '/api/config/importtemplate');
    expect(none.json().results).toEqual([]);
    const refused = await t.call(clerk, 'GET', '/api/config/importtemplate?template=products&format=csv');
    expect(refused.statusCode).toBe(403);
  });

  it('downloads the template as CSV and XLSX with translated headers and the example row', async () => {
    const csvFile = await t.call(
      manager,
      'GET',
      '/api/config/importtemplate?template=companies&format=csv',
      undefined,
      {
        'accept-language': 'de-de',
      },
    );
    expect(csvFile.statusCode).toBe(200);
    expect(csvFile.headers['content-type']).toContain('text/csv');
    const [header, example] = csvFile.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header?.split(',')[0]).toBe('Kurzname');
    expect(example?.split(',')[0]).toBe('ACME');

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/config/importtemplate?template=storageSpaces&format=xlsx',
      headers: { ...manager.headers, 'accept-language': 'en-us' },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Label');
    expect(sheet.getRow(2).getCell(1).value).toBe('A-01-01');
  });
});

describe('POST /api/Import/products: reading files', () => {
  it('imports a semicolon CSV with BOM: groups made by name, barcodes, requirements, unknown column warned', async () => {
    const file = `\uFEFF${csv(
      'Index;Name;Barcodes;Product group;Lot / serial required;Weight;Colour of the box',
      'MUG-1;Blue mug;5901234123457|MUG1-ALT;Kitchen;yes;0,35;blue',
      'MUG-2;Red mug;;kitchen;no;;red',
      'PAN-1;Pan;;Cookware;1;2.5;',
    )}`;
    const res = await postFile(t, manager, 'products', file, { fileName: 'products.csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'done',
      rowsRead: 3,
      rowsImported: 3,
      rowsSkipped: 0,
      fileName: 'products.csv',
      warnings: [{ code: 'importUnknownColumn', params: { column: 'Colour of the box' } }],
    });
    expect(res.json().warnings[0].message).toContain('Colour of the box');
    const [mug] = await products('MUG-1');
    expect(mug).toMatchObject({ name: 'Blue mug', requiredSerial: true, weight: 0.35 });
    expect(mug?.barcodes).toEqual(['5901234123457', 'MUG1-ALT']);
    const [red] = await products('MUG-2');
    // Numbers left empty read 0; the group is found whatever its case.
    expect(red).toMatchObject({ weight: 0, mainGroupId: mug?.mainGroupId });
    const groups = t.ctx.schema.resourceTables.productGroup!;
    const made = await t.ctx.db.select().from(groups).where(eq(groups.clientAccountId!, acc));
    expect(made.map((g) => g.name).sort()).toEqual(['Cookware', 'Kitchen']);
    const barcodes = await t.ctx.db
      .select()
      .from(productBarcode)
      .where(eq(productBarcode.productId, String(mug?.id)));
    expect(barcodes.map((b) => b.barcode).sort()).toEqual(['05901234123457', 'MUG1-ALT']);

    // The same index again updates the product; only the file's columns change.
    const again = await postFile(t, manager, 'products', csv('index,name', 'mug-1,Blue mug 300 ml'));
    expect(again.json()).toMatchObject({ status: 'done', rowsImported: 1 });
    const [updated] = await products('MUG-1');
    expect(updated).toMatchObject({ name: 'Blue mug 300 ml', requiredSerial: true, id: mug?.id });
  });

  it('reads Windows-1250 text (Polish letters) and tab-separated files', async () => {
    const text = csv('Indeks\tNazwa', 'ZOL-1\tŻółta łyżka źdźbło', 'SRE-1\tŚrednia ćma');
    const res = await postFile(t, manager, 'products', iconv.encode(text, 'win1250'));
    expect(res.json(), res.body).toMatchObject({ status: 'done', rowsImported: 2 });
    expect((await products('ZOL-1'))[0]?.name).toBe('Żółta łyżka źdźbło');
    expect((await products('SRE-1'))[0]?.name).toBe('Średnia ćma');
  });

  it('reads an XLSX sent as a multipart file', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Products');
    sheet.addRow(['Index', 'Name', 'Weight', 'Expiry date required', 'Shelf']);
    sheet.addRow(['XL-1', 'Sheet product', 1.25, true, 'A1']);
    sheet.addRow(['XL-2', { richText: [{ text: 'Rich ' }, { text: 'text' }] }, null, 'no', 'A2']);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const body = multipartFile(
      'products.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Import/products?wait=true',
      headers: { ...manager.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'done',
      rowsImported: 2,
      fileName: 'products.xlsx',
      warnings: [{ code: 'importUnknownColumn', params: { column: 'Shelf' } }],
    });
    expect((await products('XL-1'))[0]).toMatchObject({ weight: 1.25, requiredExpDate: true });
    expect((await products('XL-2'))[0]).toMatchObject({ name: 'Rich text', weight: 0 });
  });

  it('refuses a file over 20 MB before reading it', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 'a');
    const res = await postFile(t, manager, 'products', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('fileTooBig');
    const body = multipartFile('big.csv', 'text/csv', big);
    const multi = await t.app.inject({
      method: 'POST',
      url: '/api/Import/products',
      headers: { ...manager.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(multi.statusCode).toBe(413);
    expect(multi.json().code).toBe('fileTooBig');
  });

  it('refuses an empty file, a file with only headers, and a file without a required column', async () => {
    const empty = await postFile(t, manager, 'products', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'importFileEmpty',
      message: expect.stringContaining('empty'),
    });
    const headersOnly = await postFile(t, manager, 'products', csv('index,name', '', ''));
    expect(headersOnly.json().code).toBe('importFileEmpty');
    const missing = await postFile(t, manager, 'products', csv('index,weight', 'A-1,3'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'importColumnMissing',
      message: expect.stringContaining('Name'),
    });
  });

  it('says a broken CSV cannot be read, naming the line; nothing of it is kept', async () => {
    const res = await postFile(
      t,
      manager,
      'products',
      csv('index,name', 'BRK-1,Fine', 'BRK-2,"Broken quote', 'BRK-3,Never read'),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'failed',
      rowsImported: 0,
      error: { code: 'importFileUnreadableAtLine', params: { line: 3 } },
    });
    expect(res.json().error.message).toContain('3');
    expect(await products('BRK-1')).toEqual([]);
  });

  it('says a file in an unreadable encoding or of another kind cannot be read', async () => {
    const binary = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0x00,
    ]);
    const png = await postFile(t, manager, 'products', binary, { contentType: 'application/octet-stream' });
    expect(png.statusCode).toBe(422);
    expect(png.json().code).toBe('importFileUnreadable');
    // UTF-16 without a byte-order mark: NUL bytes between the letters.
    const utf16 = await postFile(t, manager, 'products', Buffer.from(csv('index,name', 'U-1,x'), 'utf16le'));
    expect(utf16.json().code).toBe('importFileUnreadable');
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200, 7)]);
    const broken = await postFile(t, manager, 'products', zip, { contentType: 'application/octet-stream' });
    expect(broken.json().code).toBe('importFileUnreadable');
  });

  it('takes rows posted as JSON by a script, under the same rules', async () => {
    const res = await t.call(manager, 'POST', '/api/Import/products?wait=true', [
      { index: 'JS-1', name: 'From a script', barcodes: ['JS1-A', 'JS1-B'], weight: 2 },
      { index: 'JS_2', name: 'Underscore is forbidden' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'failed',
      error: { code: 'importHasProblems' },
      rowsSkipped: 1,
    });
    const problems = await t.call(manager, 'GET', `/api/Import/jobs/${res.json().id}/problems`);
    expect(problems.json().results).toEqual([
      expect.objectContaining({ line: 3, column: 'index', code: 'forbiddenChar', columnHeader: 'Index' }),
    ]);
    expect(await products('JS-1')).toEqual([]);
  });
});
