import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../server/resources/rows';
import {
  aContractorUser,
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aUser,
  receiveStock,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;
let picker: TestUser;
let portal: TestUser & { contractorId: string };
/** Two warehouses (top-level locations) with racks below them; a third location without a parent. */
let north: Row;
let south: Row;
let rackA: Row;
let rackB: Row;
let rackS: Row;
let loose: Row;
let bolts: Row;
let nuts: Row;
let theirs: Row;
const binA = `BIN-A-${randomUUID().slice(0, 6).toUpperCase()}`;
const binB = `BIN-B-${randomUUID().slice(0, 6).toUpperCase()}`;
const binC = `BIN-C-${randomUUID().slice(0, 6).toUpperCase()}`;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aUser(t.ctx, acc, { logisticsEnabled: true });
  picker = await aUser(t.ctx, acc, { terminalEnabled: true });
  portal = await aContractorUser(t.ctx, acc);
  north = await anOrderLocation(t.ctx, acc, { label: `N-${randomUUID().slice(0, 6).toUpperCase()}` });
  south = await anOrderLocation(t.ctx, acc, { label: `S-${randomUUID().slice(0, 6).toUpperCase()}` });
  rackA = await anOrderLocation(t.ctx, acc, { parentId: north.id });
  rackB = await anOrderLocation(t.ctx, acc, { parentId: rackA.id });
  rackS = await anOrderLocation(t.ctx, acc, { parentId: south.id });
  loose = await anOrderLocation(t.ctx, acc);
  bolts = await anOrderProduct(t.ctx, acc, {
    index: `BOLT-${randomUUID().slice(0, 6)}`,
    warningStock: 20,
    criticalStock: 5,
  });
  nuts = await anOrderProduct(t.ctx, acc, { index: `NUT-${randomUUID().slice(0, 6)}`, warningStock: 3 });
  theirs = await anOrderProduct(t.ctx, acc, { contractorId: portal.contractorId });
  await receiveStock(t.ctx, manager, String(rackA.id), [
    { productId: bolts.id, quantity: 5, destinationContainer: binA },
    { productId: nuts.id, quantity: 3, destinationContainer: binA },
    { productId: bolts.id, quantity: 4 },
  ]);
  await receiveStock(t.ctx, manager, String(rackB.id), [{ productId: bolts.id, quantity: 6 }]);
  await receiveStock(t.ctx, manager, String(rackS.id), [
    { productId: bolts.id, quantity: 2, destinationContainer: binB },
    { productId: theirs.id, quantity: 7, destinationContainer: binC },
  ]);
  await receiveStock(t.ctx, manager, String(loose.id), [{ productId: nuts.id, quantity: 1 }]);
  // Another account's stock never shows.
  const other = await anAccount(t.ctx);
  const stranger = await aUser(t.ctx, other, { logisticsEnabled: true });
  const theirShelf = await anOrderLocation(t.ctx, other);
  const theirProduct = await anOrderProduct(t.ctx, other);
  await receiveStock(t.ctx, stranger, String(theirShelf.id), [
    { productId: theirProduct.id, quantity: 9, destinationContainer: binA },
  ]);
});
afterAll(async () => t.close());

const get = (who: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
const filtersOf = (filters: unknown[]) => encodeURIComponent(JSON.stringify(filters));

describe('GET /api/WmsInventory/containerStock', () => {
  it('one row per bin and location with its products and sums; goods without a bin are left out', async () => {
    const res = await get(manager, '/api/WmsInventory/containerStock');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().allFilteredRowCount).toBe(3);
    expect(
      res
        .json()
        .results.map((r: Row) => [
          r.container,
          r.locationId,
          r.products,
          r.quantity,
          r.reserved,
          r.available,
        ]),
    ).toEqual([
      [binA, rackA.id, 2, 8, 0, 8],
      [binB, rackS.id, 1, 2, 0, 2],
      [binC, rackS.id, 1, 7, 0, 7],
    ]);
    expect(res.json().results[0]).toMatchObject({ id: `${rackA.id}:${binA}`, locationLabel: rackA.label });
  });

  it('filters by product (sums then cover that product), by a sum, sorts and pages', async () => {
    const byProduct = await get(
      manager,
      `/api/WmsInventory/containerStock?BasicFiltersSerialized=${filtersOf([{ field: 'productId', operator: 'eq', value: nuts.id }])}`,
    );
    expect(byProduct.statusCode, byProduct.body).toBe(200);
    expect(byProduct.json().results.map((r: Row) => [r.container, r.products, r.quantity])).toEqual([
      [binA, 1, 3],
    ]);
    const big = await get(
      manager,
      `/api/WmsInventory/containerStock?BasicFiltersSerialized=${filtersOf([{ field: 'quantity', operator: 'gte', value: 7 }])}&sortColumn=quantity&sortDescending=true`,
    );
    expect(big.statusCode, big.body).toBe(200);
    expect(big.json().results.map((r: Row) => [r.container, r.quantity])).toEqual([
      [binA, 8],
      [binC, 7],
    ]);
    expect(big.json().allFilteredRowCount).toBe(2);
    const page = await get(
      manager,
      '/api/WmsInventory/containerStock?PageSize=1&PageNumber=2&sortColumn=container',
    );
    expect(page.json()).toMatchObject({ allFilteredRowCount: 3, results: [{ container: binB }] });
  });

  it('a contractor sees the bins of its own products only; the terminal reads it too', async () => {
    const mine = await get(portal, '/api/WmsInventory/containerStock');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().results.map((r: Row) => [r.container, r.quantity])).toEqual([[binC, 7]]);
    expect((await get(picker, '/api/WmsInventory/containerStock')).json().allFilteredRowCount).toBe(3);
  });

  it('refuses unknown filters, sorts and page sizes (400) and users without stock access (403)', async () => {
    const badFilter = await get(
      manager,
      `/api/WmsInventory/containerStock?BasicFiltersSerialized=${filtersOf([{ field: 'secret', operator: 'eq', value: 1 }])}`,
    );
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().code).toBe('invalidFilter');
    const badValue = await get(
      manager,
      `/api/WmsInventory/containerStock?BasicFiltersSerialized=${filtersOf([{ field: 'quantity', operator: 'gt', value: 'many' }])}`,
    );
    expect(badValue.statusCode).toBe(400);
    expect((await get(manager, '/api/WmsInventory/containerStock?sortColumn=nope')).json().code).toBe(
      'invalidSort',
    );
    expect((await get(manager, '/api/WmsInventory/containerStock?PageSize=0')).statusCode).toBe(400);
    expect((await get(await aUser(t.ctx, acc, {}), '/api/WmsInventory/containerStock')).statusCode).toBe(403);
  });
});

