import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataChange } from '../../../../server/context';
import type { Row } from '../../../../server/resources/rows';
import { stockServiceOf } from '../../../../server/warehouse/stock/stockService';
import {
  aContractorUser,
  aDocument,
  anAccount,
  aReservingWarehouse,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  aUser,
  receiveStock,
  stockRowsOf,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type HttpMethod, type TestApp } from '../../../support/testApp';

const year = new Date().getUTCFullYear();

/** Document lines written one at a time (docs/sync-contract.md §3), as the offline terminal sends them. */
describe('document lines API', () => {
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

  /** An empty working copy made through the API, as a terminal opens it. */
  const openDocument = async (body: Row, user = admin) => {
    const res = await call(user, 'POST', '/api/WmsDocument', { positions: [], ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Row & { positions: Row[] };
  };
  const linesOf = async (documentId: unknown) =>
    (await call(admin, 'GET', `/api/WmsDocument/${String(documentId)}/Positions?PageSize=100`)).json()
      .results as Row[];
  const documentOf = async (id: unknown) =>
    (await call(admin, 'GET', `/api/WmsDocument/${String(id)}`)).json();

  describe('adding, editing and removing lines', () => {
    it('opens a document without positions and adds lines with the client’s ids as the last lines', async () => {
      const doc = await openDocument({ typeCode: 'DIN', destinationLocationId: location.id });
      expect(doc).toMatchObject({ statusCode: 'workingCopy', positions: [], unconfirmedPositions: 0 });
      const first = randomUUID();
      const a = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        id: first,
        documentId: doc.id,
        productId: product.id,
        quantity: 2,
        unitPrice: 1.5,
      });
      expect(a.statusCode, a.body).toBe(201);
      expect(a.json()).toMatchObject({ id: first, documentId: doc.id, lineNo: 1, quantity: 2, value: 3 });
      const b = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: doc.id,
        productId: product.id,
        quantity: 0.25,
        serialNumber: 'SN-1',
      });
      expect(b.statusCode, b.body).toBe(201);
      expect(b.json().lineNo).toBe(2);
      expect(b.json().id).toEqual(expect.any(String));
      expect(await documentOf(doc.id)).toMatchObject({
        unconfirmedPositions: 2,
        unconfirmedQuantity: 2.25,
        version: 3,
      });
      expect((await linesOf(doc.id)).map((l) => [l.id, l.lineNo])).toEqual([
        [first, 1],
        [b.json().id, 2],
      ]);
      // The lines move stock only when the document is confirmed.
      const confirmed = await call(admin, 'POST', `/api/WmsDocument/${String(doc.id)}/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().positions.map((p: Row) => p.quantity)).toEqual([2, 0.25]);
    });

    it('judges containers by where the stock puts them: taken from their location, put nowhere else', async () => {
      const elsewhere = await aStockLocation(t.ctx, acc);
      const container = `BIN-${randomUUID().slice(0, 8)}`;
      await receiveStock(t.ctx, admin, String(location.id), [
        { productId: product.id, quantity: 5, destinationContainer: container },
      ]);
      const release = await openDocument({ typeCode: 'DOU', sourceLocationId: elsewhere.id });
      const wrongBin = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: release.id,
        productId: product.id,
        quantity: 1,
        sourceLocationId: elsewhere.id,
        sourceContainer: container,
      });
      expect(wrongBin.statusCode).toBe(422);
      expect(wrongBin.json().issues).toEqual([
        expect.objectContaining({ code: 'sourceContainerMismatch', positionIndex: 0 }),
      ]);
      const rightBin = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: release.id,
        productId: product.id,
        quantity: 1,
        sourceLocationId: location.id,
        sourceContainer: container,
      });
      expect(rightBin.statusCode, rightBin.body).toBe(201);
      const receipt = await openDocument({ typeCode: 'DIN', destinationLocationId: elsewhere.id });
      const intoStandingBin = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: receipt.id,
        productId: product.id,
        quantity: 1,
        destinationContainer: container,
      });
      expect(intoStandingBin.statusCode).toBe(422);
      expect(intoStandingBin.json().issues).toEqual([
        expect.objectContaining({ code: 'destinationContainerElsewhere', positionIndex: 0 }),
      ]);
    });

    it('runs the document’s rules on the document with the new line (422 with its position index)', async () => {
      const locked = await aStockProduct(t.ctx, acc, { lockIn: true });
      const doc = await openDocument({ typeCode: 'DIN', destinationLocationId: location.id });
      await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: doc.id,
        productId: product.id,
        quantity: 1,
      });
      const res = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: doc.id,
        productId: locked.id,
        quantity: 1,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        code: 'documentInvalid',
        issues: [{ code: 'productLockedForReceipt', positionIndex: 1 }],
      });
      const expired = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: doc.id,
        productId: product.id,
        quantity: 1,
        expDate: '2001-01-01',
        sourceLocationId: location.id,
      });
      expect(expired.statusCode).toBe(422);
      expect(expired.json().issues.map((i: Row) => [i.code, i.positionIndex])).toEqual([
        ['sourceLocationForbidden', 1],
        ['productExpired', 1],
      ]);
      // Nothing of the refused lines was stored.
      expect(await linesOf(doc.id)).toHaveLength(1);
      expect((await documentOf(doc.id)).unconfirmedPositions).toBe(1);
    });

    it('refuses malformed lines with 400 formHasErrors and a reused line id with 409 uniqueConflict', async () => {
      const doc = await openDocument({ typeCode: 'DIN', destinationLocationId: location.id });
      const bad = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        productId: 'nope',
        quantity: 'lots',
      });
      expect(bad.statusCode).toBe(400);
      expect(
        bad
          .json()
          .fields.map((f: Row) => `${f.field}:${f.rule}`)
          .sort(),
      ).toEqual(['documentId:required', 'productId:invalidValue', 'quantity:invalidValue']);
      const badId = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        id: 'x',
        documentId: doc.id,
        productId: product.id,
        quantity: 1,
      });
      expect(badId.json().fields).toEqual([{ field: 'id', rule: 'invalidValue' }]);
      const id = randomUUID();
      const line = { id, documentId: doc.id, productId: product.id, quantity: 1 };
      expect((await call(admin, 'POST', '/api/WmsDocumentPosition', line)).statusCode).toBe(201);
      const again = await call(admin, 'POST', '/api/WmsDocumentPosition', line);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'uniqueConflict',
        fields: [{ field: 'id', rule: 'uniqueConflict' }],
      });
      const text = await t.app.inject({
        method: 'POST',
        url: '/api/WmsDocumentPosition',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '[1]',
      });
      expect(text.statusCode).toBe(400);
      expect(await linesOf(doc.id)).toHaveLength(1);
    });

    it('edits a line partially: the fields sent replace the line’s, the rest stays', async () => {
      const doc = await openDocument({ typeCode: 'DIN', destinationLocationId: location.id });
      const other = await aStockLocation(t.ctx, acc);
      const added = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: doc.id,
        productId: product.id,
        quantity: 4,
        unitPrice: 2,
        destinationLocationId: other.id,
        comment: 'pallet 1',
      });
      const id = String(added.json().id);
      const res = await call(admin, 'PUT', `/api/WmsDocumentPosition/${id}`, { quantity: 5 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        lineNo: 1,
        quantity: 5,
        value: 10,
        destinationLocationId: other.id,
        comment: 'pallet 1',
        version: 2,
      });
      // The terminal sends the whole line again (with its document id): the same result.
      const whole = await call(admin, 'PUT', `/api/WmsDocumentPosition/${id}`, {
        id,
        documentId: doc.id,
        productId: product.id,
        quantity: 6,
        destinationLocationId: null,
      });
      expect(whole.statusCode, whole.body).toBe(200);
      expect(whole.json()).toMatchObject({ quantity: 6, destinationLocationId: null, comment: 'pallet 1' });
      expect((await documentOf(doc.id)).unconfirmedQuantity).toBe(6);
      const broken = await call(admin, 'PUT', `/api/WmsDocumentPosition/${id}`, { quantity: 0 });
      expect(broken.statusCode).toBe(422);
      expect(broken.json().issues).toMatchObject([{ code: 'quantityNotPositive', positionIndex: 0 }]);
      const elsewhere = await openDocument({ typeCode: 'DIN', destinationLocationId: location.id });
      const moved = await call(admin, 'PUT', `/api/WmsDocumentPosition/${id}`, { documentId: elsewhere.id });
      expect(moved.statusCode).toBe(400);
      expect(moved.json().fields).toEqual([{ field: 'documentId', rule: 'invalidValue' }]);
      expect((await linesOf(doc.id))[0]).toMatchObject({ quantity: 6 });
    });

    it('judges a line by the products and locations it brings: new, changed, locked or another account’s', async () => {
      const doc = await openDocument({ typeCode: 'DIN', destinationLocationId: location.id });
      const add = (body: Row) =>
        call(admin, 'POST', '/api/WmsDocumentPosition', { documentId: doc.id, quantity: 1, ...body });
      const first = await add({ productId: product.id });
      expect(first.statusCode, first.body).toBe(201);
      // Another product, and a line moved to it: both read fresh, not from what the first line needed.
      const second = await aStockProduct(t.ctx, acc);
      const edited = await call(admin, 'PUT', `/api/WmsDocumentPosition/${String(first.json().id)}`, {
        productId: second.id,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const locked = await aStockProduct(t.ctx, acc, { lockIn: true });
      const refused = await add({ productId: locked.id });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().issues).toMatchObject([{ code: 'productLockedForReceipt', positionIndex: 1 }]);
      const stranger = await anAccount(t.ctx);
      const theirs = await aStockProduct(t.ctx, stranger);
      const theirBin = await aStockLocation(t.ctx, stranger);
      const foreign = await add({ productId: theirs.id });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().issues).toMatchObject([{ code: 'unknownProduct', positionIndex: 1 }]);
      const foreignBin = await add({ productId: product.id, destinationLocationId: theirBin.id });
      expect(foreignBin.statusCode).toBe(422);
      expect(foreignBin.json().issues).toMatchObject([{ code: 'unknownLocation', positionIndex: 1 }]);
      expect((await linesOf(doc.id)).map((l) => l.productId)).toEqual([second.id]);
    });

    it('removes lines (the others keep their numbers); the last line may go too', async () => {
      // No destination on the header: each line names its own (an empty document is judged by its header,
      // so this one starts with a line).
      const doc = await aDocument(t.ctx, admin, {
        typeCode: 'DIN',
        positions: [{ productId: product.id, quantity: 1, destinationLocationId: location.id }],
      });
      const ids: string[] = [String(doc.positions[0]?.id)];
      for (const quantity of [2, 3]) {
        const res = await call(admin, 'POST', '/api/WmsDocumentPosition', {
          documentId: doc.id,
          productId: product.id,
          quantity,
          destinationLocationId: location.id,
        });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(String(res.json().id));
      }
      const del = await call(admin, 'DELETE', `/api/WmsDocumentPosition/${ids[1]}`);
      expect(del.statusCode).toBe(204);
      expect((await linesOf(doc.id)).map((l) => [l.lineNo, l.quantity])).toEqual([
        [1, 1],
        [3, 3],
      ]);
      expect(await documentOf(doc.id)).toMatchObject({ unconfirmedPositions: 2, unconfirmedQuantity: 4 });
      const next = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: doc.id,
        productId: product.id,
        quantity: 1,
        destinationLocationId: location.id,
      });
      expect(next.json().lineNo).toBe(4);
      for (const id of [ids[0], ids[2], next.json().id])
        expect((await call(admin, 'DELETE', `/api/WmsDocumentPosition/${String(id)}`)).statusCode).toBe(204);
      expect(await documentOf(doc.id)).toMatchObject({ unconfirmedPositions: 0, unconfirmedQuantity: 0 });
      const gone = await call(admin, 'DELETE', `/api/WmsDocumentPosition/${ids[0]}`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe('notFoundOrNoPermission');
    });

    it('refuses lines of confirmed documents with 409 statusForbidsChange (notWorkingCopy)', async () => {
      const doc = await receiveStock(t.ctx, admin, String(location.id), [
        { productId: product.id, quantity: 2 },
      ]);
      const lineId = String(doc.positions[0]?.id);
      const attempts = [
        await call(admin, 'POST', '/api/WmsDocumentPosition', {
          documentId: doc.id,
          productId: product.id,
          quantity: 1,
        }),
        await call(admin, 'PUT', `/api/WmsDocumentPosition/${lineId}`, { quantity: 9 }),
        await call(admin, 'DELETE', `/api/WmsDocumentPosition/${lineId}`),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'statusForbidsChange',
          issues: [{ code: 'notWorkingCopy', params: { status: 'confirmed' } }],
        });
      }
      expect((await linesOf(doc.id)).map((l) => l.quantity)).toEqual([2]);
    });

    it('refuses hand edits of generated documents’ lines (409 positionsNotEditable)', async () => {
      const doc = await aDocument(
        t.ctx,
        admin,
        {
          typeCode: 'DIN',
          destinationLocationId: location.id,
          positions: [{ productId: product.id, quantity: 1 }],
        },
        { generated: true },
      );
      const lineId = String(doc.positions[0]?.id);
      const attempts = [
        await call(admin, 'POST', '/api/WmsDocumentPosition', {
          documentId: doc.id,
          productId: product.id,
          quantity: 1,
        }),
        await call(admin, 'PUT', `/api/WmsDocumentPosition/${lineId}`, { quantity: 9 }),
        await call(admin, 'DELETE', `/api/WmsDocumentPosition/${lineId}`),
      ];
      for (const res of attempts) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'statusForbidsChange',
          issues: [{ code: 'positionsNotEditable' }],
        });
      }
    });

    it('publishes the line and the document after commit', async () => {
      const doc = await openDocument({ typeCode: 'DIN', destinationLocationId: location.id });
      const seen: DataChange[] = [];
      const sub = t.ctx.changes.subscribe((c) => seen.push(c));
      const res = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: doc.id,
        productId: product.id,
        quantity: 1,
      });
      await call(admin, 'DELETE', `/api/WmsDocumentPosition/${String(res.json().id)}`);
      sub.unsubscribe();
      expect(seen.map((c) => [c.resourceType, c.action])).toEqual([
        ['wmsDocumentPosition', 'create'],
        ['wmsDocument', 'update'],
        ['wmsDocumentPosition', 'delete'],
        ['wmsDocument', 'update'],
      ]);
    });
  });

  describe('reservations (working copies count in stock)', () => {
    it('reserves what the lines take, exactly, as they are added, edited and removed', async () => {
      const { account, boss, loc, prod } = await aReservingWarehouse(t.ctx, 10);
      const reserved = async () => (await stockRowsOf(t.ctx, account, String(prod.id)))[0]?.reserved;
      const doc = await openDocument({ typeCode: 'DOU', sourceLocationId: loc.id }, boss);
      const add = (quantity: number) =>
        call(boss, 'POST', '/api/WmsDocumentPosition', { documentId: doc.id, productId: prod.id, quantity });

      const a = await add(6);
      expect(a.statusCode, a.body).toBe(201);
      expect(await reserved()).toBe(6);
      const b = await add(5);
      expect(b.statusCode).toBe(409);
      expect(b.json()).toMatchObject({
        code: 'stockShortfall',
        // The document's lines take 11 together; 10 are free for it (its own reservation is not counted).
        issues: [
          { code: 'quantityExceedsAvailable', positionIndex: 1, params: { available: 10, quantity: 11 } },
        ],
      });
      expect(await reserved()).toBe(6);
      const edited = await call(boss, 'PUT', `/api/WmsDocumentPosition/${String(a.json().id)}`, {
        quantity: 3,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await reserved()).toBe(3);
      const c = await add(5);
      expect(c.statusCode, c.body).toBe(201);
      expect(await reserved()).toBe(8);
      // Another working copy sees only what is free.
      const rival = await openDocument({ typeCode: 'DOU', sourceLocationId: loc.id }, boss);
      const tooMuch = await call(boss, 'POST', '/api/WmsDocumentPosition', {
        documentId: rival.id,
        productId: prod.id,
        quantity: 3,
      });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json().issues[0].params.available).toBe(2);
      expect((await call(boss, 'DELETE', `/api/WmsDocumentPosition/${String(a.json().id)}`)).statusCode).toBe(
        204,
      );
      expect(await reserved()).toBe(5);
      const confirmed = await call(boss, 'POST', `/api/WmsDocument/${String(doc.id)}/confirm`);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const [row] = await stockRowsOf(t.ctx, account, String(prod.id));
      expect([row?.quantity, row?.reserved]).toEqual([5, 0]);
      expect(await stockServiceOf(t.ctx).ledgerDifferences(t.ctx.db, account)).toEqual([]);
    });

    it('lines added at the same time to one document each see the others: numbers, rules and reservation', async () => {
      const { account, boss, loc, prod } = await aReservingWarehouse(t.ctx, 10);
      const doc = await openDocument({ typeCode: 'DOU', sourceLocationId: loc.id }, boss);
      // Eight lines of 2 against 10 on hand: whichever order they run in, five fit and three do not.
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          call(boss, 'POST', '/api/WmsDocumentPosition', {
            documentId: doc.id,
            productId: prod.id,
            quantity: 2,
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
      const saved = await call(boss, 'GET', `/api/WmsDocument/${String(doc.id)}`);
      expect(saved.statusCode, saved.body).toBe(200);
      const lines = await call(boss, 'GET', `/api/WmsDocument/${String(doc.id)}/Positions?PageSize=100`);
      expect(lines.json().results.map((l: Row) => l.lineNo)).toEqual([1, 2, 3, 4, 5]);
      expect(saved.json().unconfirmedQuantity).toBe(10);
      const [row] = await stockRowsOf(t.ctx, account, String(prod.id));
      expect([row?.quantity, row?.reserved]).toEqual([10, 10]);
    });
  });

  describe('provisional numbers (offlineNumber)', () => {
    it('keeps a proposed working-copy number in offlineNumber and gives the final number', async () => {
      const provisional = `WC-DIN/${year}/T01-1`;
      const id = randomUUID();
      const doc = await openDocument({
        id,
        typeCode: 'DIN',
        destinationLocationId: location.id,
        documentNumber: provisional,
      });
      expect(doc.id).toBe(id);
      expect(doc.offlineNumber).toBe(provisional);
      expect(doc.documentNumber).toMatch(new RegExp(`^DIN/${year}/\\d{6}$`));
      // Its own provisional number sent again is no collision.
      const same = await call(admin, 'PUT', `/api/WmsDocument/${id}`, {
        documentNumber: provisional,
        comment: 'x',
      });
      expect(same.statusCode, same.body).toBe(200);
      expect(same.json()).toMatchObject({ offlineNumber: provisional, documentNumber: doc.documentNumber });
      // The same create sent again (same id) is a conflict on the id, never a number collision.
      const resent = await call(admin, 'POST', '/api/WmsDocument', {
        id,
        typeCode: 'DIN',
        destinationLocationId: location.id,
        documentNumber: provisional,
        positions: [],
      });
      expect(resent.statusCode).toBe(409);
      expect(resent.json()).toMatchObject({ code: 'uniqueConflict', fields: [{ field: 'id' }] });
    });

    it('refuses a provisional number another document of the account uses with 406 numberCollision', async () => {
      const provisional = `WC-DOU/${year}/T02-7`;
      await openDocument({ typeCode: 'DOU', sourceLocationId: location.id, documentNumber: provisional });
      const again = await call(admin, 'POST', '/api/WmsDocument', {
        typeCode: 'DOU',
        sourceLocationId: location.id,
        documentNumber: provisional,
        positions: [],
      });
      expect(again.statusCode).toBe(406);
      expect(again.json()).toMatchObject({
        code: 'numberCollision',
        fields: [{ field: 'documentNumber', rule: 'uniqueConflict' }],
      });
      // Renumbered (the next device sequence), it goes through.
      await openDocument({
        typeCode: 'DOU',
        sourceLocationId: location.id,
        documentNumber: `WC-DOU/${year}/T02-8`,
      });
      // An edit proposing another document's provisional number collides too.
      const other = await openDocument({ typeCode: 'DOU', sourceLocationId: location.id });
      const edit = await call(admin, 'PUT', `/api/WmsDocument/${String(other.id)}`, {
        documentNumber: provisional,
      });
      expect(edit.statusCode).toBe(406);
      // Another account may use the same provisional number.
      const foreignAccount = otherAdmin.row.clientAccountId as string;
      const loc = await aStockLocation(t.ctx, foreignAccount);
      const elsewhere = await call(otherAdmin, 'POST', '/api/WmsDocument', {
        typeCode: 'DOU',
        sourceLocationId: loc.id,
        documentNumber: provisional,
        positions: [],
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    });
  });

  describe('access', () => {
    it('answers 404 for another account’s documents and lines', async () => {
      const doc = await openDocument({ typeCode: 'DIN', destinationLocationId: location.id });
      const line = await call(admin, 'POST', '/api/WmsDocumentPosition', {
        documentId: doc.id,
        productId: product.id,
        quantity: 1,
      });
      const lineId = String(line.json().id);
      const checks: [string, string, Row?][] = [
        ['POST', '/api/WmsDocumentPosition', { documentId: doc.id, productId: product.id, quantity: 1 }],
        ['PUT', `/api/WmsDocumentPosition/${lineId}`, { quantity: 3 }],
        ['DELETE', `/api/WmsDocumentPosition/${lineId}`],
        ['PUT', '/api/WmsDocumentPosition/not-a-uuid', { quantity: 3 }],
      ];
      for (const [method, url, payload] of checks) {
        const res = await call(otherAdmin, method as 'GET', url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
        expect(res.json().code).toBe('notFoundOrNoPermission');
      }
      expect((await linesOf(doc.id)).map((l) => l.quantity)).toEqual([1]);
    });

    it('lets logistics and terminal users write lines; contractors and other users are 403', async () => {
      const doc = await openDocument({ typeCode: 'DIN', destinationLocationId: location.id });
      const body = { documentId: doc.id, productId: product.id, quantity: 1 };
      const terminal = await aUser(t.ctx, acc, { terminalEnabled: true });
      expect((await call(terminal, 'POST', '/api/WmsDocumentPosition', body)).statusCode).toBe(201);
      const [line] = await linesOf(doc.id);
      for (const user of [await aUser(t.ctx, acc), await aContractorUser(t.ctx, acc)]) {
        expect((await call(user, 'POST', '/api/WmsDocumentPosition', body)).statusCode).toBe(403);
        expect(
          (await call(user, 'PUT', `/api/WmsDocumentPosition/${String(line?.id)}`, { quantity: 2 }))
            .statusCode,
        ).toBe(403);
        expect((await call(user, 'DELETE', `/api/WmsDocumentPosition/${String(line?.id)}`)).statusCode).toBe(
          403,
        );
      }
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/WmsDocumentPosition',
        payload: body,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('keeps the ledger equal to the stock', async () => {
      expect(await stockServiceOf(t.ctx).ledgerDifferences(t.ctx.db, acc)).toEqual([]);
    });
  });
});
