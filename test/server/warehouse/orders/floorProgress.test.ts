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
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type HttpMethod, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;
/** A picker: the terminal switch only, no logistics. */
let picker: TestUser;
let move: Row;
let count: Row;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aUser(t.ctx, acc, { logisticsEnabled: true });
  picker = await aUser(t.ctx, acc, { terminalEnabled: true });
  const product = await anOrderProduct(t.ctx, acc);
  const shelf = await anOrderLocation(t.ctx, acc);
  await receiveOrderStock(t.ctx, manager, [
    { productId: String(product.id), locationId: String(shelf.id), quantity: 9 },
  ]);
  const saved = await call(manager, 'POST', '/api/WmsOrder', {
    typeCode: 'OOU',
    saveAs: 'production',
    sourceLocationId: shelf.id,
    positions: [{ productId: product.id, quantity: 4 }],
  });
  expect(saved.statusCode, saved.body).toBe(201);
  move = saved.json();
  const verify = await call(manager, 'POST', '/api/WmsOrder', { typeCode: 'VER-A', saveAs: 'production' });
  expect(verify.statusCode, verify.body).toBe(201);
  count = verify.json();
  // Another account's orders never show.
  await anOrderRow(t.ctx, await anAccount(t.ctx), { typeCode: 'OOU' });
});
afterAll(async () => t.close());

const call = (who: TestUser, method: HttpMethod, url: string, payload?: unknown) =>
  t.call(who, method, url, payload);

describe('the terminal reads order progress', () => {
  it('Move/Progress and Verify/Progress: 200 for a terminal-only user, the account’s orders only', async () => {
    const moves = await call(picker, 'GET', '/api/WmsOrder/Move/Progress');
    expect(moves.statusCode, moves.body).toBe(200);
    expect(moves.json().allFilteredRowCount).toBe(1);
    expect(moves.json().results[0]).toMatchObject({ id: move.id, quantityOrdered: 4, quantityRemaining: 4 });
    const counts = await call(
      picker,
      'GET',
      '/api/WmsOrder/Verify/Progress?sortColumn=orderNumber&sortDescending=true',
    );
    expect(counts.statusCode, counts.body).toBe(200);
    expect(counts.json().results.map((r: Row) => [r.id, r.positionsCount, r.positionsCounted])).toEqual([
      [count.id, 1, 0],
    ]);
  });

  it('pages, sorts and filters like the order list; bad queries are 400', async () => {
    const filters = encodeURIComponent(
      JSON.stringify([{ field: 'statusCode', operator: 'eq', value: 'closedFully' }]),
    );
    const none = await call(picker, 'GET', `/api/WmsOrder/Move/Progress?BasicFiltersSerialized=${filters}`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({ results: [], allFilteredRowCount: 0 });
    expect((await call(picker, 'GET', '/api/WmsOrder/Move/Progress?sortColumn=nope')).statusCode).toBe(400);
    expect((await call(picker, 'GET', '/api/WmsOrder/Verify/Progress?PageSize=0')).statusCode).toBe(400);
  });

  it('PositionsProgress, PositionsProgressWithStock and Verify/{id}/PositionsProgress: 200', async () => {
    const positions = await call(picker, 'GET', `/api/WmsOrder/Move/${move.id}/PositionsProgress`);
    expect(positions.statusCode, positions.body).toBe(200);
    expect(positions.json().results.map((p: Row) => [p.ordered, p.realised, p.remaining])).toEqual([
      [4, 0, 4],
    ]);
    const withStock = await call(picker, 'GET', `/api/WmsOrder/Move/${move.id}/PositionsProgressWithStock`);
    expect(withStock.statusCode, withStock.body).toBe(200);
    expect(withStock.json().results.map((p: Row) => [p.available, p.availableAtSource])).toEqual([[9, 9]]);
    const counted = await call(picker, 'GET', `/api/WmsOrder/Verify/${count.id}/PositionsProgress`);
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json().results.map((p: Row) => [p.expected, p.counted])).toEqual([[9, null]]);
  });

  it('another account’s order is 404 to the picker', async () => {
    const foreign = await anOrderRow(t.ctx, await anAccount(t.ctx), { typeCode: 'OOU' });
    expect((await call(picker, 'GET', `/api/WmsOrder/Move/${foreign.id}/PositionsProgress`)).statusCode).toBe(
      404,
    );
  });

  it('writes stay closed to the picker (403); contractors and users without either switch read nothing', async () => {
    const writes: [HttpMethod, string, unknown][] = [
      ['POST', '/api/WmsOrder', { typeCode: 'OOU' }],
      ['PUT', `/api/WmsOrder/${move.id}`, { comment: 'no' }],
      [
        'POST',
        `/api/WmsOrder/${move.id}/status`,
        { statusCode: 'closedManually', closedManuallyReason: 'no' },
      ],
      ['DELETE', `/api/WmsOrder/${count.id}`, undefined],
      ['GET', `/api/WmsOrder/${move.id}/clonetotype/OIN`, undefined],
    ];
    for (const [method, url, body] of writes)
      expect((await call(picker, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    const contractor = await aContractorUser(t.ctx, acc);
    const nobody = await aUser(t.ctx, acc, {});
    for (const who of [contractor, nobody])
      for (const url of [
        '/api/WmsOrder/Move/Progress',
        '/api/WmsOrder/Verify/Progress',
        `/api/WmsOrder/Move/${move.id}/PositionsProgress`,
        `/api/WmsOrder/Verify/${count.id}/PositionsProgress`,
      ])
        expect((await call(who, 'GET', url)).statusCode, url).toBe(403);
  });
});
