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
  stockQuantityOf,
  stockRowsOf,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;
let picker: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aUser(t.ctx, acc, { logisticsEnabled: true });
  picker = await aUser(t.ctx, acc, { terminalEnabled: true });
});
afterAll(async () => t.close());

const move = (who: TestUser, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/WmsDocumentPosition/groupmovement',
    headers: who.headers,
    payload: body as Row,
  });

const bin = () => `GM-${randomUUID().slice(0, 8).toUpperCase()}`;

/** Two products on one shelf: a lot with an expiry date in a bin, and a serial-numbered unit. */
const shelfWithStock = async () => {
  const [lotted, serial] = [await anOrderProduct(t.ctx, acc), await anOrderProduct(t.ctx, acc)];
  const [shelf, target] = [await anOrderLocation(t.ctx, acc), await anOrderLocation(t.ctx, acc)];
  const container = bin();
  await receiveStock(t.ctx, manager, String(shelf.id), [
    { productId: lotted.id, quantity: 8, expDate: '2099-03-31', destinationContainer: container },
    { productId: serial.id, quantity: 1, serialNumber: `SN-${randomUUID().slice(0, 6)}` },
  ]);
  return { lotted, serial, shelf, target, container };
};

describe('POST /api/WmsDocumentPosition/groupmovement', () => {
  it('relocates chosen stock rows (whole, or a quantity by key) to one destination in one confirmed ARL', async () => {
    const { lotted, serial, shelf, target, container } = await shelfWithStock();
    const [serialRow] = await stockRowsOf(t.ctx, acc, String(serial.id));
    const res = await move(manager, {
      typeCode: 'ARL',
      destinationLocationId: target.id,
      confirm: true,
      positions: [
        { stockId: serialRow?.id },
        {
          productId: lotted.id,
          sourceLocationId: shelf.id,
          container,
          expDate: '2099-03-31',
          quantity: 3,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const document = res.json();
    expect(document).toMatchObject({
      typeCode: 'ARL',
      statusCode: 'confirmed',
      destinationLocationId: target.id,
    });
    expect(
      document.positions.map((p: Row) => [
        p.productId,
        p.quantity,
        p.sourceLocationId,
        p.sourceContainer,
        p.expDate,
      ]),
    ).toEqual([
      [serial.id, 1, shelf.id, null, null],
      [lotted.id, 3, shelf.id, container, '2099-03-31'],
    ]);
    expect(document.positions[0].serialNumber).toBe(serialRow?.serialNumber);
    expect(await stockQuantityOf(t.ctx, acc, String(serial.id), String(target.id))).toBe(1);
    expect(await stockQuantityOf(t.ctx, acc, String(lotted.id), String(shelf.id))).toBe(5);
    // The lot keeps its expiry date where it went.
    const moved = (await stockRowsOf(t.ctx, acc, String(lotted.id))).find((r) => r.locationId === target.id);
    expect(moved).toMatchObject({ quantity: 3, expDate: '2099-03-31' });
  });

  it('without confirm: a working copy, stock unchanged; the terminal may do it too', async () => {
    const { lotted, shelf, target } = await shelfWithStock();
    const [row] = await stockRowsOf(t.ctx, acc, String(lotted.id));
    const res = await move(picker, {
      typeCode: 'ARL',
      destinationLocationId: target.id,
      positions: [{ stockId: row?.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ statusCode: 'workingCopy', positions: [{ quantity: 8 }] });
    expect(await stockQuantityOf(t.ctx, acc, String(lotted.id), String(shelf.id))).toBe(8);
  });

  it('LCR moves a whole bin: the bin keeps its name at the destination', async () => {
    const { lotted, target, container } = await shelfWithStock();
    const [row] = await stockRowsOf(t.ctx, acc, String(lotted.id));
    const res = await move(manager, {
      typeCode: 'LCR',
      destinationLocationId: target.id,
      confirm: true,
      positions: [{ stockId: row?.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const [after] = await stockRowsOf(t.ctx, acc, String(lotted.id));
    expect(after).toMatchObject({ locationId: target.id, container, quantity: 8 });
  });

  it('refuses bad bodies (400 naming the fields) and stock rows of another account', async () => {
    const { lotted, target } = await shelfWithStock();
    const cases: [unknown, string][] = [
      [{ destinationLocationId: target.id, positions: [{ productId: lotted.id }] }, 'typeCode'],
      [
        { typeCode: 'DOU', destinationLocationId: target.id, positions: [{ productId: lotted.id }] },
        'typeCode',
      ],
      [{ typeCode: 'ARL', positions: [{ productId: lotted.id }] }, 'destinationLocationId'],
      [{ typeCode: 'ARL', destinationLocationId: target.id, positions: [] }, 'positions'],
      [
        { typeCode: 'ARL', destinationLocationId: target.id, positions: [{ stockId: 'nope' }] },
        'positions.0.stockId',
      ],
      [
        { typeCode: 'ARL', destinationLocationId: target.id, positions: [{ productId: lotted.id }] },
        'positions.0.productId',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await move(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('formHasErrors');
      expect(res.json().fields).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    for (const body of [[], null, { typeCode: ['ARL'] }])
      expect((await move(manager, body)).statusCode, JSON.stringify(body)).toBe(400);
    const other = await anAccount(t.ctx);
    const stranger = await aUser(t.ctx, other, { logisticsEnabled: true });
    const theirShelf = await anOrderLocation(t.ctx, other);
    const theirProduct = await anOrderProduct(t.ctx, other);
    await receiveStock(t.ctx, stranger, String(theirShelf.id), [{ productId: theirProduct.id, quantity: 2 }]);
    const [theirRow] = await stockRowsOf(t.ctx, other, String(theirProduct.id));
    const foreign = await move(manager, {
      typeCode: 'ARL',
      destinationLocationId: target.id,
      positions: [{ stockId: theirRow?.id }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual([{ field: 'positions.0.stockId', rule: 'invalidValue' }]);
    expect(await stockQuantityOf(t.ctx, other, String(theirProduct.id))).toBe(2);
  });

  it('runs the document rules: more than there is (409), locks and unknown destinations (422)', async () => {
    const { lotted, shelf, target, container } = await shelfWithStock();
    const tooMuch = await move(manager, {
      typeCode: 'ARL',
      destinationLocationId: target.id,
      confirm: true,
      positions: [
        { productId: lotted.id, sourceLocationId: shelf.id, container, expDate: '2099-03-31', quantity: 9 },
      ],
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      code: 'stockShortfall',
      issues: [{ code: 'quantityExceedsAvailable', positionIndex: 0, params: { quantity: 9, available: 8 } }],
    });
    const locked = await anOrderLocation(t.ctx, acc, { lockedIn: true });
    const [row] = await stockRowsOf(t.ctx, acc, String(lotted.id));
    const intoLocked = await move(manager, {
      typeCode: 'ARL',
      destinationLocationId: locked.id,
      positions: [{ stockId: row?.id }],
    });
    expect(intoLocked.statusCode).toBe(422);
    expect(intoLocked.json().issues).toEqual([
      expect.objectContaining({ code: 'destinationLocationLocked' }),
    ]);
    const elsewhere = await anOrderLocation(t.ctx, await anAccount(t.ctx));
    const foreignTarget = await move(manager, {
      typeCode: 'ARL',
      destinationLocationId: elsewhere.id,
      positions: [{ stockId: row?.id }],
    });
    expect(foreignTarget.statusCode).toBe(422);
    expect(foreignTarget.json().code).toBe('documentInvalid');
    expect(await stockQuantityOf(t.ctx, acc, String(lotted.id), String(shelf.id))).toBe(8);
  });

  it('contractors and users without logistics or terminal are 403', async () => {
    const { lotted, target } = await shelfWithStock();
    const [row] = await stockRowsOf(t.ctx, acc, String(lotted.id));
    const body = { typeCode: 'ARL', destinationLocationId: target.id, positions: [{ stockId: row?.id }] };
    expect((await move(await aContractorUser(t.ctx, acc), body)).statusCode).toBe(403);
    expect((await move(await aUser(t.ctx, acc, {}), body)).statusCode).toBe(403);
  });
});
