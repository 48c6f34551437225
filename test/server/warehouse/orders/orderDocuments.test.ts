import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../server/resources/rows';
import {
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
let user: TestUser;
let terminal: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  user = await aUser(t.ctx, acc, { logisticsEnabled: true });
  terminal = await aUser(t.ctx, acc, { terminalEnabled: true });
});
afterAll(async () => t.close());

const call = (who: TestUser, method: HttpMethod, url: string, payload?: unknown) =>
  t.call(who, method, url, payload);
const record = (who: TestUser, positionId: unknown, quantity: string) =>
  call(who, 'PATCH', `/api/WmsOrderPosition/${String(positionId)}/QuantityReal?quantityReal=${quantity}`);
const orderOf = async (id: unknown) => (await call(user, 'GET', `/api/WmsOrder/${String(id)}`)).json();

describe('saving with generateDocuments', () => {
  it('yes: the order type’s document is created and confirmed, stock is corrected', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const dock = await anOrderLocation(t.ctx, acc);
    const res = await call(user, 'POST', '/api/WmsOrder', {
      typeCode: 'OIN',
      destinationLocationId: dock.id,
      positions: [{ productId: product.id, quantity: 7 }],
      generateDocuments: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ statusCode: 'doneConfirmed', realisationStarted: true, positionsDone: 1 });
    expect(order.documents).toHaveLength(1);
    expect(order.documents[0]).toMatchObject({
      typeCode: 'OIN',
      statusCode: 'confirmed',
      orderId: order.id,
      generated: true,
    });
    expect(await stockQuantityOf(t.ctx, acc, String(product.id), String(dock.id))).toBe(7);
  });

  it('no: the order is saved, stock is unchanged', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const dock = await anOrderLocation(t.ctx, acc);
    const res = await call(user, 'POST', '/api/WmsOrder', {
      typeCode: 'OIN',
      destinationLocationId: dock.id,
      positions: [{ productId: product.id, quantity: 7 }],
      saveAs: 'production',
      generateDocuments: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ statusCode: 'waitingToProcess', realisationStarted: false });
    expect(res.json().documents).toBeUndefined();
    expect(await stockQuantityOf(t.ctx, acc, String(product.id))).toBe(0);
  });

  it('a release without source locations takes stock by FEFO (earliest expiry first)', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const [late, soon] = [await anOrderLocation(t.ctx, acc), await anOrderLocation(t.ctx, acc)];
    await receiveOrderStock(t.ctx, user, [
      { productId: String(product.id), locationId: String(late.id), quantity: 10, expDate: '2099-12-31' },
      { productId: String(product.id), locationId: String(soon.id), quantity: 4, expDate: '2098-01-31' },
    ]);
    const res = await call(user, 'PUT', `/api/WmsOrder/${(await anOrderRow(t.ctx, acc)).id}`, {
      positions: [{ productId: product.id, quantity: 6 }],
      generateDocuments: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [document] = res.json().documents;
    expect(document.positions.map((p: Row) => [p.sourceLocationId, p.quantity, p.expDate])).toEqual([
      [soon.id, 4, '2098-01-31'],
      [late.id, 2, '2099-12-31'],
    ]);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id))).toBe(8);
    expect(res.json().statusCode).toBe('doneConfirmed');
  });

  it('not enough stock anywhere: 409 stockShortfall with the line, nothing saved', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const shelf = await anOrderLocation(t.ctx, acc);
    await receiveOrderStock(t.ctx, user, [
      { productId: String(product.id), locationId: String(shelf.id), quantity: 3 },
    ]);
    const res = await call(user, 'POST', '/api/WmsOrder', {
      typeCode: 'OOU',
      positions: [{ productId: product.id, quantity: 5 }],
      generateDocuments: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('stockShortfall');
    expect(res.json().issues).toEqual([
      expect.objectContaining({
        code: 'quantityExceedsAvailable',
        positionIndex: 0,
        params: { product: product.index, quantity: 5, available: 3 },
      }),
    ]);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id))).toBe(3);
  });

  it('the documents’ own rules still apply (422 documentInvalid)', async () => {
    const product = await anOrderProduct(t.ctx, acc, { lockIn: true });
    const dock = await anOrderLocation(t.ctx, acc);
    const res = await call(user, 'POST', '/api/WmsOrder', {
      typeCode: 'OIN',
      destinationLocationId: dock.id,
      positions: [{ productId: product.id, quantity: 1 }],
      generateDocuments: true,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().issues).toEqual([expect.objectContaining({ code: 'productLockedForReceipt' })]);
  });
});