describe('GET /api/WmsInventory/productStock', () => {
  it('one row per product and warehouse (the top of the location tree), with the product’s stock level', async () => {
    const res = await get(manager, '/api/WmsInventory/productStock?sortColumn=productIndex');
    expect(res.statusCode, res.body).toBe(200);
    const rows = res
      .json()
      .results.map((r: Row) => [r.productId, r.warehouseId, r.quantity, r.available, r.level]);
    expect(rows).toEqual(
      expect.arrayContaining([
        // 5 + 4 in rack A and 6 in rack B below it: all in the north warehouse, below the warning level of 20.
        [bolts.id, north.id, 15, 15, 'warning'],
        [bolts.id, south.id, 2, 2, 'critical'],
        [nuts.id, north.id, 3, 3, 'warning'],
        [nuts.id, loose.id, 1, 1, 'warning'],
        [theirs.id, south.id, 7, 7, 'ok'],
      ]),
    );
    expect(res.json().allFilteredRowCount).toBe(5);
    expect(
      res.json().results.find((r: Row) => r.productId === bolts.id && r.warehouseId === north.id),
    ).toMatchObject({
      productIndex: bolts.index,
      warehouseLabel: north.label,
      warningStock: 20,
      criticalStock: 5,
    });
  });

  it('filters by warehouse and product, sorts by a sum and pages', async () => {
    const north1 = await get(
      manager,
      `/api/WmsInventory/productStock?BasicFiltersSerialized=${filtersOf([{ field: 'warehouseId', operator: 'eq', value: north.id }])}&sortColumn=available&sortDescending=true`,
    );
    expect(north1.statusCode, north1.body).toBe(200);
    expect(north1.json().results.map((r: Row) => [r.productId, r.available])).toEqual([
      [bolts.id, 15],
      [nuts.id, 3],
    ]);
    const page = await get(
      manager,
      `/api/WmsInventory/productStock?BasicFiltersSerialized=${filtersOf([{ field: 'productId', operator: 'eq', value: bolts.id }])}&sortColumn=quantity&PageSize=1&PageNumber=2`,
    );
    expect(page.json()).toMatchObject({
      allFilteredRowCount: 2,
      results: [{ warehouseId: north.id, quantity: 15 }],
    });
  });

  it('a contractor sees its own products only; others are refused', async () => {
    const mine = await get(portal, '/api/WmsInventory/productStock');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().results.map((r: Row) => [r.productId, r.quantity])).toEqual([[theirs.id, 7]]);
    const badFilter = await get(
      manager,
      `/api/WmsInventory/productStock?BasicFiltersSerialized=${filtersOf([{ field: 'warehouseId', operator: 'eq', value: 'not-a-uuid' }])}`,
    );
    expect(badFilter.statusCode).toBe(400);
    expect((await get(manager, '/api/WmsInventory/productStock?sortColumn=price')).statusCode).toBe(400);
    expect(
      (await get(await aUser(t.ctx, acc, { shippingEnabled: true }), '/api/WmsInventory/productStock'))
        .statusCode,
    ).toBe(403);
    const none = await t.app.inject({ method: 'GET', url: '/api/WmsInventory/productStock' });
    expect(none.statusCode).toBe(401);
  });
});
