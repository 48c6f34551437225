import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../server/resources/rows';
import { SellOfferService } from '../../../server/sellOffers/sellOfferService';
import {
  aContractorUser,
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aUser,
  receiveOrderStock,
  type TestUser,
} from '../../support/builders';
import { createTestApp, type HttpMethod, type TestApp } from '../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;
let contractorId: string;
let product: Row;
let shelfA: Row;
let shelfB: Row;

const call = (who: TestUser, method: HttpMethod, url: string, payload?: unknown) =>
  t.call(who, method, url, payload);
const ok = async (who: TestUser, method: HttpMethod, url: string, payload?: unknown, status = 200) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json() as Row;
};
const refused = async (method: HttpMethod, url: string, code: string, status: number, payload?: unknown) => {
  const res = await call(manager, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res.json() as Row;
};

/** On hand and reserved of the product, summed over its stock rows. */
const stockOf = async () => {
  const { stock } = t.ctx.schema.warehouseTables;
  const rows = (await t.ctx.db.select().from(stock)).filter((r) => r.productId === product.id);
  return {
    quantity: rows.reduce((s, r) => s + Number(r.quantity), 0),
    reserved: rows.reduce((s, r) => s + Number(r.reserved), 0),
  };
};

const draft = (quantity: number, validUntil: string | null = '2040-01-01T00:00:00.000Z') =>
  ok(
    manager,
    'POST',
    '/api/WmsOrder',
    { typeCode: 'OSO', contractorId, validUntil, positions: [{ productId: product.id, quantity }] },
    201,
  );

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aUser(t.ctx, acc, { logisticsEnabled: true });
  contractorId = (await aContractorUser(t.ctx, acc)).contractorId;
  product = await anOrderProduct(t.ctx, acc);
  shelfA = await anOrderLocation(t.ctx, acc);
  shelfB = await anOrderLocation(t.ctx, acc);
  await receiveOrderStock(t.ctx, manager, [
    { productId: String(product.id), locationId: String(shelfA.id), quantity: 6, expDate: '2039-01-01' },
    { productId: String(product.id), locationId: String(shelfB.id), quantity: 10, expDate: '2039-06-01' },
  ]);
});
afterAll(async () => t.close());