describe('GET /api/WmsOrder/{id}/GenerateDocuments', () => {
  it('follows the terminal: documents for what was recorded, then for the rest; the status follows', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const [from, to] = [await anOrderLocation(t.ctx, acc), await anOrderLocation(t.ctx, acc)];
    await receiveOrderStock(t.ctx, user, [
      { productId: String(product.id), locationId: String(from.id), quantity: 20 },
    ]);
    const order = (
      await call(user, 'POST', '/api/WmsOrder', {
        typeCode: 'OPI',
        sourceLocationId: from.id,
        destinationLocationId: to.id,
        saveAs: 'production',
        positions: [
          { productId: product.id, quantity: 6 },
          { productId: product.id, quantity: 4 },
        ],
      })
    ).json();
    const [first, second] = order.positions;

    const picked = await record(terminal, first.id, '5');
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().position.quantityReal).toBe(5);
    expect(picked.json().order).toMatchObject({
      statusCode: 'inProgress',
      realisationStarted: true,
      positionsDone: 0,
    });

    const partial = await call(user, 'GET', `/api/WmsOrder/${order.id}/GenerateDocuments`);
    expect(partial.statusCode, partial.body).toBe(200);
    // Line 1: the 5 recorded; line 2: nothing recorded yet, so its ordered 4.
    expect(partial.json().documents[0].positions.map((p: Row) => p.quantity)).toEqual([5, 4]);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id), String(to.id))).toBe(9);
    expect(partial.json()).toMatchObject({ statusCode: 'inProgress', positionsDone: 1 });

    const progress = await call(terminal, 'GET', `/api/WmsOrder/Move/${order.id}/PositionsProgress`);
    expect(progress.statusCode).toBe(200);
    expect(progress.json().results.map((p: Row) => [p.ordered, p.realised, p.remaining])).toEqual([
      [6, 5, 1],
      [4, 4, 0],
    ]);

    await record(terminal, first.id, '6');
    expect((await orderOf(order.id)).statusCode).toBe('doneUnconfirmed');
    // The picker finishes the order from the terminal.
    const rest = await call(terminal, 'GET', `/api/WmsOrder/${order.id}/GenerateDocuments`);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().documents[0].positions.map((p: Row) => p.quantity)).toEqual([1]);
    expect(rest.json()).toMatchObject({ statusCode: 'doneConfirmed', positionsDone: 2 });
    // Nothing left: no new document.
    const none = await call(user, 'GET', `/api/WmsOrder/${order.id}/GenerateDocuments`);
    expect(none.json().documents).toEqual([]);
    expect(second.quantity).toBe(4);
  });

  it('confirm=false leaves working copies: stock unchanged until they are confirmed', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const dock = await anOrderLocation(t.ctx, acc);
    const order = (
      await call(user, 'POST', '/api/WmsOrder', {
        typeCode: 'OIN',
        destinationLocationId: dock.id,
        saveAs: 'production',
        positions: [{ productId: product.id, quantity: 3 }],
      })
    ).json();
    const res = await call(user, 'GET', `/api/WmsOrder/${order.id}/GenerateDocuments?confirm=false`);
    expect(res.json().documents[0].statusCode).toBe('workingCopy');
    expect(await stockQuantityOf(t.ctx, acc, String(product.id))).toBe(0);
    // Already drafted: a second call adds nothing.
    expect((await call(user, 'GET', `/api/WmsOrder/${order.id}/GenerateDocuments`)).json().documents).toEqual(
      [],
    );
    expect(
      (await call(user, 'GET', `/api/WmsOrder/${order.id}/GenerateDocuments?confirm=maybe`)).statusCode,
    ).toBe(400);
  });

  it('refuses orders not on the floor, offers, counts, other accounts', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const positions = [{ productId: product.id, quantity: 1 }];
    for (const statusCode of ['workingCopy', 'pending', 'closedFully', 'closedManually', 'archived']) {
      const order = await anOrderRow(t.ctx, acc, { statusCode }, positions);
      const res = await call(user, 'GET', `/api/WmsOrder/${order.id}/GenerateDocuments`);
      expect(res.statusCode, statusCode).toBe(409);
      expect(res.json().code).toBe('statusForbidsChange');
    }
    const offer = await anOrderRow(
      t.ctx,
      acc,
      { typeCode: 'OSO', statusCode: 'waitingToProcess' },
      positions,
    );
    const offerRes = await call(user, 'GET', `/api/WmsOrder/${offer.id}/GenerateDocuments`);
    expect(offerRes.statusCode).toBe(400);
    expect(offerRes.json().code).toBe('documentTypeMissing');
    const count = await anOrderRow(t.ctx, acc, { typeCode: 'VER-A', statusCode: 'inProgress' });
    expect((await call(user, 'GET', `/api/WmsOrder/${count.id}/GenerateDocuments`)).statusCode).toBe(400);
    const foreign = await anOrderRow(t.ctx, await anAccount(t.ctx), { statusCode: 'waitingToProcess' });
    expect((await call(user, 'GET', `/api/WmsOrder/${foreign.id}/GenerateDocuments`)).statusCode).toBe(404);
    // The terminal finishes orders (floor access), so it meets the same rules; a user without it is refused.
    expect((await call(terminal, 'GET', `/api/WmsOrder/${offer.id}/GenerateDocuments`)).statusCode).toBe(400);
    const office = await aUser(t.ctx, acc, {});
    expect((await call(office, 'GET', `/api/WmsOrder/${offer.id}/GenerateDocuments`)).statusCode).toBe(403);
  });
});

