import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryableFields, type ResourceDefinition } from '../../../domain/resources/types';
import { maxQuantity } from '../../../domain/warehouse/quantity';
import type { Row } from '../../../server/resources/rows';
import {
  containerStockView,
  inventoryView,
  productStockView,
} from '../../../server/warehouse/stock/inventoryViews';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aSuperUser,
  receiveStock,
  type TestUser,
} from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

/**
 * Issue 24, defects 1–3: text the database cannot store, filter values outside a type's range, sorting the
 * inventory views, quantities beyond what stock holds. Each answered 500 (or was saved and failed later) before
 * the input boundary and the column bounds; now each is a 400 naming the field.
 */
let t: TestApp;
let admin: TestUser;
let product: Row;
let location: Row;

beforeAll(async () => {
  t = await createTestApp();
  const acc = await anAccount(t.ctx);
  admin = await aSuperUser(t.ctx, acc);
  product = await anOrderProduct(t.ctx, acc);
  location = await anOrderLocation(t.ctx, acc);
  await receiveStock(t.ctx, admin, String(location.id), [
    { productId: product.id, quantity: 5, destinationContainer: 'BIN-1' },
  ]);
});
afterAll(async () => t.close());

const filterUrl = (path: string, filters: unknown[]) =>
  `/api/${path}?BasicFiltersSerialized=${encodeURIComponent(JSON.stringify(filters))}`;

describe('defect 1: text the database cannot store', () => {
  const nul = 'before\u0000after';
  const lone = 'before\ud800after';

  it('refuses NUL in the sign-in user name with 400 naming the field', async () => {
    const res = await t.call(undefined, 'POST', '/api/Auth', { username: nul, password: 'whatever-1' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'username', rule: 'forbiddenChar' }],
    });
  });

  it('refuses NUL in a registration field', async () => {
    const res = await t.call(undefined, 'POST', '/api/Register', {
      companyName: nul,
      username: 'someone-new',
      email: 'someone@example.com',
      password: 'Secret-pass-1',
      confirmPassword: 'Secret-pass-1',
      acceptTerms: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'companyName', rule: 'forbiddenChar' }]);
  });

  it('refuses NUL and lone surrogates in a resource POST and PUT', async () => {
    const created = await t.call(admin, 'POST', '/api/Company', { name: nul, shortName: 'ACME' });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json().fields).toEqual([{ field: 'name', rule: 'forbiddenChar' }]);
    const surrogate = await t.call(admin, 'PUT', `/api/Product/${String(product.id)}`, { name: lone });
    expect(surrogate.statusCode, surrogate.body).toBe(400);
    expect(surrogate.json().fields).toEqual([{ field: 'name', rule: 'forbiddenChar' }]);
  });

  it('refuses NUL in a document comment and in an order position comment, with the path named', async () => {
    const doc = await t.call(admin, 'POST', '/api/WmsDocument', {
      typeCode: 'DIN',
      destinationLocationId: location.id,
      comment: nul,
      positions: [{ productId: product.id, quantity: 1 }],
    });
    expect(doc.statusCode, doc.body).toBe(400);
    expect(doc.json().fields).toEqual([{ field: 'comment', rule: 'forbiddenChar' }]);
    const order = await t.call(admin, 'POST', '/api/WmsOrder', {
      typeCode: 'OIN',
      positions: [{ productId: product.id, quantity: 1, comment: lone }],
    });
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json().fields).toEqual([{ field: 'positions.0.comment', rule: 'forbiddenChar' }]);
  });

  it('refuses NUL in a pushed call and an over-long stored header', async () => {
    const batch = await t.call(admin, 'POST', '/api/sync/push', {
      mutations: [{ idempotencyKey: `key-${nul}`, method: 'POST', path: '/api/WmsDocument', body: {} }],
    });
    expect(batch.statusCode, batch.body).toBe(400);
    expect(batch.json().fields).toEqual([{ field: 'mutations.0.idempotencyKey', rule: 'forbiddenChar' }]);
    const header = await t.call(
      admin,
      'POST',
      '/api/WmsDocument',
      {},
      { 'idempotency-key': 'k'.repeat(5000) },
    );
    expect(header.statusCode, header.body).toBe(400);
    expect(header.json()).toMatchObject({
      code: 'badRequest',
      fields: [{ field: 'idempotency-key', rule: 'maxLength' }],
    });
  });

  it('refuses NUL in a path parameter and in a query value', async () => {
    const path = await t.call(admin, 'GET', '/api/Product/abc%00def');
    expect(path.statusCode, path.body).toBe(400);
    expect(path.json().fields).toEqual([{ field: 'id', rule: 'forbiddenChar' }]);
    const query = await t.call(admin, 'GET', '/api/Product/select?search=a%00b');
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json().fields).toEqual([{ field: 'search', rule: 'forbiddenChar' }]);
  });

  it('refuses NUL inside a filter value', async () => {
    const res = await t.call(
      admin,
      'GET',
      filterUrl('Product', [{ field: 'name', operator: 'eq', value: nul }]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalidFilter', fields: [{ field: 'name' }] });
  });

  it('refuses numbers that are not finite and nesting deeper than any form', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = [deep];
    const res = await t.call(admin, 'POST', '/api/Company', { name: 'Deep', extra: deep });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'formHasErrors', fields: [{ rule: 'invalidValue' }] });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/Company',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"name":"Huge","weight":1e400}',
    });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().fields).toEqual([{ field: 'weight', rule: 'invalidValue' }]);
  });
});