describe('sell offers', () => {
  it('sending reserves the goods (FEFO, split over stock rows); accepting makes a release order and frees them', async () => {
    const offer = await draft(8);
    const sent = await ok(manager, 'POST', `/api/WmsOrder/${offer.id}/offer/send`);
    expect(sent.statusCode).toBe('pending');
    expect((sent.positions as Row[]).map((p) => [p.sourceLocationId, p.quantity])).toEqual([
      [shelfA.id, 6],
      [shelfB.id, 2],
    ]);
    expect(await stockOf()).toEqual({ quantity: 16, reserved: 8 });
    const list = await ok(manager, 'GET', '/api/WmsOrder/Offers/Sell');
    expect((list.results as Row[]).map((r) => r.id)).toContain(offer.id);
    // While offered, the generic order calls cannot touch it.
    await refused('PUT', `/api/WmsOrder/${offer.id}`, 'sellOfferNotDraft', 409, { comment: 'x' });
    await refused('DELETE', `/api/WmsOrder/${offer.id}`, 'sellOfferNotDraft', 409);
    await refused('POST', `/api/WmsOrder/${offer.id}/status`, 'statusForbidsChange', 409, {
      statusCode: 'closedManually',
      closedManuallyReason: 'no',
    });
    await refused('POST', `/api/WmsOrder/${offer.id}/offer/send`, 'sellOfferNotDraft', 409);
    const accepted = await ok(manager, 'POST', `/api/WmsOrder/${offer.id}/offer/accept`);
    expect(accepted.offer).toMatchObject({ statusCode: 'closedFully' });
    expect(accepted.releaseOrder).toMatchObject({
      typeCode: 'OOU',
      statusCode: 'workingCopy',
      sourceType: 'OSO',
      sourceOrderId: offer.id,
      contractorId,
    });
    expect(
      ((accepted.releaseOrder as Row).positions as Row[]).map((p) => [p.sourceLocationId, p.quantity]),
    ).toEqual([
      [shelfA.id, 6],
      [shelfB.id, 2],
    ]);
    expect(await stockOf()).toEqual({ quantity: 16, reserved: 0 });
    await refused('POST', `/api/WmsOrder/${offer.id}/offer/accept`, 'sellOfferNotOpen', 409);
    await refused('POST', `/api/WmsOrder/${offer.id}/offer/reject`, 'sellOfferNotOpen', 409);
    // Closed offers are archived through the generic status call.
    const archived = await ok(manager, 'POST', `/api/WmsOrder/${offer.id}/status`, {
      statusCode: 'archived',
    });
    expect(archived.statusCode).toBe('archived');
  });

  it('refuses sending without a future validity or beyond what is available', async () => {
    const none = await draft(1, null);
    const body = await refused('POST', `/api/WmsOrder/${none.id}/offer/send`, 'formHasErrors', 400);
    expect(body.fields).toEqual([{ field: 'validUntil', rule: 'required' }]);
    const past = await draft(1, '2020-01-01T00:00:00.000Z');
    const pastBody = await refused('POST', `/api/WmsOrder/${past.id}/offer/send`, 'formHasErrors', 400);
    expect(pastBody.fields).toEqual([{ field: 'validUntil', rule: 'validityInPast' }]);
    const big = await draft(17);
    await refused('POST', `/api/WmsOrder/${big.id}/offer/send`, 'stockShortfall', 409);
    expect(await stockOf()).toEqual({ quantity: 16, reserved: 0 });
  });

  it('a reservation holds against another offer; rejecting frees it', async () => {
    const first = await draft(10);
    await ok(manager, 'POST', `/api/WmsOrder/${first.id}/offer/send`);
    const second = await draft(10);
    await refused('POST', `/api/WmsOrder/${second.id}/offer/send`, 'stockShortfall', 409);
    const rejected = await ok(manager, 'POST', `/api/WmsOrder/${first.id}/offer/reject`);
    expect(rejected).toMatchObject({ statusCode: 'closedManually', closedManuallyReason: 'rejected' });
    await ok(manager, 'POST', `/api/WmsOrder/${second.id}/offer/send`);
    expect((await stockOf()).reserved).toBe(10);
    await ok(manager, 'POST', `/api/WmsOrder/${second.id}/offer/reject`);
  });

  it('expires at its validity: the sweep closes it and frees the goods; an expired offer cannot be accepted', async () => {
    const offer = await draft(3, '2040-01-01T00:00:00.000Z');
    await ok(manager, 'POST', `/api/WmsOrder/${offer.id}/offer/send`);
    expect((await stockOf()).reserved).toBe(3);
    const sweep = new SellOfferService(t.ctx);
    expect(await sweep.expireDue(new Date('2039-12-31T23:59:59.000Z'))).toBe(0);
    expect(await sweep.expireDue(new Date('2040-01-01T00:00:00.000Z'))).toBe(1);
    const closed = await ok(manager, 'GET', `/api/WmsOrder/${offer.id}`);
    expect(closed).toMatchObject({ statusCode: 'closedManually', closedManuallyReason: 'expired' });
    expect((await stockOf()).reserved).toBe(0);
    await refused('POST', `/api/WmsOrder/${offer.id}/offer/accept`, 'sellOfferNotOpen', 409);
  });

  it('needs logistics; another account’s offer is not found', async () => {
    const offer = await draft(1);
    const clerk = await aUser(t.ctx, acc);
    const res = await call(clerk, 'POST', `/api/WmsOrder/${offer.id}/offer/send`);
    expect(res.statusCode).toBe(403);
    const stranger = await aUser(t.ctx, await anAccount(t.ctx), { logisticsEnabled: true });
    const other = await call(stranger, 'POST', `/api/WmsOrder/${offer.id}/offer/send`);
    expect(other.statusCode).toBe(404);
    const move = await ok(manager, 'POST', '/api/WmsOrder', { typeCode: 'OOU', positions: [] }, 201);
    await refused('POST', `/api/WmsOrder/${move.id}/offer/send`, 'badRequest', 400);
  });
});
