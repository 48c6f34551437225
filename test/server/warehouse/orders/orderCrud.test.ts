import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../server/resources/rows';
import {
  aContractorUser,
  anAccount,
  anOrderLocation,
  anOrderProduct,
  anOrderRow,
  aPowerUser,
  aSuperUser,
  aUser,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type HttpMethod, type TestApp } from '../../../support/testApp';

let t: TestApp;
let acc: string;
let admin: TestUser;
let basic: TestUser;
let product: Row;
let other: Row;
let location: Row;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  admin = await aSuperUser(t.ctx, acc);
  basic = await aUser(t.ctx, acc, { logisticsEnabled: true });
  product = await anOrderProduct(t.ctx, acc);
  other = await anOrderProduct(t.ctx, acc);
  location = await anOrderLocation(t.ctx, acc);
});
afterAll(async () => t.close());

const call = (user: TestUser, method: HttpMethod, url: string, payload?: unknown, lng?: string) =>
  t.call(user, method, url, payload, lng ? { 'accept-language': lng } : {});

const year = new Date().toISOString().slice(0, 4);

describe('POST /api/WmsOrder', () => {
  it('saves a working copy with its positions and the next number of its type', async () => {
    const res = await call(basic, 'POST', '/api/WmsOrder', {
      typeCode: 'OIN',
      destinationLocationId: location.id,
      comment: 'first delivery',
      positions: [
        { productId: product.id, quantity: 5 },
        { productId: other.id, quantity: 2.5, comment: 'fragile' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      typeCode: 'OIN',
      statusCode: 'workingCopy',
      comment: 'first delivery',
      positionsCount: 2,
      positionsDone: 0,
      realisationStarted: false,
      verificationStatus: null,
    });
    expect(order.orderNumber).toMatch(new RegExp(`^ORD-OIN/${year}/\\d{6}$`));
    expect(order.positions.map((p: Row) => [p.lineNo, p.productId, p.quantity, p.quantityReal])).toEqual([
      [1, product.id, 5, null],
      [2, other.id, 2.5, null],
    ]);
    const next = await call(basic, 'POST', '/api/WmsOrder', { typeCode: 'OIN', positions: [] });
    const [, , a] = String(order.orderNumber).split('/');
    const [, , b] = String(next.json().orderNumber).split('/');
    expect(Number(b)).toBe(Number(a) + 1);
    // Each type counts on its own.
    const release = await call(basic, 'POST', '/api/WmsOrder', { typeCode: 'OOU' });
    expect(release.json().orderNumber).toBe(`ORD-OOU/${year}/000001`);
  });

  it('keeps a client-chosen id (offline clients) and logs the creation', async () => {
    const id = '5b4c2a4e-8d0a-4c39-9d8f-0f5b0a3f7c11';
    const res = await call(admin, 'POST', '/api/WmsOrder', { id, typeCode: 'OPI' });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toBe(id);
    const log = t.ctx.schema.resourceTables.recordLog;
    if (!log?.resourceId || !log.action) throw new Error('no record log');
    const rows = await t.ctx.db
      .select()
      .from(log)
      .where(and(eq(log.resourceId, id), eq(log.action, 'create')));
    expect(rows).toHaveLength(1);
  });

  it('saves as production: waiting to process', async () => {
    const res = await call(basic, 'POST', '/api/WmsOrder', {
      typeCode: 'OOU',
      saveAs: 'production',
      positions: [{ productId: product.id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().statusCode).toBe('waitingToProcess');
  });

  it('refuses bad input with the rule of each field, never a 500', async () => {
    const cases: [unknown, number, string, Row[]?][] = [
      [{ typeCode: 'XXX' }, 400, 'formHasErrors', [{ field: 'typeCode', rule: 'invalidValue' }]],
      [{}, 400, 'formHasErrors', [{ field: 'typeCode', rule: 'required' }]],
      [[1, 2], 400, 'badRequest'],
      [
        { typeCode: 'OOU', saveAs: 'later' },
        400,
        'formHasErrors',
        [{ field: 'saveAs', rule: 'invalidValue' }],
      ],
      [{ typeCode: 'OOU', generateDocuments: 'yes' }, 400, 'formHasErrors'],
      [
        { typeCode: 'OOU', positions: 'none' },
        400,
        'formHasErrors',
        [{ field: 'positions', rule: 'invalidValue' }],
      ],
      [
        { typeCode: 'OOU', positions: [{ quantity: 1 }] },
        400,
        'formHasErrors',
        [{ field: 'positions.0.productId', rule: 'required' }],
      ],
      [
        { typeCode: 'OOU', positions: [{ productId: product.id, quantity: 'many' }] },
        400,
        'formHasErrors',
        [{ field: 'positions.0.quantity', rule: 'invalidValue' }],
      ],
      [
        { typeCode: 'OOU', positions: [{ productId: 'not-a-uuid', quantity: 1 }] },
        400,
        'formHasErrors',
        [{ field: 'positions.0.productId', rule: 'invalidValue' }],
      ],
      [
        { typeCode: 'OOU', positions: [{ productId: '7d1f1c5e-1111-4222-8333-444455556666', quantity: 1 }] },
        400,
        'formHasErrors',
        [{ field: 'positions.0.productId', rule: 'invalidValue' }],
      ],
      [
        { typeCode: 'OOU', contractorId: '7d1f1c5e-1111-4222-8333-444455556666' },
        400,
        'formHasErrors',
        [{ field: 'contractorId', rule: 'invalidValue' }],
      ],
      [
        { typeCode: 'OOU', saveAs: 'production', positions: [] },
        400,
        'formHasErrors',
        [{ field: 'positions', rule: 'required' }],
      ],
    ];
    for (const [payload, status, code, fields] of cases) {
      const res = await call(basic, 'POST', '/api/WmsOrder', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().code, JSON.stringify(payload)).toBe(code);
      if (fields)
        expect(res.json().fields).toEqual(
          expect.arrayContaining(fields.map((f) => expect.objectContaining(f))),
        );
    }
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['"text"', '42', 'null', '{"typeCode":']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/WmsOrder',
        headers: { ...basic.headers, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().code, payload).toBe('badRequest');
    }
  });

  it('refuses a line with nothing to move (the domain rule quantityNotPositive)', async () => {
    const res = await call(basic, 'POST', '/api/WmsOrder', {
      typeCode: 'OOU',
      positions: [
        { productId: product.id, quantity: 1 },
        { productId: product.id, quantity: 0 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('documentInvalid');
    expect(res.json().issues).toEqual([
      expect.objectContaining({ code: 'quantityNotPositive', positionIndex: 1 }),
    ]);
  });

  it('lets neither contractors nor users without logistics write orders', async () => {
    const contractor = await aContractorUser(t.ctx, acc);
    const terminal = await aUser(t.ctx, acc, { terminalEnabled: true });
    for (const user of [contractor, terminal]) {
      const res = await call(user, 'POST', '/api/WmsOrder', { typeCode: 'OOU' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });
});

describe('PUT /api/WmsOrder/{id}', () => {
  it('edits an order in preparation: header fields replace, positions are replaced', async () => {
    const created = (
      await call(basic, 'POST', '/api/WmsOrder', {
        typeCode: 'OOU',
        comment: 'old',
        priority: 'low',
        positions: [{ productId: product.id, quantity: 1 }],
      })
    ).json();
    const res = await call(basic, 'PUT', `/api/WmsOrder/${created.id}`, {
      comment: 'new',
      positions: [
        { productId: other.id, quantity: 3 },
        { productId: product.id, quantity: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      comment: 'new',
      priority: 'low',
      positionsCount: 2,
      orderNumber: created.orderNumber,
    });
    expect(order.positions.map((p: Row) => [p.lineNo, p.productId, p.quantity])).toEqual([
      [1, other.id, 3],
      [2, product.id, 4],
    ]);
    // Without positions in the body, they stay.
    const kept = await call(basic, 'PUT', `/api/WmsOrder/${created.id}`, { comment: 'again' });
    expect(kept.json().positions).toHaveLength(2);
  });

  it('hands the order to the floor with saveAs production, and refuses edits afterwards (409 statusForbidsChange)', async () => {
    const created = (
      await call(basic, 'POST', '/api/WmsOrder', {
        typeCode: 'OOU',
        positions: [{ productId: product.id, quantity: 1 }],
      })
    ).json();
    const saved = await call(basic, 'PUT', `/api/WmsOrder/${created.id}`, { saveAs: 'production' });
    expect(saved.json().statusCode).toBe('waitingToProcess');
    const refused = await call(basic, 'PUT', `/api/WmsOrder/${created.id}`, { comment: 'late' }, 'pl-pl');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'statusForbidsChange',
      message: 'Nie można już zmienić statusu tego zlecenia!',
    });
  });

  it('refuses another type, a stale version, an unknown or malformed id', async () => {
    const created = (await call(basic, 'POST', '/api/WmsOrder', { typeCode: 'OOU' })).json();
    const type = await call(basic, 'PUT', `/api/WmsOrder/${created.id}`, { typeCode: 'OIN' });
    expect(type.statusCode).toBe(400);
    expect(type.json().fields).toEqual([{ field: 'typeCode', rule: 'invalidValue' }]);
    const stale = await call(basic, 'PUT', `/api/WmsOrder/${created.id}`, { version: created.version + 5 });
    expect(stale.statusCode).toBe(409);
    for (const id of ['7d1f1c5e-1111-4222-8333-444455556666', 'nope']) {
      const res = await call(basic, 'PUT', `/api/WmsOrder/${id}`, { comment: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('notFoundOrNoPermission');
    }
  });
});

describe('DELETE /api/WmsOrder/{id}', () => {
  it('deletes orders in preparation with their positions; later ones are closed instead (409 statusForbidsDelete)', async () => {
    const created = (
      await call(basic, 'POST', '/api/WmsOrder', {
        typeCode: 'OOU',
        positions: [{ productId: product.id, quantity: 1 }],
      })
    ).json();
    const res = await call(basic, 'DELETE', `/api/WmsOrder/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call(basic, 'GET', `/api/WmsOrder/${created.id}`)).statusCode).toBe(404);
    const positions = t.ctx.schema.resourceTables.wmsOrderPosition;
    if (!positions?.orderId) throw new Error('no positions table');
    expect(await t.ctx.db.select().from(positions).where(eq(positions.orderId, created.id))).toEqual([]);

    const pending = await anOrderRow(t.ctx, acc, { statusCode: 'pending' });
    expect((await call(basic, 'DELETE', `/api/WmsOrder/${pending.id}`)).statusCode).toBe(204);
    for (const statusCode of ['waitingToProcess', 'inProgress', 'closedFully', 'archived']) {
      const row = await anOrderRow(t.ctx, acc, { statusCode });
      const refused = await call(basic, 'DELETE', `/api/WmsOrder/${row.id}`);
      expect(refused.statusCode, statusCode).toBe(409);
      expect(refused.json().code).toBe('statusForbidsDelete');
    }
  });

  it('bulk-deletes what it may and reports the rest', async () => {
    const a = await anOrderRow(t.ctx, acc);
    const b = await anOrderRow(t.ctx, acc, { statusCode: 'inProgress' });
    const res = await call(basic, 'POST', '/api/WmsOrder/bulk-delete', { ids: [a.id, b.id, 'nope'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toEqual([a.id]);
    expect(res.json().failed.map((f: Row) => [f.id, f.code])).toEqual([
      [b.id, 'statusForbidsDelete'],
      ['nope', 'notFoundOrNoPermission'],
    ]);
    expect((await call(basic, 'POST', '/api/WmsOrder/bulk-delete', { ids: [] })).statusCode).toBe(400);
  });
});

describe('GET /api/WmsOrder/{id}/Positions', () => {
  it('pages the positions of one order in line order', async () => {
    const created = (
      await call(basic, 'POST', '/api/WmsOrder', {
        typeCode: 'OIN',
        positions: [1, 2, 3].map((quantity) => ({ productId: product.id, quantity })),
      })
    ).json();
    const res = await call(basic, 'GET', `/api/WmsOrder/${created.id}/Positions?PageNumber=2&PageSize=2`);
    expect(res.statusCode).toBe(200);
    expect(res.json().allFilteredRowCount).toBe(3);
    expect(res.json().results.map((p: Row) => p.quantity)).toEqual([3]);
    const bad = await call(basic, 'GET', `/api/WmsOrder/${created.id}/Positions?BasicFiltersSerialized=oops`);
    expect(bad.statusCode).toBe(400);
    const power = await aPowerUser(t.ctx, acc);
    expect(
      (await call(power, 'GET', '/api/WmsOrder/7d1f1c5e-1111-4222-8333-444455556666/Positions')).statusCode,
    ).toBe(404);
  });
});