describe('PATCH /api/WmsOrderPosition/{id}/QuantityReal', () => {
  it('refuses statuses that do not allow change, bad quantities and strangers', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    for (const statusCode of [
      'workingCopy',
      'pending',
      'closedFully',
      'closedManually',
      'archived',
      'unknown',
    ]) {
      const order = await anOrderRow(t.ctx, acc, { statusCode }, [{ productId: product.id, quantity: 1 }]);
      const [position] = (await call(user, 'GET', `/api/WmsOrder/${order.id}/Positions`)).json().results;
      const res = await record(terminal, position.id, '1');
      expect(res.statusCode, statusCode).toBe(409);
      expect(res.json().code).toBe('statusForbidsChange');
    }
    const order = await anOrderRow(t.ctx, acc, { statusCode: 'doneConfirmed' }, [
      { productId: product.id, quantity: 2 },
    ]);
    const [position] = (await call(user, 'GET', `/api/WmsOrder/${order.id}/Positions`)).json().results;
    for (const [quantity, rule] of [
      ['', 'required'],
      ['abc', 'invalidValue'],
      ['-1', 'minValue'],
      ['Infinity', 'invalidValue'],
    ]) {
      const res = await record(terminal, position.id, quantity ?? '');
      expect(res.statusCode, quantity).toBe(400);
      expect(res.json().fields).toEqual([expect.objectContaining({ field: 'quantityReal', rule })]);
    }
    // A done order goes back to work when a quantity is recorded again.
    const reopened = await record(terminal, position.id, '1.25');
    expect(reopened.json().order).toMatchObject({ statusCode: 'inProgress', positionsDone: 0 });
    expect(reopened.json().position.quantityReal).toBe(1.25);
    expect((await record(terminal, '7d1f1c5e-1111-4222-8333-444455556666', '1')).statusCode).toBe(404);
    const outsider = await aUser(t.ctx, acc, {});
    expect((await record(outsider, position.id, '1')).statusCode).toBe(403);
    const stranger = await aUser(t.ctx, await anAccount(t.ctx), { terminalEnabled: true });
    expect((await record(stranger, position.id, '1')).statusCode).toBe(404);
  });
});

