import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../server/resources/rows';
import {
  aCatalyst,
  aClient,
  aCompany,
  aGroup,
  allFlags,
  type CatalystTestApp,
  type Company,
  createCatalystApp,
  type SignedInClient,
  signInClient,
  someMetals,
} from './catalystSupport';

/** Company B must not reach anything of company A: not by id, not by filter, not as a client. */
describe("catalyst tenancy: another company's catalysts, rates and clients are invisible", () => {
  let t: CatalystTestApp;
  let a: Company;
  let b: Company;
  let aMetals: Record<string, string>;
  let aCat: Row;
  let aGroupRow: Row;
  let aClientRow: Row;
  let aRule: Row;
  let aPair: Row;
  let bClient: SignedInClient;
  let aClientSigned: SignedInClient;

  beforeAll(async () => {
    t = await createCatalystApp();
    a = await aCompany(t);
    b = await aCompany(t);
    aMetals = await someMetals(t, a.admin, { Pt: 30 });
    await someMetals(t, b.admin, { Pt: 10 });
    aCat = await aCatalyst(t, a.admin, aMetals, { name: 'A catalyst', serialNumbers: ['A-ONLY'] });
    aGroupRow = await aGroup(t, a.admin, allFlags);
    const client = await aClient(t, a.admin, String(aGroupRow.id));
    aClientRow = client.row;
    aClientSigned = await signInClient(t, client);
    aRule = await t.ok(a.admin, 'POST', '/api/catalyst/individualrule', {
      userGroupId: aGroupRow.id,
      fixedPrice: 1,
    });
    aPair = await t.ok(a.admin, 'POST', '/api/catalyst/companycurrencyraterule', {
      pairName: 'USD/EUR',
      pairFullName: 'A pair',
    });
    const bGroup = await aGroup(t, b.admin, allFlags);
    bClient = await signInClient(t, await aClient(t, b.admin, String(bGroup.id)));
    await aCatalyst(
      t,
      b.admin,
      { Pt: Object.values(await someMetals(t, b.admin, { Pd: 5 }))[0] ?? '' },
      { name: 'B catalyst' },
    );
  });
  afterAll(async () => t.close());

  it('by id: get, edit, delete, quote, photos, devices, why-this-price are all "not found"', async () => {
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/catalyst/catalyst/${aCat.id}`],
      ['PUT', `/api/catalyst/catalyst/${aCat.id}`, { name: 'stolen' }],
      ['DELETE', `/api/catalyst/catalyst/${aCat.id}`],
      ['GET', `/api/catalyst/catalyst/${aCat.id}/images`],
      ['GET', `/api/catalyst/catalyst/${aCat.id}/why`],
      ['GET', `/api/catalyst/companystockraterule/${aMetals.Pt}`],
      ['PUT', `/api/catalyst/companystockraterule/${aMetals.Pt}`, { valueMultiplier: 0 }],
      ['POST', `/api/catalyst/companystockraterule/${aMetals.Pt}/quote`, { price: 1 }],
      ['POST', `/api/catalyst/companystockraterule/${aMetals.Pt}/fetch`],
      ['GET', `/api/catalyst/companycurrencyraterule/${aPair.id}`],
      ['POST', `/api/catalyst/companycurrencyraterule/${aPair.id}/quote`, { price: 1 }],
      ['GET', `/api/catalyst/userGroup/${aGroupRow.id}`],
      ['GET', `/api/catalyst/clientuser/${aClientRow.id}`],
      ['PUT', `/api/catalyst/clientuser/${aClientRow.id}`, { isBlocked: true }],
      ['GET', `/api/catalyst/clientuser/${aClientRow.id}/devices`],
      ['GET', `/api/catalyst/individualrule/${aRule.id}`],
      ['GET', `/api/catalyst/catalyst/as-client/${aClientRow.id}`],
      ['GET', `/api/catalyst/catalyst/as-client/${aClientRow.id}/${aCat.id}`],
      ['GET', `/api/catalyst/adminuser/${a.admin.row.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await t.call(b.admin, method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('notFoundOrNoPermission');
    }
    // Nothing of A changed.
    expect((await t.ok(a.admin, 'GET', `/api/catalyst/catalyst/${aCat.id}`)).name).toBe('A catalyst');
    expect(
      (await t.ok(a.admin, 'GET', `/api/catalyst/companystockraterule/${aMetals.Pt}`)).latestMarketRate,
    ).toBe(30);
    expect((await t.ok(a.admin, 'GET', `/api/catalyst/clientuser/${aClientRow.id}`)).isBlocked).toBe(false);
  });

  it("by filter and list: only the own company's rows", async () => {
    const filter = encodeURIComponent(JSON.stringify([{ field: 'id', operator: 'eq', value: aCat.id }]));
    for (const path of [
      `/api/catalyst/catalyst?BasicFiltersSerialized=${filter}`,
      '/api/catalyst/catalyst/select?search=A catalyst',
    ]) {
      const res = await t.ok<{ results: Row[] }>(b.admin, 'GET', path.replace(' ', '%20'));
      expect(res.results, path).toEqual([]);
    }
    const lists: [string, (r: Row) => unknown][] = [
      ['/api/catalyst/catalyst', (r) => r.id],
      ['/api/catalyst/companystockraterule', (r) => r.id],
      ['/api/catalyst/companycurrencyraterule', (r) => r.id],
      ['/api/catalyst/userGroup', (r) => r.id],
      ['/api/catalyst/clientuser', (r) => r.id],
      ['/api/catalyst/individualrule', (r) => r.id],
      ['/api/catalyst/adminuser', (r) => r.id],
      ['/api/catalyst/clientuser/carts', (r) => r.clientUserId],
    ];
    const aIds = new Set([
      aCat.id,
      aMetals.Pt,
      aPair.id,
      aGroupRow.id,
      aClientRow.id,
      aRule.id,
      a.admin.row.id,
    ]);
    for (const [path, idOf] of lists) {
      const res = await t.ok<{ results: Row[] }>(b.admin, 'GET', `${path}?PageSize=1000`);
      expect(
        res.results.filter((r) => aIds.has(String(idOf(r)))),
        path,
      ).toEqual([]);
    }
    const market = await t.ok<{ metals: Row[] }>(b.admin, 'GET', '/api/catalyst/market');
    expect(market.metals.map((m) => m.id)).not.toContain(aMetals.Pt);
    const charts = await t.ok<{ series: Row[] }>(
      b.admin,
      'GET',
      `/api/catalyst/companystockraterule/charts?rateId=${aMetals.Pt}`,
    );
    expect(charts.series).toEqual([]);
    const stats = await t.ok<{ clients: Row[] }>(b.admin, 'GET', '/api/catalyst/statistics');
    expect(stats.clients.map((c) => c.clientUserId)).not.toContain(aClientRow.id);
  });

  it("a client of B sees B's catalogue only, never A's catalyst by id nor in its cart", async () => {
    const page = await t.ok<{ results: Row[] }>(
      bClient,
      'GET',
      '/api/catalyst/catalyst/as-client?PageSize=100',
    );
    expect(page.results.map((r) => r.name)).toEqual(['B catalyst']);
    expect((await t.call(bClient, 'GET', `/api/catalyst/catalyst/as-client/${aCat.id}`)).statusCode).toBe(
      404,
    );
    const add = await t.call(bClient, 'POST', '/api/catalyst/catalyst/as-client', {
      catalystId: aCat.id,
      quantity: 1,
    });
    expect(add.statusCode).toBe(404);
    const search = await t.ok<{ results: Row[] }>(
      bClient,
      'GET',
      '/api/catalyst/catalyst/as-client?search=A-ONLY',
    );
    expect(search.results).toEqual([]);
    const rates = await t.ok<{ metals: Row[] }>(bClient, 'GET', '/api/catalyst/catalyst/as-client/rates');
    expect(rates.metals.map((m) => m.rate)).not.toContain(30);
    // A's client sees A's price, computed with A's rates.
    const mine = await t.ok<{ results: Row[] }>(
      aClientSigned,
      'GET',
      '/api/catalyst/catalyst/as-client?search=A-ONLY',
    );
    expect(mine.results.map((r) => r.id)).toEqual([aCat.id]);
  });

  it("B cannot free A's client's device, nor point a catalyst, rule or default group at A's records", async () => {
    const devices = await t.ok<{ results: Row[] }>(
      a.admin,
      'GET',
      `/api/catalyst/clientuser/${aClientRow.id}/devices`,
    );
    const device = devices.results[0];
    expect(
      (await t.call(b.admin, 'DELETE', `/api/catalyst/clientuser/${aClientRow.id}/devices/${device?.id}`))
        .statusCode,
    ).toBe(404);
    const cat = await t.call(b.admin, 'POST', '/api/catalyst/catalyst', {
      name: 'x',
      productStockContent: [{ baseStockId: aMetals.Pt, gramsPerKg: 1 }],
    });
    expect(cat.statusCode).toBe(400);
    const rule = await t.call(b.admin, 'POST', '/api/catalyst/individualrule', {
      userGroupId: aGroupRow.id,
      multiplier: 2,
    });
    expect(rule.json().fields).toEqual([{ field: 'userGroupId', rule: 'invalidValue' }]);
    const config = await t.call(b.admin, 'PUT', '/api/catalyst/ClientRecyclingConfig', {
      defaultUserGroupId: aGroupRow.id,
    });
    expect(config.statusCode).toBe(400);
  });
});
