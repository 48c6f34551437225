import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../server/resources/rows';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aUser,
  receiveStock,
  stockQuantityOf,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type HttpMethod, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  user = await aUser(t.ctx, acc, { logisticsEnabled: true });
});
afterAll(async () => t.close());

const call = (method: HttpMethod, url: string, payload?: unknown) => t.call(user, method, url, payload);

/** What a document line releases: location, bin, serial, production and expiry date, quantity. */
const lineKey = (p: Row) => [
  p.sourceLocationId,
  p.sourceContainer,
  p.serialNumber,
  p.prodDate,
  p.expDate,
  p.quantity,
];

/**
 * An expiry-tracked product with two lots at `shelf` (the earlier one in a bin: bins are unique in the account)
 * and an even earlier lot elsewhere, which orders naming `shelf` must not take.
 */
const trackedStock = async () => {
  const bin = `BIN-${randomUUID().slice(0, 8).toUpperCase()}`;
  const product = await anOrderProduct(t.ctx, acc, { requiredExpDate: true, visibleProdDate: true });
  const [shelf, elsewhere] = [await anOrderLocation(t.ctx, acc), await anOrderLocation(t.ctx, acc)];
  await receiveStock(t.ctx, user, String(shelf.id), [
    { productId: product.id, quantity: 10, expDate: '2099-12-31', prodDate: '2024-01-10' },
    {
      productId: product.id,
      quantity: 4,
      expDate: '2098-01-31',
      prodDate: '2023-12-01',
      destinationContainer: bin,
    },
  ]);
  await receiveStock(t.ctx, user, String(elsewhere.id), [
    { productId: product.id, quantity: 50, expDate: '2097-06-30' },
  ]);
  return { product, shelf, elsewhere, bin };
};

const releaseOrder = async (header: Row, positions: Row[]) => {
  const res = await call('POST', '/api/WmsOrder', {
    typeCode: 'OOU',
    saveAs: 'production',
    ...header,
    positions,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

describe('release documents take the batch of the stock they release', () => {
  it('GenerateDocuments: FEFO within the header’s source location, one order line split over two lots', async () => {
    const { product, shelf, elsewhere, bin } = await trackedStock();
    const order = await releaseOrder({ sourceLocationId: shelf.id }, [
      { productId: product.id, quantity: 6 },
    ]);
    const res = await call('GET', `/api/WmsOrder/${order.id}/GenerateDocuments?confirm=true`);
    expect(res.statusCode, res.body).toBe(200);
    const [document] = res.json().documents;
    expect(document).toMatchObject({ typeCode: 'OOU', statusCode: 'confirmed' });
    expect(document.positions.map(lineKey)).toEqual([
      [shelf.id, bin, null, '2023-12-01', '2098-01-31', 4],
      [shelf.id, null, null, '2024-01-10', '2099-12-31', 2],
    ]);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id), String(shelf.id))).toBe(8);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id), String(elsewhere.id))).toBe(50);
    expect(res.json()).toMatchObject({ statusCode: 'doneConfirmed', positionsDone: 1 });
  });

  it('saving with generateDocuments does the same; a line’s own source and bin narrow the choice', async () => {
    const { product, shelf, bin } = await trackedStock();
    const res = await call('POST', '/api/WmsOrder', {
      typeCode: 'OOU',
      sourceLocationId: shelf.id,
      positions: [
        { productId: product.id, quantity: 3, sourceLocationId: shelf.id, sourceContainer: bin },
        { productId: product.id, quantity: 5 },
      ],
      generateDocuments: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [document] = res.json().documents;
    // The second line may not take what the first one took: 1 left in BIN-7, then the later lot.
    expect(document.positions.map(lineKey)).toEqual([
      [shelf.id, bin, null, '2023-12-01', '2098-01-31', 3],
      [shelf.id, bin, null, '2023-12-01', '2098-01-31', 1],
      [shelf.id, null, null, '2024-01-10', '2099-12-31', 4],
    ]);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id), String(shelf.id))).toBe(6);
  });

  it('working copies (confirm=false) carry the batch too and confirm later without a rule issue', async () => {
    const { product, shelf, bin } = await trackedStock();
    const order = await releaseOrder({ sourceLocationId: shelf.id }, [
      { productId: product.id, quantity: 2 },
    ]);
    const res = await call('GET', `/api/WmsOrder/${order.id}/GenerateDocuments?confirm=false`);
    expect(res.statusCode, res.body).toBe(200);
    const [document] = res.json().documents;
    expect(document.positions.map(lineKey)).toEqual([[shelf.id, bin, null, '2023-12-01', '2098-01-31', 2]]);
    const confirmed = await call('POST', `/api/WmsDocument/${document.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id), String(shelf.id))).toBe(12);
  });

  it('serial-tracked goods: one document line per serial released', async () => {
    const product = await anOrderProduct(t.ctx, acc, { requiredSerial: true });
    const shelf = await anOrderLocation(t.ctx, acc);
    await receiveStock(t.ctx, user, String(shelf.id), [
      { productId: product.id, quantity: 1, serialNumber: 'SN-1' },
      { productId: product.id, quantity: 1, serialNumber: 'SN-2' },
    ]);
    const order = await releaseOrder({ sourceLocationId: shelf.id }, [
      { productId: product.id, quantity: 2 },
    ]);
    const res = await call('GET', `/api/WmsOrder/${order.id}/GenerateDocuments`);
    expect(res.statusCode, res.body).toBe(200);
    const serials = res.json().documents[0].positions.map((p: Row) => [p.serialNumber, p.quantity]);
    expect(serials.sort()).toEqual([
      ['SN-1', 1],
      ['SN-2', 1],
    ]);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id))).toBe(0);
  });

  it('not enough at the named source: 409 stockShortfall with what is there, though other locations hold more', async () => {
    const { product, shelf } = await trackedStock();
    const order = await releaseOrder({ sourceLocationId: shelf.id }, [
      { productId: product.id, quantity: 20 },
    ]);
    const res = await call('GET', `/api/WmsOrder/${order.id}/GenerateDocuments`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('stockShortfall');
    expect(res.json().issues).toEqual([
      expect.objectContaining({
        code: 'quantityExceedsAvailable',
        positionIndex: 0,
        params: { product: product.index, quantity: 20, available: 14 },
      }),
    ]);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id), String(shelf.id))).toBe(14);
  });

  it('goods held by a lock at the named source: 422 with the rule that holds them, never expiryDateRequired', async () => {
    const product = await anOrderProduct(t.ctx, acc, { requiredExpDate: true });
    // Receipts may enter a location locked for release only.
    const shelf = await anOrderLocation(t.ctx, acc, { lockedOut: true });
    await receiveStock(t.ctx, user, String(shelf.id), [
      { productId: product.id, quantity: 5, expDate: '2099-01-31' },
    ]);
    const order = await releaseOrder({ sourceLocationId: shelf.id }, [
      { productId: product.id, quantity: 2, expDate: '2099-01-31' },
    ]);
    const res = await call('GET', `/api/WmsOrder/${order.id}/GenerateDocuments`);
    expect(res.statusCode, res.body).toBe(422);
    const codes = res.json().issues.map((i: Row) => i.code);
    expect(codes).toContain('sourceLocationLocked');
    expect(codes).not.toContain('expiryDateRequired');
    expect(await stockQuantityOf(t.ctx, acc, String(product.id))).toBe(5);
  });
});
