import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../server/resources/rows';
import {
  aContractorUser,
  anAccount,
  anOrderLocation,
  anOrderProduct,
  anOrderRow,
  aUser,
  receiveOrderStock,
  stockQuantityOf,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type HttpMethod, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let planner: TestUser;
let picker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  planner = await aUser(t.ctx, acc, { logisticsEnabled: true });
  picker = await aUser(t.ctx, acc, { terminalEnabled: true });
});
afterAll(async () => t.close());

const call = (who: TestUser, method: HttpMethod, url: string, payload?: unknown) =>
  t.call(who, method, url, payload, { 'accept-language': 'en-us' });

/**
 * A production order on the floor: `made` (output, received at `store`) from `flour` (input, taken from
 * `silo`, where 10 are in stock).
 */
const productionOrder = async (flourNeeded = 4) => {
  const [flour, made] = [await anOrderProduct(t.ctx, acc), await anOrderProduct(t.ctx, acc)];
  const [silo, store] = [await anOrderLocation(t.ctx, acc), await anOrderLocation(t.ctx, acc)];
  await receiveOrderStock(t.ctx, planner, [
    { productId: String(flour.id), locationId: String(silo.id), quantity: 10 },
  ]);
  const res = await call(planner, 'POST', '/api/WmsOrder', {
    typeCode: 'OPR',
    saveAs: 'production',
    positions: [
      { productId: flour.id, quantity: flourNeeded, sourceLocationId: silo.id },
      { productId: made.id, quantity: 2, destinationLocationId: store.id },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: res.json(), flour, made, silo, store };
};

describe('POST /api/WmsOrder/GenerateProduction', () => {
  it('makes a working-copy production order (OPR) for the goods of a release order', async () => {
    const [a, b] = [await anOrderProduct(t.ctx, acc), await anOrderProduct(t.ctx, acc)];
    const store = await anOrderLocation(t.ctx, acc);
    const release = await anOrderRow(t.ctx, acc, { typeCode: 'OOU', orderNumber: 'R-1', priority: 'high' }, [
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 1 },
      { productId: a.id, quantity: 2 },
    ]);
    const res = await call(planner, 'POST', '/api/WmsOrder/GenerateProduction', {
      orderId: release.id,
      destinationLocationId: store.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      typeCode: 'OPR',
      statusCode: 'workingCopy',
      sourceType: 'OOU',
      priority: 'high',
    });
    expect(order.comment).toContain('R-1');
    expect(order.orderNumber).toMatch(/^ORD-OPR\//);
    expect(order.positions.map((p: Row) => [p.productId, p.quantity, p.destinationLocationId])).toEqual([
      [a.id, 5, store.id],
      [b.id, 1, store.id],
    ]);
  });

  it('onlyMissing: only what available stock cannot cover; the product’s default location when none is given', async () => {
    const store = await anOrderLocation(t.ctx, acc);
    const [a, b] = [
      await anOrderProduct(t.ctx, acc, { defaultLocationId: store.id }),
      await anOrderProduct(t.ctx, acc, { defaultLocationId: store.id }),
    ];
    await receiveOrderStock(t.ctx, planner, [
      { productId: String(a.id), locationId: String(store.id), quantity: 4 },
      { productId: String(b.id), locationId: String(store.id), quantity: 9 },
    ]);
    const offer = await anOrderRow(t.ctx, acc, { typeCode: 'OSO' }, [
      { productId: a.id, quantity: 6 },
      { productId: b.id, quantity: 5 },
    ]);
    const res = await call(planner, 'POST', '/api/WmsOrder/GenerateProduction', {
      orderId: offer.id,
      onlyMissing: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().positions.map((p: Row) => [p.productId, p.quantity, p.destinationLocationId])).toEqual([
      [a.id, 2, store.id],
    ]);
    // Everything in stock: nothing to produce.
    const covered = await anOrderRow(t.ctx, acc, { typeCode: 'OSO' }, [{ productId: b.id, quantity: 5 }]);
    const none = await call(planner, 'POST', '/api/WmsOrder/GenerateProduction', {
      orderId: covered.id,
      onlyMissing: true,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual([{ field: 'positions', rule: 'required' }]);
  });

  it('refuses bad bodies, other order types, missing destinations (400), other accounts (404), the terminal (403)', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const release = await anOrderRow(t.ctx, acc, { typeCode: 'OOU' }, [
      { productId: product.id, quantity: 1 },
    ]);
    for (const [body, field] of [
      [{}, 'orderId'],
      [{ orderId: 'x' }, 'orderId'],
      [[], 'orderId'],
      [{ orderId: release.id, destinationLocationId: 'nowhere' }, 'destinationLocationId'],
    ] as const) {
      const res = await call(planner, 'POST', '/api/WmsOrder/GenerateProduction', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ field })]);
    }
    const receipt = await anOrderRow(t.ctx, acc, { typeCode: 'OIN' }, [
      { productId: product.id, quantity: 1 },
    ]);
    const wrongType = await call(planner, 'POST', '/api/WmsOrder/GenerateProduction', {
      orderId: receipt.id,
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual([{ field: 'orderId', rule: 'invalidValue' }]);
    const noDestination = await call(planner, 'POST', '/api/WmsOrder/GenerateProduction', {
      orderId: release.id,
    });
    expect(noDestination.statusCode).toBe(400);
    expect(noDestination.json().fields).toEqual([{ field: 'destinationLocationId', rule: 'required' }]);
    const foreignPlace = await anOrderLocation(t.ctx, await anAccount(t.ctx));
    const elsewhere = await call(planner, 'POST', '/api/WmsOrder/GenerateProduction', {
      orderId: release.id,
      destinationLocationId: foreignPlace.id,
    });
    expect(elsewhere.statusCode).toBe(400);
    const foreign = await anOrderRow(t.ctx, await anAccount(t.ctx), { typeCode: 'OOU' });
    expect(
      (await call(planner, 'POST', '/api/WmsOrder/GenerateProduction', { orderId: foreign.id })).statusCode,
    ).toBe(404);
    expect(
      (await call(picker, 'POST', '/api/WmsOrder/GenerateProduction', { orderId: release.id })).statusCode,
    ).toBe(403);
  });
});

describe('Production documents', () => {
  it('GenerateDocuments drafts one PRO: inputs from stock (FEFO at the named source), outputs where they go', async () => {
    const { order, flour, made, silo, store } = await productionOrder();
    const res = await call(planner, 'POST', '/api/Production/GenerateDocuments', { orderId: order.id });
    expect(res.statusCode, res.body).toBe(200);
    const { order: after, documents } = res.json();
    expect(after.id).toBe(order.id);
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      typeCode: 'PRO',
      statusCode: 'workingCopy',
      orderId: order.id,
      generated: true,
    });
    expect(
      documents[0].positions.map((p: Row) => [
        p.productId,
        p.quantity,
        p.sourceLocationId,
        p.destinationLocationId,
      ]),
    ).toEqual([
      [flour.id, 4, silo.id, null],
      [made.id, 2, null, store.id],
    ]);
    // Drafted already: a second call adds nothing; reading them back gives the same.
    const again = await call(planner, 'POST', '/api/Production/GenerateDocuments', { orderId: order.id });
    expect(again.json().documents).toHaveLength(1);
    const read = await call(planner, 'GET', `/api/Production/${order.id}/GetProductionDocuments`);
    expect(read.statusCode).toBe(200);
    expect(read.json().documents.map((d: Row) => d.id)).toEqual([documents[0].id]);
    expect(await stockQuantityOf(t.ctx, acc, String(flour.id))).toBe(10);
  });

  it('GenerateDocuments: "no resources" when the inputs are not in stock, nothing drafted', async () => {
    const { order, flour } = await productionOrder(12);
    const res = await call(planner, 'POST', '/api/Production/GenerateDocuments', { orderId: order.id });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'productionNoResources',
      message: 'There are not enough resources for production',
      issues: [
        {
          code: 'quantityExceedsAvailable',
          positionIndex: 0,
          params: { product: flour.index, quantity: 12, available: 10 },
        },
      ],
    });
    expect(
      (await call(planner, 'GET', `/api/Production/${order.id}/GetProductionDocuments`)).json().documents,
    ).toEqual([]);
  });

  it('GenerateDocuments refuses orders not in production (422), bad bodies (400), others’ orders (404), the terminal (403)', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const draft = await anOrderRow(t.ctx, acc, { typeCode: 'OPR', statusCode: 'workingCopy' }, [
      { productId: product.id, quantity: 1 },
    ]);
    const notYet = await call(planner, 'POST', '/api/Production/GenerateDocuments', { orderId: draft.id });
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().issues).toEqual([expect.objectContaining({ code: 'orderNotInProduction' })]);
    const release = await anOrderRow(t.ctx, acc, { typeCode: 'OOU', statusCode: 'waitingToProcess' });
    expect(
      (await call(planner, 'POST', '/api/Production/GenerateDocuments', { orderId: release.id })).statusCode,
    ).toBe(422);
    expect(
      (await call(planner, 'POST', '/api/Production/GenerateDocuments', { orderId: 'x' })).statusCode,
    ).toBe(400);
    for (const body of [undefined, [], null, { orderId: 42 }])
      expect(
        (await call(planner, 'POST', '/api/Production/GenerateDocuments', body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    const foreign = await anOrderRow(t.ctx, await anAccount(t.ctx), {
      typeCode: 'OPR',
      statusCode: 'waitingToProcess',
    });
    expect(
      (await call(planner, 'POST', '/api/Production/GenerateDocuments', { orderId: foreign.id })).statusCode,
    ).toBe(404);
    expect(
      (await call(picker, 'POST', '/api/Production/GenerateDocuments', { orderId: draft.id })).statusCode,
    ).toBe(403);
  });

  it('GetProductionDocuments: 404 for another account’s order, 403 without logistics', async () => {
    const foreign = await anOrderRow(t.ctx, await anAccount(t.ctx), { typeCode: 'OPR' });
    const res = await call(planner, 'GET', `/api/Production/${foreign.id}/GetProductionDocuments`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('notFoundOrNoPermission');
    expect((await call(planner, 'GET', '/api/Production/not-an-id/GetProductionDocuments')).statusCode).toBe(
      404,
    );
    const own = await anOrderRow(t.ctx, acc, { typeCode: 'OPR' });
    expect(
      (await call(await aUser(t.ctx, acc, {}), 'GET', `/api/Production/${own.id}/GetProductionDocuments`))
        .statusCode,
    ).toBe(403);
  });

  it('ConfirmDocuments moves the stock and freezes the order: every later change is 409', async () => {
    const { order, flour, made, silo, store } = await productionOrder();
    await call(planner, 'POST', '/api/Production/GenerateDocuments', { orderId: order.id });
    const res = await call(planner, 'GET', `/api/Production/${order.id}/ConfirmDocuments`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ statusCode: 'closedFully', realisationStarted: true });
    expect(res.json().documents.map((d: Row) => d.statusCode)).toEqual(['confirmed']);
    expect(await stockQuantityOf(t.ctx, acc, String(flour.id), String(silo.id))).toBe(6);
    expect(await stockQuantityOf(t.ctx, acc, String(made.id), String(store.id))).toBe(2);

    const frozen: [HttpMethod, string, unknown][] = [
      ['POST', '/api/Production/GenerateDocuments', { orderId: order.id }],
      ['GET', `/api/Production/${order.id}/ConfirmDocuments`, undefined],
      ['PUT', `/api/WmsOrder/${order.id}`, { comment: 'more' }],
      ['POST', `/api/WmsOrder/${order.id}/status`, { statusCode: 'inProgress' }],
      ['GET', `/api/WmsOrder/${order.id}/GenerateDocuments`, undefined],
    ];
    for (const [method, url, body] of frozen) {
      const later = await call(planner, method, url, body);
      expect(later.statusCode, `${method} ${url}: ${later.body}`).toBe(409);
      expect(later.json().code).toBe('statusForbidsChange');
    }
    const [position] = res.json().order.positions;
    const recorded = await call(
      picker,
      'PATCH',
      `/api/WmsOrderPosition/${position.id}/QuantityReal?quantityReal=1`,
    );
    expect(recorded.statusCode, recorded.body).toBe(409);
    expect(recorded.json().code).toBe('statusForbidsChange');
    expect(await stockQuantityOf(t.ctx, acc, String(flour.id), String(silo.id))).toBe(6);
  });

  it('ConfirmDocuments: "no resources" when the inputs left stock after drafting; nothing moves', async () => {
    const { order, flour, made, silo } = await productionOrder(8);
    await call(planner, 'POST', '/api/Production/GenerateDocuments', { orderId: order.id });
    // Someone releases most of the flour meanwhile.
    const release = await call(planner, 'POST', '/api/WmsDocument', {
      typeCode: 'DOU',
      sourceLocationId: silo.id,
      positions: [{ productId: flour.id, quantity: 5 }],
      confirm: true,
    });
    expect(release.statusCode, release.body).toBe(201);
    const res = await call(planner, 'GET', `/api/Production/${order.id}/ConfirmDocuments`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'productionNoResources',
      issues: [
        {
          code: 'quantityExceedsAvailable',
          positionIndex: 0,
          params: { product: flour.index, quantity: 8, available: 5 },
        },
      ],
    });
    expect(await stockQuantityOf(t.ctx, acc, String(flour.id))).toBe(5);
    expect(await stockQuantityOf(t.ctx, acc, String(made.id))).toBe(0);
    const read = await call(planner, 'GET', `/api/Production/${order.id}/GetProductionDocuments`);
    expect(read.json().order.statusCode).not.toBe('closedFully');
    expect(read.json().documents.map((d: Row) => d.statusCode)).toEqual(['workingCopy']);
  });

  it('ConfirmDocuments refuses an order with nothing produced (409), others’ orders (404) and the terminal (403)', async () => {
    const { order } = await productionOrder();
    const nothing = await call(planner, 'GET', `/api/Production/${order.id}/ConfirmDocuments`);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('statusForbidsChange');
    const foreign = await anOrderRow(t.ctx, await anAccount(t.ctx), {
      typeCode: 'OPR',
      statusCode: 'inProgress',
    });
    expect((await call(planner, 'GET', `/api/Production/${foreign.id}/ConfirmDocuments`)).statusCode).toBe(
      404,
    );
    expect((await call(picker, 'GET', `/api/Production/${order.id}/ConfirmDocuments`)).statusCode).toBe(403);
    const contractor = await aContractorUser(t.ctx, acc);
    expect((await call(contractor, 'GET', `/api/Production/${order.id}/ConfirmDocuments`)).statusCode).toBe(
      403,
    );
  });
});
