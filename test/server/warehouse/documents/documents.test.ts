import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataChange } from '../../../../server/context';
import type { Row } from '../../../../server/resources/rows';
import { stockServiceOf } from '../../../../server/warehouse/stock/stockService';
import {
  aContractorUser,
  aDocument,
  anAccount,
  anOrderRow,
  aReservingWarehouse,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  aUser,
  receiveStock,
  setLogisticsConfig,
  stockRowsOf,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type HttpMethod, type TestApp } from '../../../support/testApp';

const year = new Date().getUTCFullYear();

describe('warehouse documents API', () => {
  let t: TestApp;
  let acc: string;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let location: Row;
  let product: Row;

  beforeAll(async () => {
    t = await createTestApp();
    acc = await anAccount(t.ctx);
    admin = await aSuperUser(t.ctx, acc);
    otherAdmin = await aSuperUser(t.ctx, await anAccount(t.ctx));
    location = await aStockLocation(t.ctx, acc);
    product = await aStockProduct(t.ctx, acc);
  });
  afterAll(async () => t.close());

  const call = (user: TestUser, method: HttpMethod, url: string, payload?: unknown) =>
    t.call(user, method, url, payload);

  const receipt = (locationId: string, positions: Row[], extra: Row = {}) => ({
    typeCode: 'DIN',
    destinationLocationId: locationId,
    positions,
    ...extra,
  });

  const quantityAt = async (productId: string, locationId: string) =>
    (await stockRowsOf(t.ctx, acc, productId))
      .filter((r) => r.locationId === locationId)
      .reduce((s, r) => s + r.quantity, 0);

  describe('create', () => {
    it('saves a working copy with its final number, positions in line order and progress counters', async () => {
      const res = await call(
        admin,
        'POST',
        '/api/WmsDocument',
        receipt(String(location.id), [
          { productId: product.id, quantity: 2, unitPrice: 1.5 },
          { productId: product.id, quantity: 3.25 },
        ]),
      );
      expect(res.statusCode, res.body).toBe(201);
      const doc = res.json();
      expect(doc).toMatchObject({
        typeCode: 'DIN',
        statusCode: 'workingCopy',
        generated: false,
        confirmedPositions: 0,
        unconfirmedPositions: 2,
        confirmedQuantity: 0,
        unconfirmedQuantity: 5.25,
        executionDate: null,
      });
      expect(doc.documentNumber).toMatch(new RegExp(`^DIN/${year}/\\d{6}$`));
      expect(doc.positions.map((p: Row) => [p.lineNo, p.quantity, p.value])).toEqual([
        [1, 2, 3],
        [2, 3.25, null],
      ]);
      // A working copy moves no stock.
      expect(await quantityAt(String(product.id), String(location.id))).toBe(0);
    });

    it('with confirm: true moves the stock in the same call and sets the execution date', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const res = await call(
        admin,
        'POST',
        '/api/WmsDocument',
        receipt(String(loc.id), [{ productId: product.id, quantity: 7 }], { confirm: true }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        statusCode: 'confirmed',
        confirmedPositions: 1,
        unconfirmedPositions: 0,
        confirmedQuantity: 7,
        unconfirmedQuantity: 0,
      });
      expect(res.json().executionDate).toEqual(expect.any(String));
      expect(await quantityAt(String(product.id), String(loc.id))).toBe(7);
    });

    it('numbers documents per type from one counter, with the scheme of the logistics config', async () => {
      const account = await anAccount(t.ctx);
      const boss = await aSuperUser(t.ctx, account);
      const loc = await aStockLocation(t.ctx, account);
      const prod = await aStockProduct(t.ctx, account);
      const make = async (typeCode: string, extra: Row = {}) => {
        const body =
          typeCode === 'DIN'
            ? receipt(String(loc.id), [{ productId: prod.id, quantity: 1 }], extra)
            : { typeCode, sourceLocationId: loc.id, positions: [], ...extra };
        const res = await call(boss, 'POST', '/api/WmsDocument', body);
        expect(res.statusCode, res.body).toBe(201);
        return String(res.json().documentNumber);
      };
      expect(await make('DIN')).toBe(`DIN/${year}/000001`);
      expect(await make('DIN')).toBe(`DIN/${year}/000002`);
      expect(await make('DOU')).toBe(`DOU/${year}/000001`);
      await setLogisticsConfig(t.ctx, account, {
        numbering: {
          DIN: { prefix: 'PZ', counterDigits: 5, yearDigits: 2, withMonth: true, reset: 'monthly' },
        },
      });
      const month = String(new Date().getUTCMonth() + 1).padStart(2, '0');
      expect(await make('DIN')).toBe(`PZ/${String(year).slice(2)}/${month}/00001`);
      // A provisional number made offline by a terminal is replaced by a final one.
      expect(await make('DIN', { documentNumber: `WC-PZ/${String(year).slice(2)}/${month}/T01-4` })).toBe(
        `PZ/${String(year).slice(2)}/${month}/00002`,
      );
      // A client's own final number is kept, and the counter moves past it.
      expect(await make('DIN', { documentNumber: `PZ/${String(year).slice(2)}/${month}/00040` })).toBe(
        `PZ/${String(year).slice(2)}/${month}/00040`,
      );
      expect(await make('DIN')).toBe(`PZ/${String(year).slice(2)}/${month}/00041`);
    });

    it('refuses a proposed number that is taken with 406 numberCollision', async () => {
      const body = receipt(String(location.id), [{ productId: product.id, quantity: 1 }], {
        documentNumber: 'TERMINAL-7',
      });
      expect((await call(admin, 'POST', '/api/WmsDocument', body)).statusCode).toBe(201);
      const again = await call(admin, 'POST', '/api/WmsDocument', body);
      expect(again.statusCode).toBe(406);
      expect(again.json()).toMatchObject({
        code: 'numberCollision',
        fields: [{ field: 'documentNumber', rule: 'uniqueConflict' }],
      });
      // Numbers are per account: another account may use it.
      const loc = await aStockLocation(t.ctx, otherAdmin.row.clientAccountId as string);
      const prod = await aStockProduct(t.ctx, otherAdmin.row.clientAccountId as string);
      const elsewhere = await call(
        otherAdmin,
        'POST',
        '/api/WmsDocument',
        receipt(String(loc.id), [{ productId: prod.id, quantity: 1 }], { documentNumber: 'TERMINAL-7' }),
      );
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    });

    it('reports rule issues as 422 documentInvalid with their codes and position indexes', async () => {
      const locked = await aStockProduct(t.ctx, acc, { lockIn: true });
      const res = await call(admin, 'POST', '/api/WmsDocument', {
        typeCode: 'DIN',
        sourceLocationId: location.id,
        destinationLocationId: location.id,
        positions: [
          { productId: product.id, quantity: 0 },
          { productId: locked.id, quantity: 1 },
          { productId: '5b0f1d55-0000-4000-8000-000000000001', quantity: 1 },
        ],
      });
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body.code).toBe('documentInvalid');
      expect(body.issues.map((i: Row) => [i.code, i.positionIndex ?? null])).toEqual([
        ['sourceLocationForbidden', null],
        ['quantityNotPositive', 0],
        ['productLockedForReceipt', 1],
        ['unknownProduct', 2],
      ]);
      expect(body.issues[2].message).toEqual(expect.stringContaining(String(locked.index)));
    });

    it('reports expired goods and a missing destination per position', async () => {
      const res = await call(admin, 'POST', '/api/WmsDocument', {
        typeCode: 'DIN',
        positions: [
          { productId: product.id, quantity: 1, destinationLocationId: location.id, expDate: '2001-01-01' },
          { productId: product.id, quantity: 1 },
        ],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().issues.map((i: Row) => [i.code, i.positionIndex])).toEqual([
        ['productExpired', 0],
        ['destinationLocationRequired', 1],
      ]);
    });

    it('refuses malformed bodies with 400 formHasErrors naming the fields', async () => {
      const res = await call(admin, 'POST', '/api/WmsDocument', {
        typeCode: 'XYZ',
        destinationLocationId: 'not-a-uuid',
        positions: [{ productId: product.id, quantity: 'lots' }, {}],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('formHasErrors');
      expect(
        res
          .json()
          .fields.map((f: Row) => `${f.field}:${f.rule}`)
          .sort(),
      ).toEqual(
        [
          'destinationLocationId:invalidValue',
          'positions.0.quantity:invalidValue',
          'positions.1.productId:required',
          'positions.1.quantity:required',
          'typeCode:invalidValue',
        ].sort(),
      );
      for (const payload of ['[1,2]', '"text"', '{"typeCode":"DIN","positions":"none"}', '{"typeCode":']) {
        const bad = await t.app.inject({
          method: 'POST',
          url: '/api/WmsDocument',
          headers: { ...admin.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(bad.statusCode, payload).toBe(400);
      }
    });

    it('refuses references into another account (contractor, order, preceding document)', async () => {
      const other = otherAdmin.row.clientAccountId as string;
      const foreignOrder = await anOrderRow(t.ctx, other);
      const res = await call(
        admin,
        'POST',
        '/api/WmsDocument',
        receipt(String(location.id), [{ productId: product.id, quantity: 1 }], {
          orderId: foreignOrder.id,
          precedingDocumentId: foreignOrder.id,
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(
        res
          .json()
          .fields.map((f: Row) => f.field)
          .sort(),
      ).toEqual(['orderId', 'precedingDocumentId']);
    });
  });

  describe('confirm, revert, edit, delete', () => {
    it('confirms a working copy once; confirming again is 409 statusForbidsChange', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const doc = await aDocument(
        t.ctx,
        admin,
        receipt(String(loc.id), [{ productId: product.id, quantity: 4 }]),
      );
      const ok = await call(admin, 'POST', `/api/WmsDocument/${doc.id}/confirm`);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().statusCode).toBe('confirmed');
      expect(await quantityAt(String(product.id), String(loc.id))).toBe(4);
      const again = await call(admin, 'POST', `/api/WmsDocument/${doc.id}/confirm`);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'statusForbidsChange',
        issues: [{ code: 'statusForbidsChange' }],
      });
      expect(await quantityAt(String(product.id), String(loc.id))).toBe(4);
    });

    it('refuses a release beyond the stock with 409 stockShortfall and changes nothing', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      await receiveStock(t.ctx, admin, String(loc.id), [{ productId: product.id, quantity: 3 }]);
      const res = await call(admin, 'POST', '/api/WmsDocument', {
        typeCode: 'DOU',
        sourceLocationId: loc.id,
        positions: [
          { productId: product.id, quantity: 2 },
          { productId: product.id, quantity: 2 },
        ],
        confirm: true,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'stockShortfall',
        issues: [
          { code: 'quantityExceedsAvailable', positionIndex: 1, params: { available: 3, quantity: 4 } },
        ],
      });
      expect(await quantityAt(String(product.id), String(loc.id))).toBe(3);
    });

    it('reverts a confirmed document (stock moves back) once; reverting again is 409', async () => {
      const from = await aStockLocation(t.ctx, acc);
      const to = await aStockLocation(t.ctx, acc);
      await receiveStock(t.ctx, admin, String(from.id), [{ productId: product.id, quantity: 10 }]);
      const move = await aDocument(
        t.ctx,
        admin,
        {
          typeCode: 'ARL',
          sourceLocationId: from.id,
          destinationLocationId: to.id,
          positions: [{ productId: product.id, quantity: 6 }],
        },
        { confirm: true },
      );
      expect(await quantityAt(String(product.id), String(to.id))).toBe(6);
      const res = await call(admin, 'POST', `/api/WmsDocument/${move.id}/revert`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        statusCode: 'reverted',
        confirmedPositions: 0,
        confirmedQuantity: 0,
      });
      expect(await quantityAt(String(product.id), String(from.id))).toBe(10);
      expect(await quantityAt(String(product.id), String(to.id))).toBe(0);
      const again = await call(admin, 'POST', `/api/WmsDocument/${move.id}/revert`);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('statusForbidsChange');
      // A working copy cannot be reverted either.
      const draft = await aDocument(
        t.ctx,
        admin,
        receipt(String(to.id), [{ productId: product.id, quantity: 1 }]),
      );
      expect((await call(admin, 'POST', `/api/WmsDocument/${draft.id}/revert`)).statusCode).toBe(409);
    });

    it('refuses to revert a receipt whose goods have left (409 stockShortfall) and changes nothing', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const inbound = await receiveStock(t.ctx, admin, String(loc.id), [
        { productId: product.id, quantity: 5 },
      ]);
      await aDocument(
        t.ctx,
        admin,
        { typeCode: 'DOU', sourceLocationId: loc.id, positions: [{ productId: product.id, quantity: 4 }] },
        { confirm: true },
      );
      const res = await call(admin, 'POST', `/api/WmsDocument/${inbound.id}/revert`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'stockShortfall',
        issues: [
          { code: 'quantityExceedsAvailable', positionIndex: 0, params: { available: 1, quantity: 5 } },
        ],
      });
      expect(await quantityAt(String(product.id), String(loc.id))).toBe(1);
      const stored = await call(admin, 'GET', `/api/WmsDocument/${inbound.id}`);
      expect(stored.json().statusCode).toBe('confirmed');
    });

    it('edits a working copy: header fields replace, positions are replaced; confirmed ones are 409', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const doc = await aDocument(
        t.ctx,
        admin,
        receipt(String(loc.id), [{ productId: product.id, quantity: 1 }]),
      );
      const res = await call(admin, 'PUT', `/api/WmsDocument/${doc.id}`, {
        comment: 'dock 4',
        positions: [
          { productId: product.id, quantity: 2 },
          { productId: product.id, quantity: 3 },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        comment: 'dock 4',
        documentNumber: doc.documentNumber,
        unconfirmedPositions: 2,
        unconfirmedQuantity: 5,
        version: 2,
      });
      expect(res.json().positions.map((p: Row) => p.quantity)).toEqual([2, 3]);
      // Header only: positions stay.
      const header = await call(admin, 'PUT', `/api/WmsDocument/${doc.id}`, { priority: 'high', version: 2 });
      expect(header.statusCode, header.body).toBe(200);
      expect(header.json().positions).toHaveLength(2);
      const stale = await call(admin, 'PUT', `/api/WmsDocument/${doc.id}`, { comment: 'x', version: 1 });
      expect(stale.statusCode).toBe(409);
      const type = await call(admin, 'PUT', `/api/WmsDocument/${doc.id}`, { typeCode: 'IIN' });
      expect(type.statusCode).toBe(400);
      // Edit and confirm in one call.
      const confirmed = await call(admin, 'PUT', `/api/WmsDocument/${doc.id}`, { confirm: true });
      expect(confirmed.json().statusCode).toBe('confirmed');
      const late = await call(admin, 'PUT', `/api/WmsDocument/${doc.id}`, { comment: 'too late' });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({
        code: 'statusForbidsChange',
        issues: [{ code: 'notWorkingCopy' }],
      });
    });

    it('does not let positions of generated documents be changed by hand (409), but their header may', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const doc = await aDocument(
        t.ctx,
        admin,
        receipt(String(loc.id), [{ productId: product.id, quantity: 1 }]),
        {
          generated: true,
        },
      );
      expect(doc.generated).toBe(true);
      const res = await call(admin, 'PUT', `/api/WmsDocument/${doc.id}`, {
        positions: [{ productId: product.id, quantity: 9 }],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'statusForbidsChange',
        issues: [{ code: 'positionsNotEditable' }],
      });
      const same = await call(admin, 'PUT', `/api/WmsDocument/${doc.id}`, {
        comment: 'checked',
        positions: [{ productId: product.id, quantity: 1, destinationLocationId: null }],
      });
      expect(same.statusCode, same.body).toBe(200);
    });

    it('deletes working copies only (confirmed: 409 statusForbidsDelete)', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const draft = await aDocument(
        t.ctx,
        admin,
        receipt(String(loc.id), [{ productId: product.id, quantity: 1 }]),
      );
      const del = await call(admin, 'DELETE', `/api/WmsDocument/${draft.id}`);
      expect(del.statusCode).toBe(204);
      expect((await call(admin, 'GET', `/api/WmsDocument/${draft.id}`)).statusCode).toBe(404);
      const done = await receiveStock(t.ctx, admin, String(loc.id), [{ productId: product.id, quantity: 1 }]);
      const refused = await call(admin, 'DELETE', `/api/WmsDocument/${done.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('statusForbidsDelete');
    });

    it('deletes the working copies that follow a document, all or nothing', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const first = await receiveStock(t.ctx, admin, String(loc.id), [
        { productId: product.id, quantity: 5 },
      ]);
      const follow = () =>
        aDocument(t.ctx, admin, {
          typeCode: 'DOU',
          sourceLocationId: loc.id,
          precedingDocumentId: first.id,
          positions: [{ productId: product.id, quantity: 1 }],
        });
      const a = await follow();
      const b = await follow();
      expect(a.precedingDocumentNumber).toBe(first.documentNumber);
      const res = await call(admin, 'DELETE', `/api/WmsDocument/ByPrecedingDocumentId/${first.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect([...res.json().deleted].sort()).toEqual([a.id, b.id].sort());
      const c = await follow();
      const d = await follow();
      await call(admin, 'POST', `/api/WmsDocument/${d.id}/confirm`);
      const refused = await call(admin, 'DELETE', `/api/WmsDocument/ByPrecedingDocumentId/${first.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('statusForbidsDelete');
      expect((await call(admin, 'GET', `/api/WmsDocument/${c.id}`)).statusCode).toBe(200);
    });

    it('pages, sorts and filters the positions of a document', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const doc = await aDocument(
        t.ctx,
        admin,
        receipt(
          String(loc.id),
          [1, 2, 3, 4, 5].map((q) => ({ productId: product.id, quantity: q })),
        ),
      );
      const page = await call(admin, 'GET', `/api/WmsDocument/${doc.id}/Positions?PageNumber=2&PageSize=2`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().allFilteredRowCount).toBe(5);
      expect(page.json().results.map((p: Row) => p.lineNo)).toEqual([3, 4]);
      const filters = JSON.stringify([{ field: 'quantity', operator: 'gte', value: 4 }]);
      const filtered = await call(
        admin,
        'GET',
        `/api/WmsDocument/${doc.id}/Positions?sortColumn=quantity&sortDescending=true&BasicFiltersSerialized=${encodeURIComponent(filters)}`,
      );
      expect(filtered.json().results.map((p: Row) => p.quantity)).toEqual([5, 4]);
      const bad = await call(admin, 'GET', `/api/WmsDocument/${doc.id}/Positions?sortColumn=nope`);
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('reservations (working copies count in stock)', () => {
    it('reserves what working copies take, exactly, and releases it on edit, delete and confirm', async () => {
      const { account, boss, loc, prod } = await aReservingWarehouse(t.ctx, 10);
      const release = (quantity: number) => ({
        typeCode: 'DOU',
        sourceLocationId: loc.id,
        positions: [{ productId: prod.id, quantity }],
      });
      const reserved = async () => (await stockRowsOf(t.ctx, account, String(prod.id)))[0]?.reserved;

      const a = await call(boss, 'POST', '/api/WmsDocument', release(6));
      expect(a.statusCode, a.body).toBe(201);
      expect(await reserved()).toBe(6);
      const b = await call(boss, 'POST', '/api/WmsDocument', release(5));
      expect(b.statusCode).toBe(409);
      expect(b.json()).toMatchObject({
        code: 'stockShortfall',
        issues: [{ code: 'quantityExceedsAvailable', positionIndex: 0, params: { available: 4 } }],
      });
      expect(await reserved()).toBe(6);
      // Editing re-checks without the document's own reservation.
      const edited = await call(boss, 'PUT', `/api/WmsDocument/${a.json().id}`, release(9));
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await reserved()).toBe(9);
      await call(boss, 'PUT', `/api/WmsDocument/${a.json().id}`, release(3));
      expect(await reserved()).toBe(3);
      const c = await call(boss, 'POST', '/api/WmsDocument', release(5));
      expect(c.statusCode).toBe(201);
      expect(await reserved()).toBe(8);
      expect((await call(boss, 'DELETE', `/api/WmsDocument/${a.json().id}`)).statusCode).toBe(204);
      expect(await reserved()).toBe(5);
      // Confirming takes the goods and gives the reservation back in the same statement.
      const confirmed = await call(boss, 'POST', `/api/WmsDocument/${c.json().id}/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [row] = await stockRowsOf(t.ctx, account, String(prod.id));
      expect([row?.quantity, row?.reserved]).toEqual([5, 0]);
      const { stockReservation } = t.ctx.schema.warehouseTables;
      expect(
        await t.ctx.db.select().from(stockReservation).where(eq(stockReservation.clientAccountId, account)),
      ).toEqual([]);
      // The inventory shows what is free.
      const inv = await call(boss, 'GET', '/api/WmsInventory/inventory');
      expect(inv.json().results[0]).toMatchObject({ quantity: 5, reserved: 0, available: 5 });
    });
  });

  describe('orders', () => {
    it('bounds order-based documents by what remains on the order', async () => {
      const other = await aStockProduct(t.ctx, acc);
      const loc = await aStockLocation(t.ctx, acc);
      const order = await anOrderRow(t.ctx, acc, { typeCode: 'OIN', statusCode: 'inProgress' }, [
        { productId: product.id, quantity: 5 },
      ]);
      const body = (quantity: number, productId = String(product.id)) =>
        receipt(String(loc.id), [{ productId, quantity }], { typeCode: 'OIN', orderId: order.id });
      const over = await call(admin, 'POST', '/api/WmsDocument', body(6));
      expect(over.statusCode).toBe(422);
      expect(over.json().issues.map((i: Row) => [i.code, i.positionIndex])).toEqual([
        ['quantityExceedsOrder', 0],
      ]);
      const notOn = await call(admin, 'POST', '/api/WmsDocument', body(1, String(other.id)));
      expect(notOn.json().issues.map((i: Row) => i.code)).toEqual(['productNotOnOrder']);
      const missing = await call(admin, 'POST', '/api/WmsDocument', { ...body(1), orderId: null });
      expect(missing.json().issues.map((i: Row) => i.code)).toEqual(['orderRequired']);
      const three = await call(admin, 'POST', '/api/WmsDocument', { ...body(3), confirm: true });
      expect(three.statusCode, three.body).toBe(201);
      expect(three.json().generated).toBe(true);
      // 3 of 5 realised: 2 remain.
      const rest = await call(admin, 'POST', '/api/WmsDocument', body(3));
      expect(rest.json().issues).toMatchObject([{ code: 'quantityExceedsOrder', params: { remaining: 2 } }]);
      expect((await call(admin, 'POST', '/api/WmsDocument', body(2))).statusCode).toBe(201);
    });
  });

  describe('tenancy, access, log and events', () => {
    it('answers 404 for another account’s documents, positions, stock and locations', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const doc = await aDocument(
        t.ctx,
        admin,
        receipt(String(loc.id), [{ productId: product.id, quantity: 1 }]),
      );
      const done = await receiveStock(t.ctx, admin, String(loc.id), [{ productId: product.id, quantity: 2 }]);
      const checks: [string, string, Row?][] = [
        ['PUT', `/api/WmsDocument/${doc.id}`, { comment: 'x' }],
        ['POST', `/api/WmsDocument/${doc.id}/confirm`],
        ['POST', `/api/WmsDocument/${done.id}/revert`],
        ['DELETE', `/api/WmsDocument/${doc.id}`],
        ['DELETE', `/api/WmsDocument/ByPrecedingDocumentId/${done.id}`],
        ['GET', `/api/WmsDocument/${doc.id}/Positions`],
        ['POST', `/api/WmsDocumentPosition/ReleaseStorageSpace/${loc.id}`],
        ['GET', `/api/WmsInventory/bestsourcematerial/${product.id}`],
        ['GET', `/api/WmsInventory/locationsuggestin?productId=${product.id}`],
        ['POST', '/api/WmsDocument/not-a-uuid/confirm'],
      ];
      for (const [method, url, payload] of checks) {
        const res = await call(otherAdmin, method as 'GET', url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
        expect(res.json().code).toBe('notFoundOrNoPermission');
      }
      // Nothing changed.
      expect((await call(admin, 'GET', `/api/WmsDocument/${doc.id}`)).json().statusCode).toBe('workingCopy');
      expect((await call(admin, 'GET', `/api/WmsDocument/${done.id}`)).json().statusCode).toBe('confirmed');
    });

    it('lets logistics and terminal users write documents; others and contractors are 403', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const body = receipt(String(loc.id), [{ productId: product.id, quantity: 1 }]);
      const terminal = await aUser(t.ctx, acc, { terminalEnabled: true });
      const logistics = await aUser(t.ctx, acc, { logisticsEnabled: true });
      const plain = await aUser(t.ctx, acc);
      const contractor = await aContractorUser(t.ctx, acc);
      expect((await call(terminal, 'POST', '/api/WmsDocument', body)).statusCode).toBe(201);
      expect((await call(logistics, 'POST', '/api/WmsDocument', body)).statusCode).toBe(201);
      for (const user of [plain, contractor]) {
        const res = await call(user, 'POST', '/api/WmsDocument', body);
        expect(res.statusCode).toBe(403);
        expect((await call(user, 'GET', '/api/WmsInventory/bestsourcematerial/x')).statusCode).toBe(403);
      }
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/WmsDocument', payload: body })).statusCode,
      ).toBe(401);
    });

    it('writes the record log and publishes change events after commit', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const seen: DataChange[] = [];
      const sub = t.ctx.changes.subscribe((c) => seen.push(c));
      const res = await call(
        admin,
        'POST',
        '/api/WmsDocument',
        receipt(String(loc.id), [{ productId: product.id, quantity: 1 }], { confirm: true }),
      );
      sub.unsubscribe();
      const id = res.json().id as string;
      const log = t.ctx.schema.resourceTables.recordLog;
      if (!log?.resourceId || !log.action) throw new Error('no record log');
      const entries = await t.ctx.db
        .select({ action: log.action, userName: log.userName ?? log.action })
        .from(log)
        .where(and(eq(log.resourceId, id)));
      expect(entries.map((e) => e.action).sort()).toEqual(['create', 'update']);
      expect(seen.filter((c) => c.id === id).map((c) => c.action)).toEqual(['create', 'update']);
      expect(seen.filter((c) => c.resourceType === 'wmsDocumentPosition')).toHaveLength(1);
      expect(seen.filter((c) => c.resourceType === 'stock').map((c) => c.action)).toEqual(['create']);
      expect(seen.every((c) => c.clientAccountId === acc)).toBe(true);
      // A refused call publishes nothing.
      const quiet: DataChange[] = [];
      const sub2 = t.ctx.changes.subscribe((c) => quiet.push(c));
      await call(admin, 'POST', `/api/WmsDocument/${id}/confirm`);
      sub2.unsubscribe();
      expect(quiet).toEqual([]);
    });

    it('keeps products and locations that hold stock (foreignKeyConflict)', async () => {
      const loc = await aStockLocation(t.ctx, acc);
      const prod = await aStockProduct(t.ctx, acc);
      await receiveStock(t.ctx, admin, String(loc.id), [{ productId: prod.id, quantity: 1 }]);
      const p = await call(admin, 'DELETE', `/api/Product/${prod.id}`);
      expect(p.statusCode).toBe(409);
      expect(p.json().code).toBe('foreignKeyConflict');
      const l = await call(admin, 'DELETE', `/api/StorageSpace/${loc.id}`);
      expect(l.statusCode).toBe(409);
      expect(l.json().code).toBe('foreignKeyConflict');
    });

    it('keeps the ledger equal to the stock', async () => {
      expect(await stockServiceOf(t.ctx).ledgerDifferences(t.ctx.db, acc)).toEqual([]);
    });
  });
});
