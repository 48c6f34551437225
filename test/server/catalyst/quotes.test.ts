import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchHttpQuote, SourceError } from '../../../server/catalyst/rates/httpSource';
import type { Row } from '../../../server/resources/rows';
import {
  aCompany,
  type CatalystTestApp,
  type Company,
  createCatalystApp,
  someMetals,
} from './catalystSupport';
import { type QuoteServer, startQuoteServer } from './localQuoteServer';

const troyOunce = 31.1034768;

const upload = async (
  t: CatalystTestApp,
  who: Company['admin'],
  name: string,
  data: Buffer,
  type: string,
) => {
  const boundary = `----aisle${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/catalyst/rates/import',
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
};

describe('quotes: typed in, from a file, from an HTTP JSON source; history charts', () => {
  let t: CatalystTestApp;
  let c: Company;
  let metals: Record<string, string>;
  let pairId: string;
  let source: QuoteServer;

  beforeAll(async () => {
    t = await createCatalystApp();
    source = await startQuoteServer();
    c = await aCompany(t);
    metals = await someMetals(t, c.admin, { Pt: 30, Pd: 40 });
    const pair = await t.ok(c.admin, 'POST', '/api/catalyst/companycurrencyraterule', {
      pairName: 'USD/EUR',
      pairFullName: 'US dollar in euro',
    });
    pairId = String(pair.id);
  });
  afterAll(async () => {
    await source.close();
    await t.close();
  });

  const metal = (id: string | undefined) => t.ok(c.admin, 'GET', `/api/catalyst/companystockraterule/${id}`);

  it('a typed-in quote in any unit becomes the latest per gram; an older one goes to the history only', async () => {
    t.clock.set('2026-03-02T10:00:00.000Z');
    await t.ok(
      c.admin,
      'POST',
      `/api/catalyst/companystockraterule/${metals.Pt}/quote`,
      { price: 31.1034768 * 32, unit: 'ozt' },
      200,
    );
    expect(await metal(metals.Pt)).toMatchObject({
      latestMarketRate: 32,
      marketRateAt: '2026-03-02T10:00:00.000Z',
      effectiveRate: 32,
    });
    const older = await t.ok<Row>(
      c.admin,
      'POST',
      `/api/catalyst/companystockraterule/${metals.Pt}/quote`,
      { price: 29, at: '2026-03-01T10:00:00Z' },
      200,
    );
    expect(older.latest).toBe(false);
    expect((await metal(metals.Pt)).latestMarketRate).toBe(32);
    const bad = await t.call(c.admin, 'POST', `/api/catalyst/companystockraterule/${metals.Pt}/quote`, {
      price: -1,
    });
    expect(bad.statusCode).toBe(400);
    const charts = await t.ok<{ series: { rateId: string; points: Row[] }[] }>(
      c.admin,
      'GET',
      `/api/catalyst/companystockraterule/charts?rateId=${metals.Pt}&from=2026-02-01T00:00:00Z`,
    );
    expect(charts.series).toHaveLength(1);
    expect(charts.series[0]?.points.map((p) => [p.at, p.price, p.companyPrice])).toEqual([
      ['2026-03-01T10:00:00.000Z', 29, 29],
      ['2026-03-02T06:00:00.000Z', 30, 30],
      ['2026-03-02T10:00:00.000Z', 32, 32],
    ]);
  });

  it('imports quotes from CSV (semicolons, decimal commas) and XLSX, reporting what it cannot take', async () => {
    t.clock.set('2026-03-03T08:00:00.000Z');
    const csv = Buffer.from(
      [
        'symbol;price;unit;at;note',
        'Pd;"41,5";g;2026-03-03 07:00;x',
        'Pt;1000;ozt;;y',
        'XX;1;g;;',
        'USD/EUR;0.91;;;',
        'Pd;abc;;;',
      ].join('\n'),
    );
    const res = await upload(t, c.admin, 'quotes.csv', csv, 'text/csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 3,
      updated: 3,
      warnings: [
        { row: 1, code: 'unknownColumn', value: 'note' },
        { row: 4, code: 'unknownSymbol', value: 'XX' },
        { row: 6, code: 'invalidPrice', value: 'abc' },
      ],
    });
    expect((await metal(metals.Pd)).latestMarketRate).toBe(41.5);
    expect((await metal(metals.Pt)).latestMarketRate).toBeCloseTo(1000 / troyOunce, 9);
    expect(
      (await t.ok(c.admin, 'GET', `/api/catalyst/companycurrencyraterule/${pairId}`)).latestBaseCurrencyPrice,
    ).toBe(0.91);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Quotes');
    sheet.addRow(['Symbol', 'Price', 'At']);
    sheet.addRow(['pd', 42, '2026-03-03T07:30:00Z']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const fromXlsx = await upload(
      t,
      c.admin,
      'quotes.xlsx',
      xlsx,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(fromXlsx.json()).toMatchObject({ imported: 1, warnings: [] });
    expect((await metal(metals.Pd)).latestMarketRate).toBe(42);

    const empty = await upload(t, c.admin, 'empty.csv', Buffer.from('symbol;price\n'), 'text/csv');
    expect(empty.statusCode).toBe(400);
    const noColumns = await upload(t, c.admin, 'other.csv', Buffer.from('a;b\n1;2\n'), 'text/csv');
    expect(noColumns.json().fields).toEqual([{ field: 'file', rule: 'invalidValue' }]);
  });

  it('reads an HTTP JSON source on demand: address and field mapping, unit converted; failures kept on the rate', async () => {
    t.clock.set('2026-03-04T09:00:00.000Z');
    const rh = await t.ok(c.admin, 'POST', '/api/catalyst/companystockraterule', {
      name: 'Rhodium',
      shortName: 'Rh',
      quoteCurrency: 'EUR',
      source: 'http',
      sourceUrl: source.url,
      sourceField: 'data.metals.1.ask',
      sourceUnit: 'ozt',
    });
    source.set({ data: { metals: [{ ask: 1 }, { ask: String(150 * troyOunce) }] } });
    const fetched = await t.ok<Row>(
      c.admin,
      'POST',
      `/api/catalyst/companystockraterule/${rh.id}/fetch`,
      undefined,
      200,
    );
    expect(fetched.price).toBeCloseTo(150, 9);
    expect(await metal(String(rh.id))).toMatchObject({
      marketRateAt: '2026-03-04T09:00:00.000Z',
      lastSourceError: null,
    });

    source.set({ data: { metals: [] } });
    const missing = await t.call(c.admin, 'POST', `/api/catalyst/companystockraterule/${rh.id}/fetch`);
    expect(missing.statusCode).toBe(502);
    expect(missing.json().code).toBe('quoteSourceFailed');
    expect((await metal(String(rh.id))).lastSourceError).toMatch(/data\.metals\.1\.ask/);
    source.set({}, 503);
    await t.call(c.admin, 'POST', `/api/catalyst/companystockraterule/${rh.id}/fetch`);
    expect((await metal(String(rh.id))).lastSourceError).toBe('HTTP 503');
    expect((await metal(String(rh.id))).latestMarketRate).toBeCloseTo(150, 9);
  });

  it('refuses sources on private addresses unless allowed, and addresses that are not http(s)', async () => {
    await expect(
      fetchHttpQuote({ url: source.url, field: 'x' }, { allowPrivate: false, timeoutMs: 1000 }),
    ).rejects.toThrow(/private/);
    await expect(
      fetchHttpQuote(
        { url: 'http://169.254.169.254/latest', field: 'x' },
        { allowPrivate: false, timeoutMs: 1000 },
      ),
    ).rejects.toBeInstanceOf(SourceError);
    await expect(
      fetchHttpQuote({ url: 'file:///etc/passwd', field: 'x' }, { allowPrivate: true, timeoutMs: 1000 }),
    ).rejects.toThrow(/http/);
  });

  it('shows the market now: metals with effective rates and phases, exchange rates', async () => {
    const market = await t.ok<{ metals: Row[]; exchanges: Row[]; currency: string; now: string }>(
      c.admin,
      'GET',
      '/api/catalyst/market',
    );
    expect(market.currency).toBe('EUR');
    expect(market.now).toBe('2026-03-04T09:00:00.000Z');
    expect(market.metals.map((m) => m.shortName)).toEqual(['Pd', 'Pt', 'Rh']);
    expect(market.exchanges.map((e) => e.pairName)).toEqual(['USD/EUR']);
    const charts = await t.ok<{ series: Row[] }>(
      c.admin,
      'GET',
      '/api/catalyst/companycurrencyraterule/charts?from=2026-03-01T00:00:00Z',
    );
    expect(charts.series).toMatchObject([{ rateId: pairId, label: 'USD/EUR' }]);
  });
});
