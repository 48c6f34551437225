import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../server/resources/rows';
import {
  aCatalyst,
  aClient,
  aCompany,
  aGroup,
  type CatalystTestApp,
  type Company,
  createCatalystApp,
  someMetals,
  unique,
} from './catalystSupport';

/** A tiny valid PNG (1×1). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const multipart = (field: string, name: string, type: string, data: Buffer) => {
  const boundary = `----aisle${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

describe('catalyst records (staff)', () => {
  let t: CatalystTestApp;
  let c: Company;
  let metals: Record<string, string>;

  beforeAll(async () => {
    t = await createCatalystApp();
    c = await aCompany(t);
    metals = await someMetals(t, c.admin);
  });
  afterAll(async () => t.close());

  it('needs the catalyst claim (super users pass); other staff get 403, nobody signed in 401', async () => {
    for (const path of [
      '/api/catalyst/catalyst',
      '/api/catalyst/producer',
      '/api/catalyst/catalystgroup',
      '/api/catalyst/companystockraterule',
      '/api/catalyst/companycurrencyraterule',
      '/api/catalyst/userGroup',
      '/api/catalyst/clientuser',
      '/api/catalyst/individualrule',
      '/api/catalyst/adminuser',
      '/api/catalyst/clientuser/carts',
      '/api/catalyst/ClientRecyclingConfig',
      '/api/catalyst/market',
      '/api/catalyst/statistics',
      '/api/catalyst/companystockraterule/charts',
    ]) {
      expect((await t.call(c.admin, 'GET', path)).statusCode, path).toBe(200);
      expect((await t.call(c.superUser, 'GET', path)).statusCode, path).toBe(200);
      const other = await t.call(c.staff, 'GET', path);
      expect(other.statusCode, path).toBe(403);
      expect(other.json().code).toBe('forbidden');
      expect((await t.call(undefined, 'GET', path)).statusCode, path).toBe(401);
    }
    expect((await t.call(c.staff, 'POST', '/api/catalyst/catalyst', { name: 'x' })).statusCode).toBe(403);
  });

  it('answers its paths in any letter case', async () => {
    expect((await t.call(c.admin, 'GET', '/api/Catalyst/UserGroup')).statusCode).toBe(200);
    expect((await t.call(c.admin, 'GET', '/API/CATALYST/COMPANYSTOCKRATERULE')).statusCode).toBe(200);
    expect((await t.call(c.admin, 'GET', '/api/catalyst/clientrecyclingconfig')).statusCode).toBe(200);
  });

  it('producers and catalyst groups: add, edit with the id in the PUT path, delete refused while in use', async () => {
    const producer = await t.ok(c.admin, 'POST', '/api/catalyst/producer', { name: unique('Producer') });
    const group = await t.ok(c.admin, 'POST', '/api/catalyst/catalystgroup', { name: unique('Ceramic') });
    const renamed = await t.ok(c.admin, 'PUT', `/api/catalyst/producer/${producer.id}`, {
      name: 'Renamed producer',
    });
    expect(renamed).toMatchObject({ id: producer.id, name: 'Renamed producer', version: 2 });
    await t.ok(c.admin, 'PUT', `/api/catalyst/catalystgroup/${group.id}`, { description: 'monoliths' });
    await aCatalyst(t, c.admin, metals, { producerId: producer.id, catalystGroupId: group.id });
    const refused = await t.call(c.admin, 'DELETE', `/api/catalyst/producer/${producer.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('foreignKeyConflict');
  });

  it('catalysts: metal content by baseStockId or nested baseStock, list in data.results, search, edit, delete', async () => {
    const made = await t.ok(c.admin, 'POST', '/api/catalyst/catalyst', {
      name: 'Audi A4 1.9 TDI',
      serialNumbers: ['8E0131701', 'KT 1234'],
      weight: 2.4,
      ceramicWeight: 1.6,
      humidity: 3,
      processingCost: 2.5,
      productStockContent: [
        { baseStockId: metals.Pt, gramsPerKg: 1.25 },
        { baseStock: { baseStockId: metals.Pd, shortName: 'Pd' }, gramsPerKg: '0.5' },
      ],
    });
    expect(made.productStockContent).toEqual([
      { baseStockId: metals.Pt, gramsPerKg: 1.25 },
      { baseStockId: metals.Pd, gramsPerKg: 0.5 },
    ]);
    expect(made.searchText).toBe('audi a4 1.9 tdi 8e0131701 kt 1234');
    const search = (text: string) =>
      t.ok<{ results: Row[] }>(
        c.admin,
        'GET',
        `/api/catalyst/catalyst?BasicFiltersSerialized=${encodeURIComponent(
          JSON.stringify([{ field: 'searchText', operator: 'contains', value: text }]),
        )}`,
      );
    expect((await search('kt 12')).results.map((r) => r.id)).toEqual([made.id]);
    expect((await search('8E0131')).results.map((r) => r.id)).toEqual([made.id]);

    const edited = await t.ok(c.admin, 'PUT', `/api/catalyst/catalyst/${made.id}`, {
      productStockContent: [{ baseStockId: metals.Rh, gramsPerKg: 0.2 }],
      hiddenFromClients: true,
    });
    expect(edited).toMatchObject({ version: 2, hiddenFromClients: true, name: 'Audi A4 1.9 TDI' });
    expect(edited.productStockContent).toEqual([{ baseStockId: metals.Rh, gramsPerKg: 0.2 }]);

    const stale = await t.call(c.admin, 'PUT', `/api/catalyst/catalyst/${made.id}`, {
      version: 1,
      name: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.call(c.admin, 'DELETE', `/api/catalyst/catalyst/${made.id}`)).statusCode).toBe(204);
    expect((await t.call(c.admin, 'GET', `/api/catalyst/catalyst/${made.id}`)).statusCode).toBe(404);
  });

  it('refuses content that is not a list of known metals of the company, each once', async () => {
    const other = await aCompany(t);
    const [foreignMetal] = Object.values(await someMetals(t, other.admin, { Pt: 10 }));
    for (const productStockContent of [
      [{ baseStockId: foreignMetal, gramsPerKg: 1 }],
      [{ baseStockId: metals.Pt, gramsPerKg: -1 }],
      [
        { baseStockId: metals.Pt, gramsPerKg: 1 },
        { baseStockId: metals.Pt, gramsPerKg: 2 },
      ],
      [{ gramsPerKg: 1 }],
      'Pt',
    ]) {
      const res = await t.call(c.admin, 'POST', '/api/catalyst/catalyst', {
        name: 'bad',
        productStockContent,
      });
      expect(res.statusCode, JSON.stringify(productStockContent)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'formHasErrors',
        fields: [{ field: 'productStockContent', rule: 'invalidValue' }],
      });
    }
    const missing = await t.call(c.admin, 'POST', '/api/catalyst/catalyst', { weight: 1 });
    expect(missing.json().fields).toEqual([{ field: 'name', rule: 'required' }]);
  });

  it('a metal in use by a catalyst is not deleted', async () => {
    await aCatalyst(t, c.admin, { Pt: metals.Pt ?? '' });
    const res = await t.call(c.admin, 'DELETE', `/api/catalyst/companystockraterule/${metals.Pt}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('foreignKeyConflict');
  });

  it('bulk-deletes catalysts and reports what it could not delete', async () => {
    const a = await aCatalyst(t, c.admin, metals);
    const b = await aCatalyst(t, c.admin, metals);
    const res = await t.ok<{ deleted: string[]; failed: Row[] }>(
      c.admin,
      'POST',
      '/api/catalyst/catalyst/bulk-delete',
      { ids: [a.id, b.id, 'nope'] },
      200,
    );
    expect(res.deleted).toEqual([a.id, b.id]);
    expect(res.failed).toMatchObject([{ id: 'nope', code: 'notFoundOrNoPermission' }]);
  });

  it('photos: uploaded as files of the catalyst, listed, one chosen as avatar, deleted', async () => {
    const cat = await aCatalyst(t, c.admin, metals);
    const upload = async () => {
      const { body, contentType } = multipart('images', 'photo.png', 'image/png', png);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/File/upload?refResourceType=catalyst&refResourceId=${cat.id}`,
        headers: { ...c.admin.headers, 'content-type': contentType },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(201);
      return String(res.json().files[0].id);
    };
    const first = await upload();
    const second = await upload();
    const images = await t.ok<{ results: Row[] }>(c.admin, 'GET', `/api/catalyst/catalyst/${cat.id}/images`);
    expect(images.results.map((r) => r.id)).toEqual([first, second]);
    expect((await t.ok(c.admin, 'GET', `/api/catalyst/catalyst/${cat.id}`)).imageUrl).toBe(
      `/api/File/download/${first}`,
    );
    await t.ok(c.admin, 'PUT', `/api/catalyst/catalyst/${cat.id}/avatar/${second}`);
    expect((await t.ok(c.admin, 'GET', `/api/catalyst/catalyst/${cat.id}`)).imageUrl).toBe(
      `/api/File/download/${second}`,
    );
    const other = await aCatalyst(t, c.admin, metals);
    expect(
      (await t.call(c.admin, 'DELETE', `/api/catalyst/catalyst/${other.id}/delete-image/${second}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call(c.admin, 'DELETE', `/api/catalyst/catalyst/${cat.id}/delete-image/${second}`)).statusCode,
    ).toBe(204);
    expect((await t.ok(c.admin, 'GET', `/api/catalyst/catalyst/${cat.id}`)).imageUrl).toBe(
      `/api/File/download/${first}`,
    );
    const left = await t.ok<{ results: Row[] }>(c.admin, 'GET', `/api/catalyst/catalyst/${cat.id}/images`);
    expect(left.results.map((r) => r.id)).toEqual([first]);
  });

  it('metal rates: update hours as times of day, min not above max, source needs its address; effective rate kept', async () => {
    const bad = await t.call(c.admin, 'POST', '/api/catalyst/companystockraterule', {
      name: 'Ruthenium',
      shortName: 'Ru',
      updateHours: ['9', '25:00'],
      minRate: 10,
      maxRate: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual([{ field: 'updateHours', rule: 'invalidValue' }]);
    const http = await t.call(c.admin, 'POST', '/api/catalyst/companystockraterule', {
      name: 'Ruthenium',
      shortName: 'Ru',
      source: 'http',
    });
    expect(http.json().fields).toEqual([
      { field: 'sourceUrl', rule: 'required' },
      { field: 'sourceField', rule: 'required' },
    ]);
    const ru = await t.ok(c.admin, 'POST', '/api/catalyst/companystockraterule', {
      name: 'Ruthenium',
      shortName: 'Ru',
      quoteCurrency: 'eur',
      updateHours: ['14', '9:30'],
      valueMultiplier: 0.5,
    });
    expect(ru).toMatchObject({ quoteCurrency: 'EUR', updateHours: ['09:30', '14:00'], effectiveRate: null });
    await t.ok(c.admin, 'POST', `/api/catalyst/companystockraterule/${ru.id}/quote`, { price: 20 }, 200);
    expect((await t.ok(c.admin, 'GET', `/api/catalyst/companystockraterule/${ru.id}`)).effectiveRate).toBe(
      10,
    );
    const edited = await t.ok(c.admin, 'PUT', `/api/catalyst/companystockraterule/${ru.id}`, {
      valueMultiplier: 0.25,
    });
    expect(edited.effectiveRate).toBe(5);
    const clamped = await t.call(c.admin, 'PUT', `/api/catalyst/companystockraterule/${ru.id}`, {
      minRate: 9,
      maxRate: 8,
    });
    expect(clamped.json().fields).toMatchObject([{ field: 'maxRate', rule: 'minValue' }]);
  });

  it('exchange rates: a pair of two currencies; the company price and the metals converted through it', async () => {
    const bad = await t.call(c.admin, 'POST', '/api/catalyst/companycurrencyraterule', {
      pairName: 'USDEUR1',
      pairFullName: 'US dollar',
    });
    expect(bad.json().fields).toEqual([{ field: 'pairName', rule: 'invalidValue' }]);
    const usd = await t.ok(c.admin, 'POST', '/api/catalyst/companystockraterule', {
      name: 'Iridium',
      shortName: 'Ir',
      quoteCurrency: 'USD',
    });
    await t.ok(c.admin, 'POST', `/api/catalyst/companystockraterule/${usd.id}/quote`, { price: 100 }, 200);
    expect(
      (await t.ok(c.admin, 'GET', `/api/catalyst/companystockraterule/${usd.id}`)).effectiveRate,
    ).toBeNull();
    const pair = await t.ok(c.admin, 'POST', '/api/catalyst/companycurrencyraterule', {
      pairName: 'usd/eur',
      pairFullName: 'US dollar to euro',
      multiplier: 0.5,
      constantValue: 0.1,
    });
    expect(pair.pairName).toBe('USD/EUR');
    await t.ok(
      c.admin,
      'POST',
      `/api/catalyst/companycurrencyraterule/${pair.id}/quote`,
      { price: 0.9 },
      200,
    );
    const stored = await t.ok(c.admin, 'GET', `/api/catalyst/companycurrencyraterule/${pair.id}`);
    expect(stored.latestBaseCurrencyPrice).toBe(0.9);
    expect(stored.latestCompanyCurrencyPrice).toBeCloseTo(0.55, 12);
    expect(
      (await t.ok(c.admin, 'GET', `/api/catalyst/companystockraterule/${usd.id}`)).effectiveRate,
    ).toBeCloseTo(55, 9);
    await t.ok(c.admin, 'PUT', `/api/catalyst/companycurrencyraterule/${pair.id}`, {
      multiplier: 1,
      constantValue: 0,
    });
    expect(
      (await t.ok(c.admin, 'GET', `/api/catalyst/companystockraterule/${usd.id}`)).effectiveRate,
    ).toBeCloseTo(90, 9);
    expect(
      (await t.call(c.admin, 'DELETE', `/api/catalyst/companycurrencyraterule/${pair.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await t.ok(c.admin, 'GET', `/api/catalyst/companystockraterule/${usd.id}`)).effectiveRate,
    ).toBeNull();
  });

  it('ClientRecyclingConfig: one per company, no id; defaults EUR per gram; checked; conditional on version', async () => {
    const other = await aCompany(t);
    expect(await t.ok(other.admin, 'GET', '/api/catalyst/ClientRecyclingConfig')).toEqual({
      currency: 'EUR',
      priceUnit: 'g',
      roundingDecimals: 2,
      roundingMode: 'nearest',
      refiningChargePerKg: 0,
      defaultUserGroupId: null,
      phaseNoticeMinutes: 30,
      version: 0,
    });
    const bad = await t.call(other.admin, 'PUT', '/api/catalyst/ClientRecyclingConfig', {
      currency: 'EURO',
      roundingDecimals: 9,
      priceUnit: 'lb',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fields.map((f: Row) => f.field)
        .sort(),
    ).toEqual(['currency', 'priceUnit', 'roundingDecimals']);
    const foreignGroup = await aGroup(t, c.admin);
    const notMine = await t.call(other.admin, 'PUT', '/api/catalyst/ClientRecyclingConfig', {
      defaultUserGroupId: foreignGroup.id,
    });
    expect(notMine.json().fields).toEqual([{ field: 'defaultUserGroupId', rule: 'invalidValue' }]);
    const saved = await t.ok(other.admin, 'PUT', '/api/catalyst/ClientRecyclingConfig', {
      currency: 'pln',
      priceUnit: 'ozt',
      roundingDecimals: 0,
      roundingMode: 'down',
    });
    expect(saved).toMatchObject({
      currency: 'PLN',
      priceUnit: 'ozt',
      roundingDecimals: 0,
      roundingMode: 'down',
      version: 1,
    });
    const stale = await t.call(other.admin, 'PUT', '/api/catalyst/ClientRecyclingConfig', {
      version: 0,
      currency: 'EUR',
    });
    expect(stale.statusCode).toBe(409);
    expect((await t.ok(c.admin, 'GET', '/api/catalyst/ClientRecyclingConfig')).currency).toBe('EUR');
  });

  it('client groups and client accounts: the flags on the wire (canDispalyStockRates), passwords never returned', async () => {
    const group = await aGroup(t, c.admin, {
      canDispalyStockRates: true,
      canUseCart: true,
      stockRateMultiplyValue: 0.9,
    });
    expect(group).toMatchObject({
      canDispalyStockRates: true,
      canUseCart: true,
      canDisplayPrices: true,
      canDisplayComponents: false,
      devicesLimit: 2,
      stockRateMultiplyValue: 0.9,
      currencyRateMultiplyValue: 1,
    });
    const noPassword = await t.call(c.admin, 'POST', '/api/catalyst/clientuser', { username: unique('c') });
    expect(noPassword.json().fields).toEqual([{ field: 'password', rule: 'required' }]);
    const { row } = await aClient(t, c.admin, String(group.id));
    expect(row).not.toHaveProperty('password');
    expect(row).not.toHaveProperty('passwordHash');
    const taken = await t.call(c.admin, 'POST', '/api/catalyst/clientuser', {
      username: row.username,
      password: 'x1234567',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('usernameExist');
    const inUse = await t.call(c.admin, 'DELETE', `/api/catalyst/userGroup/${group.id}`);
    expect(inUse.json().code).toBe('foreignKeyConflict');
  });

  it('individual rules: for a client, a group or all, on a catalyst, catalyst group, producer or all', async () => {
    const group = await aGroup(t, c.admin);
    const cat = await aCatalyst(t, c.admin, metals);
    const rule = await t.ok(c.admin, 'POST', '/api/catalyst/individualrule', {
      name: 'Loyal group',
      userGroupId: group.id,
      catalystId: cat.id,
      multiplier: 1.1,
      surcharge: 2,
    });
    expect(rule).toMatchObject({ multiplier: 1.1, surcharge: 2, fixedPrice: null });
    const changed = await t.ok(c.admin, 'PUT', `/api/catalyst/individualrule/${rule.id}`, { fixedPrice: 99 });
    expect(changed.fixedPrice).toBe(99);
    // Deleting the catalyst takes its rules along.
    await t.ok(c.admin, 'DELETE', `/api/catalyst/catalyst/${cat.id}`, undefined, 204);
    expect((await t.call(c.admin, 'GET', `/api/catalyst/individualrule/${rule.id}`)).statusCode).toBe(404);
  });

  it('catalyst administrators: made with the catalyst claim only; others with more rights are kept from change', async () => {
    const username = unique('cadmin').toLowerCase();
    const made = await t.ok(c.admin, 'POST', '/api/catalyst/adminuser', {
      username,
      email: `${username}@example.com`,
      password: 'admin-pass-1',
    });
    expect(made).not.toHaveProperty('password');
    const list = await t.ok<{ results: Row[] }>(c.admin, 'GET', '/api/catalyst/adminuser');
    expect(list.results.map((r) => r.username)).toEqual(
      expect.arrayContaining([username, c.admin.row.username]),
    );
    expect(list.results.map((r) => r.username)).not.toContain(c.staff.row.username);
    // The new admin signs in as staff with the catalyst claim and nothing else.
    const signIn = await t.ok<Row>(
      undefined,
      'POST',
      '/api/Auth',
      { username, password: 'admin-pass-1' },
      200,
    );
    expect(signIn.claims).toMatchObject({
      CatalystAdminEnabled: true,
      IsSuperUser: false,
      IsPowerUser: false,
      LogisticsEnabled: false,
    });
    await t.ok(c.admin, 'PUT', `/api/catalyst/adminuser/${made.id}`, { isBlocked: true });
    const selfBlock = await t.call(c.admin, 'PUT', `/api/catalyst/adminuser/${c.admin.row.id}`, {
      isBlocked: true,
    });
    expect(selfBlock.statusCode).toBe(403);
    const superAdmin = await t.call(c.admin, 'PUT', `/api/catalyst/adminuser/${c.superUser.row.id}`, {
      visibleName: 'x',
    });
    expect(superAdmin.statusCode).toBe(404);
    const taken = await t.call(c.admin, 'POST', '/api/catalyst/adminuser', {
      username,
      email: 'other@example.com',
      password: 'admin-pass-1',
    });
    expect(taken.json().code).toBe('usernameExist');
    expect((await t.call(c.admin, 'DELETE', `/api/catalyst/adminuser/${made.id}`)).statusCode).toBe(204);
    const exported = await t.call(c.admin, 'GET', '/api/catalyst/adminuser/export?format=xlsx');
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.rowCount).toBeGreaterThanOrEqual(2);
  });
});