describe('GET /api/WmsOrder/{id}/clonetotype/{type}', () => {
  it('copies a sell offer into a new release order in preparation, positions too', async () => {
    const product = await anOrderProduct(t.ctx, acc);
    const offer = (
      await call(user, 'POST', '/api/WmsOrder', {
        typeCode: 'OSO',
        comment: 'offer for ACME',
        priority: 'high',
        positions: [{ productId: product.id, quantity: 12, comment: 'blue ones' }],
      })
    ).json();
    const res = await call(user, 'GET', `/api/WmsOrder/${offer.id}/clonetotype/OOU`);
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json();
    expect(copy.id).not.toBe(offer.id);
    expect(copy).toMatchObject({
      typeCode: 'OOU',
      statusCode: 'workingCopy',
      sourceType: 'OSO',
      comment: 'offer for ACME',
      priority: 'high',
      positionsCount: 1,
    });
    expect(copy.orderNumber).toMatch(/^ORD-OOU\//);
    expect(copy.positions.map((p: Row) => [p.productId, p.quantity, p.comment, p.quantityReal])).toEqual([
      [product.id, 12, 'blue ones', null],
    ]);
    // The original is untouched; lower-case type codes are accepted.
    expect((await orderOf(offer.id)).typeCode).toBe('OSO');
    expect((await call(user, 'GET', `/api/WmsOrder/${offer.id}/clonetotype/oin`)).json().typeCode).toBe(
      'OIN',
    );
  });

  it('refuses unknown types, counts and strangers', async () => {
    const order = await anOrderRow(t.ctx, acc);
    for (const type of ['XYZ', 'VER-A']) {
      const res = await call(user, 'GET', `/api/WmsOrder/${order.id}/clonetotype/${type}`);
      expect(res.statusCode, type).toBe(400);
    }
    const count = await anOrderRow(t.ctx, acc, { typeCode: 'VER-L' });
    expect((await call(user, 'GET', `/api/WmsOrder/${count.id}/clonetotype/OOU`)).statusCode).toBe(400);
    const foreign = await anOrderRow(t.ctx, await anAccount(t.ctx));
    expect((await call(user, 'GET', `/api/WmsOrder/${foreign.id}/clonetotype/OOU`)).statusCode).toBe(404);
    expect((await call(terminal, 'GET', `/api/WmsOrder/${order.id}/clonetotype/OOU`)).statusCode).toBe(403);
  });
});

describe('lists and progress', () => {
  it('Offers/Sell pages the sell offers only', async () => {
    const own = await anAccount(t.ctx);
    const seller = await aUser(t.ctx, own, { logisticsEnabled: true });
    for (let i = 0; i < 3; i++) await anOrderRow(t.ctx, own, { typeCode: 'OSO' });
    await anOrderRow(t.ctx, own, { typeCode: 'OOU' });
    const res = await call(seller, 'GET', '/api/WmsOrder/Offers/Sell?PageSize=2&PageNumber=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().allFilteredRowCount).toBe(3);
    expect(res.json().results).toHaveLength(2);
    expect(res.json().results.every((r: Row) => r.typeCode === 'OSO')).toBe(true);
    expect((await call(seller, 'GET', '/api/WmsOrder/Offers/Sell?PageSize=0')).statusCode).toBe(400);
  });

  it('Move/Progress lists move orders with quantities; PositionsProgressWithStock adds what is available', async () => {
    const own = await anAccount(t.ctx);
    const boss = await aUser(t.ctx, own, { logisticsEnabled: true });
    const product = await anOrderProduct(t.ctx, own);
    const [shelf, other] = [await anOrderLocation(t.ctx, own), await anOrderLocation(t.ctx, own)];
    await receiveOrderStock(t.ctx, boss, [
      { productId: String(product.id), locationId: String(shelf.id), quantity: 5 },
      { productId: String(product.id), locationId: String(other.id), quantity: 2 },
    ]);
    const order = (
      await call(boss, 'POST', '/api/WmsOrder', {
        typeCode: 'OOU',
        saveAs: 'production',
        positions: [
          { productId: product.id, quantity: 4, sourceLocationId: shelf.id },
          { productId: product.id, quantity: 6 },
        ],
      })
    ).json();
    await anOrderRow(t.ctx, own, { typeCode: 'VER-A' });
    const list = await call(boss, 'GET', '/api/WmsOrder/Move/Progress');
    expect(list.statusCode).toBe(200);
    expect(list.json().allFilteredRowCount).toBe(1);
    expect(list.json().results[0]).toMatchObject({
      id: order.id,
      positionsCount: 2,
      positionsDone: 0,
      quantityOrdered: 10,
      quantityRealised: 0,
      quantityRemaining: 10,
      percentDone: 0,
    });
    const withStock = await call(boss, 'GET', `/api/WmsOrder/Move/${order.id}/PositionsProgressWithStock`);
    expect(withStock.statusCode).toBe(200);
    expect(withStock.json().results.map((p: Row) => [p.available, p.availableAtSource, p.shortage])).toEqual([
      [7, 5, 0],
      [7, null, 0],
    ]);
    const count = await anOrderRow(t.ctx, own, { typeCode: 'VER-P' });
    expect((await call(boss, 'GET', `/api/WmsOrder/Move/${count.id}/PositionsProgress`)).statusCode).toBe(
      400,
    );
    expect((await call(boss, 'GET', '/api/WmsOrder/Move/not-an-id/PositionsProgress')).statusCode).toBe(404);
    const contractorless = await aUser(t.ctx, own, {});
    expect((await call(contractorless, 'GET', '/api/WmsOrder/Move/Progress')).statusCode).toBe(403);
  });
});