describe('defect 2: filter values outside a type range, sorting the inventory views', () => {
  const farDates: unknown[] = [
    '275760-09-13',
    '+275760-09-13T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    8.64e15,
    -8.64e15,
    '9999-99-99',
    '2023-02-29',
    '0000-01-01',
  ];
  const dated: Record<string, string[]> = {
    Product: ['createdAt', 'updatedAt'],
    WmsDocument: ['createdAt', 'plannedDate', 'reportedDate'],
    WmsOrder: ['createdAt', 'plannedDate'],
    'WmsInventory/inventory': ['createdAt', 'expDate', 'firstReceiptAt'],
    'WmsInventory/containerStock': ['createdAt', 'updatedAt'],
    'WmsInventory/productStock': ['createdAt'],
    'WmsOrder/Offers/Sell': ['createdAt', 'plannedDate'],
  };

  for (const [path, fields] of Object.entries(dated))
    it(`answers 400 invalidFilter for far-away dates on ${path}`, async () => {
      for (const field of fields)
        for (const value of farDates)
          for (const operator of ['gt', 'eq']) {
            const res = await t.call(admin, 'GET', filterUrl(path, [{ field, operator, value }]));
            expect(res.statusCode, `${field} ${operator} ${String(value)}: ${res.body}`).toBe(400);
            expect(res.json()).toMatchObject({ code: 'invalidFilter', fields: [{ field }] });
          }
    });

  it('answers 400 invalidFilter for numbers beyond the column', async () => {
    for (const value of [1e300, -1e300, '1e20'])
      for (const [path, field] of [
        ['WmsInventory/inventory', 'quantity'],
        ['WmsInventory/containerStock', 'products'],
        ['Product', 'weight'],
      ] as const) {
        const res = await t.call(admin, 'GET', filterUrl(path, [{ field, operator: 'gt', value }]));
        expect(res.statusCode, `${path} ${field} ${String(value)}: ${res.body}`).toBe(400);
      }
  });

  const views: ResourceDefinition[] = [inventoryView, containerStockView, productStockView];
  for (const view of views)
    it(`sorts ${view.path} by every column it offers, both directions`, async () => {
      for (const column of queryableFields(view))
        for (const descending of [false, true]) {
          const res = await t.call(
            admin,
            'GET',
            `/api/${view.path}?sortColumn=${column}&sortDescending=${descending}`,
          );
          const offered = !view.fields[column]?.noSort;
          expect(res.statusCode, `${column} ${descending}: ${res.body}`).toBe(offered ? 200 : 400);
          if (!offered) expect(res.json()).toMatchObject({ code: 'invalidSort' });
        }
    });

  it('does not offer to order bins by product or contractor (a bin holds many)', () => {
    expect(containerStockView.fields.productId?.noSort).toBe(true);
    expect(containerStockView.fields.contractorId?.noSort).toBe(true);
  });
});

describe('defect 3: quantities beyond what stock can hold', () => {
  it('refuses an order line of 1e308 units at entry with maxValue', async () => {
    const res = await t.call(admin, 'POST', '/api/WmsOrder', {
      typeCode: 'OOU',
      positions: [{ productId: product.id, quantity: 1e308 }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'positions.0.quantity', rule: 'maxValue', params: { max: maxQuantity } }],
    });
  });

  it('refuses a working-copy receipt of 1e13 units at entry with maxValue', async () => {
    const res = await t.call(admin, 'POST', '/api/WmsDocument', {
      typeCode: 'DIN',
      destinationLocationId: location.id,
      positions: [{ productId: product.id, quantity: 1e13 }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'positions.0.quantity', rule: 'maxValue', params: { max: maxQuantity } },
    ]);
  });

  it('takes the largest quantity and books it', async () => {
    const res = await t.call(admin, 'POST', '/api/WmsDocument', {
      typeCode: 'DIN',
      destinationLocationId: location.id,
      positions: [{ productId: product.id, quantity: maxQuantity }],
      confirm: true,
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a counted quantity beyond the bound', async () => {
    const order = await t.call(admin, 'POST', '/api/WmsOrder', {
      typeCode: 'OOU',
      positions: [{ productId: product.id, quantity: 1 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    const [position] = (await t.call(admin, 'GET', `/api/WmsOrder/${order.json().id}/positions`)).json()
      .results as Row[];
    const res = await t.call(
      admin,
      'PATCH',
      `/api/WmsOrderPosition/${String(position?.id)}/QuantityReal?quantityReal=1e13`,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual([
      { field: 'quantityReal', rule: 'maxValue', params: { max: maxQuantity } },
    ]);
  });
});
