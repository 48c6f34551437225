import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAccount } from '../../../../server/db/internalTables';
import type { Row } from '../../../../server/resources/rows';
import {
  aContractorUser,
  anAccount,
  anOrderLocation,
  anOrderProduct,
  anOrderRow,
  aPowerUser,
  aUser,
  receiveOrderStock,
  stockQuantityOf,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type HttpMethod, type TestApp } from '../../../support/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const call = (who: TestUser, method: HttpMethod, url: string, payload?: unknown) =>
  t.call(who, method, url, payload);
const count = (who: TestUser, positionId: unknown, quantity: number) =>
  call(who, 'PATCH', `/api/WmsOrderPosition/${String(positionId)}/QuantityReal?quantityReal=${quantity}`);

/** An account with two products on three locations (A1 and its child A1-1, B1) and a logistics user. */
const warehouse = async () => {
  const acc = await anAccount(t.ctx);
  const user = await aUser(t.ctx, acc, { logisticsEnabled: true, terminalEnabled: true });
  const manager = await aPowerUser(t.ctx, acc);
  const contractor = await aContractorUser(t.ctx, acc);
  const apples = await anOrderProduct(t.ctx, acc);
  const pears = await anOrderProduct(t.ctx, acc, { contractorId: contractor.contractorId });
  const a1 = await anOrderLocation(t.ctx, acc, { label: `A1-${String(acc).slice(0, 6)}`, pickupOrder: 1 });
  const a11 = await anOrderLocation(t.ctx, acc, { parentId: a1.id, pickupOrder: 2 });
  const b1 = await anOrderLocation(t.ctx, acc, { pickupOrder: 3 });
  await receiveOrderStock(t.ctx, user, [
    { productId: String(apples.id), locationId: String(a1.id), quantity: 10 },
    { productId: String(apples.id), locationId: String(a11.id), quantity: 5, container: 'PAL-1' },
    { productId: String(pears.id), locationId: String(b1.id), quantity: 8, serialNumber: 'SN-1' },
  ]);
  return { acc, user, manager, contractor, apples, pears, a1, a11, b1 };
};

const approvalLimit = async (acc: string, quantity: number) =>
  t.ctx.db
    .update(clientAccount)
    .set({ logisticsConfig: { rules: { verificationApproval: { enabled: true, quantity, percent: null } } } })
    .where(eq(clientAccount.id, acc));

describe('creating counts: positions from current stock', () => {
  it('VER-A counts everything on hand, expected = quantity on hand, in walking order', async () => {
    const w = await warehouse();
    const res = await call(w.user, 'POST', '/api/WmsOrder', { typeCode: 'VER-A' });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      statusCode: 'workingCopy',
      verificationStatus: 'notStarted',
      positionsCount: 3,
    });
    expect(
      order.positions.map((p: Row) => [
        p.productId,
        p.sourceLocationId,
        p.sourceContainer,
        p.serialNumber,
        p.quantity,
        p.quantityReal,
      ]),
    ).toEqual([
      [w.apples.id, w.a1.id, null, null, 10, null],
      [w.apples.id, w.a11.id, 'PAL-1', null, 5, null],
      [w.pears.id, w.b1.id, null, 'SN-1', 8, null],
    ]);
  });

  it('VER-P, VER-C and VER-L count one product, one contractor’s goods, one location with those below it', async () => {
    const w = await warehouse();
    const cases: [Row, number[]][] = [
      [{ typeCode: 'VER-P', verifyProductId: w.pears.id }, [8]],
      [{ typeCode: 'VER-C', contractorId: w.contractor.contractorId }, [8]],
      [{ typeCode: 'VER-L', verifyLocationId: w.a1.id }, [10, 5]],
      [{ typeCode: 'VER-L', verifyLocationId: w.a11.id }, [5]],
    ];
    for (const [payload, expected] of cases) {
      const res = await call(w.user, 'POST', '/api/WmsOrder', payload);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().positions.map((p: Row) => p.quantity)).toEqual(expected);
    }
  });

  it('a count names what it counts; positions sent by the client are not used', async () => {
    const w = await warehouse();
    for (const [typeCode, field] of [
      ['VER-P', 'verifyProductId'],
      ['VER-C', 'contractorId'],
      ['VER-L', 'verifyLocationId'],
    ]) {
      const res = await call(w.user, 'POST', '/api/WmsOrder', { typeCode });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field, rule: 'required' }]);
    }
    const res = await call(w.user, 'POST', '/api/WmsOrder', {
      typeCode: 'VER-P',
      verifyProductId: w.apples.id,
      positions: [{ productId: w.pears.id, quantity: 99 }],
    });
    expect(res.json().positions.map((p: Row) => p.productId)).toEqual([w.apples.id, w.apples.id]);
  });

  it('positions are regenerated from stock on every save in preparation', async () => {
    const w = await warehouse();
    const order = (
      await call(w.user, 'POST', '/api/WmsOrder', { typeCode: 'VER-P', verifyProductId: w.apples.id })
    ).json();
    await receiveOrderStock(t.ctx, w.user, [
      { productId: String(w.apples.id), locationId: String(w.b1.id), quantity: 1 },
    ]);
    const saved = await call(w.user, 'PUT', `/api/WmsOrder/${order.id}`, { saveAs: 'production' });
    expect(saved.json()).toMatchObject({ statusCode: 'waitingToProcess', positionsCount: 3 });
  });
});

describe('counting and finishing', () => {
  const started = async (w: Awaited<ReturnType<typeof warehouse>>) => {
    const order = (
      await call(w.user, 'POST', '/api/WmsOrder', { typeCode: 'VER-A', saveAs: 'production' })
    ).json();
    return { order, positions: order.positions as Row[] };
  };

  it('counts only once the count is on the floor; the status follows the counted lines', async () => {
    const w = await warehouse();
    const draft = (await call(w.user, 'POST', '/api/WmsOrder', { typeCode: 'VER-A' })).json();
    expect((await count(w.user, draft.positions[0].id, 10)).statusCode).toBe(409);

    const { order, positions } = await started(w);
    const first = await count(w.user, positions[0]?.id, 10);
    expect(first.json().order).toMatchObject({
      statusCode: 'inProgress',
      verificationStatus: 'inProgressNoDifferences',
      positionsDone: 1,
    });
    const second = await count(w.user, positions[1]?.id, 3);
    expect(second.json().order.verificationStatus).toBe('inProgressWithDifferences');
    const progress = await call(w.user, 'GET', `/api/WmsOrder/Verify/${order.id}/PositionsProgress`);
    expect(progress.json().results.map((p: Row) => [p.expected, p.counted, p.difference])).toEqual([
      [10, 10, 0],
      [5, 3, -2],
      [8, null, null],
    ]);
    const list = await call(w.user, 'GET', '/api/WmsOrder/Verify/Progress');
    expect(list.json().allFilteredRowCount).toBe(2);
    expect(list.json().results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: order.id,
          positionsCount: 3,
          positionsCounted: 2,
          differencesCount: 1,
        }),
        expect.objectContaining({ id: draft.id, positionsCounted: 0, differencesCount: 0 }),
      ]),
    );
    expect(
      (
        await call(
          w.user,
          'GET',
          `/api/WmsOrder/Verify/${(await anOrderRow(t.ctx, w.acc)).id}/PositionsProgress`,
        )
      ).statusCode,
    ).toBe(400);
  });

  it('finish without documents: finished with differences, stock unchanged, no more counting', async () => {
    const w = await warehouse();
    const { order, positions } = await started(w);
    await count(w.user, positions[0]?.id, 12);
    const res = await call(w.user, 'POST', `/api/WmsOrder/${order.id}/verify/finish`, {
      generateDocuments: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 'doneConfirmed',
      verificationStatus: 'finishedWithDifferences',
      documents: [],
      approvalRequired: false,
    });
    expect(await stockQuantityOf(t.ctx, w.acc, String(w.apples.id))).toBe(15);
    expect((await count(w.user, positions[0]?.id, 11)).statusCode).toBe(409);
    const again = await call(w.user, 'POST', `/api/WmsOrder/${order.id}/verify/finish`, {
      generateDocuments: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('statusForbidsChange');
    // Once finished, uncounted lines are shortages (nothing found).
    const progress = await call(w.user, 'GET', `/api/WmsOrder/Verify/${order.id}/PositionsProgress`);
    expect(progress.json().results.map((p: Row) => p.difference)).toEqual([2, -5, -8]);
  });

  it('finish with documents: surpluses received (SVI), shortages released (SVO), stock = counted', async () => {
    const w = await warehouse();
    const { order, positions } = await started(w);
    await count(w.user, positions[0]?.id, 12);
    await count(w.user, positions[1]?.id, 5);
    await count(w.user, positions[2]?.id, 6.5);
    const res = await call(w.user, 'POST', `/api/WmsOrder/${order.id}/verify/finish`, {
      generateDocuments: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: 'doneConfirmed',
      verificationStatus: 'finishedWithDifferences',
    });
    const documents = res.json().documents as Row[];
    expect(documents.map((d) => [d.typeCode, d.statusCode, d.orderId])).toEqual([
      ['SVI', 'confirmed', order.id],
      ['SVO', 'confirmed', order.id],
    ]);
    expect(await stockQuantityOf(t.ctx, w.acc, String(w.apples.id), String(w.a1.id))).toBe(12);
    expect(await stockQuantityOf(t.ctx, w.acc, String(w.apples.id), String(w.a11.id))).toBe(5);
    expect(await stockQuantityOf(t.ctx, w.acc, String(w.pears.id))).toBe(6.5);
  });

  it('a count without differences finishes without documents', async () => {
    const w = await warehouse();
    const { order, positions } = await started(w);
    for (const p of positions) await count(w.user, p.id, Number(p.quantity));
    const res = await call(w.user, 'POST', `/api/WmsOrder/${order.id}/verify/finish`, {
      generateDocuments: true,
    });
    expect(res.json()).toMatchObject({
      verificationStatus: 'finishedNoDifferences',
      documents: [],
      statusCode: 'doneConfirmed',
    });
  });

  it('refuses counts in preparation, other order types and bad bodies', async () => {
    const w = await warehouse();
    const draft = (await call(w.user, 'POST', '/api/WmsOrder', { typeCode: 'VER-A' })).json();
    expect(
      (await call(w.user, 'POST', `/api/WmsOrder/${draft.id}/verify/finish`, { generateDocuments: false }))
        .statusCode,
    ).toBe(409);
    const move = await anOrderRow(t.ctx, w.acc, { statusCode: 'inProgress' });
    expect(
      (await call(w.user, 'POST', `/api/WmsOrder/${move.id}/verify/finish`, { generateDocuments: false }))
        .statusCode,
    ).toBe(400);
    for (const body of [{}, { generateDocuments: 'yes' }]) {
      const res = await call(w.user, 'POST', `/api/WmsOrder/${draft.id}/verify/finish`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([{ field: 'generateDocuments', rule: 'required' }]);
    }
    // The terminal finishes counts (floor access) under the same rules; a user without it is refused.
    const terminal = await aUser(t.ctx, w.acc, { terminalEnabled: true });
    expect(
      (await call(terminal, 'POST', `/api/WmsOrder/${draft.id}/verify/finish`, { generateDocuments: false }))
        .statusCode,
    ).toBe(409);
    const office = await aUser(t.ctx, w.acc, {});
    expect(
      (await call(office, 'POST', `/api/WmsOrder/${draft.id}/verify/finish`, { generateDocuments: false }))
        .statusCode,
    ).toBe(403);
  });
});

describe('approval of large differences', () => {
  it('holds stock until a power user approves; a basic user may not', async () => {
    const w = await warehouse();
    await approvalLimit(w.acc, 1);
    const order = (
      await call(w.user, 'POST', '/api/WmsOrder', {
        typeCode: 'VER-P',
        verifyProductId: w.pears.id,
        saveAs: 'production',
      })
    ).json();
    await count(w.user, order.positions[0].id, 5);
    const finished = await call(w.user, 'POST', `/api/WmsOrder/${order.id}/verify/finish`, {
      generateDocuments: true,
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json()).toMatchObject({
      statusCode: 'doneUnconfirmed',
      verificationStatus: 'finishedWithDifferences',
      approvalRequired: true,
      documents: [],
      approvedById: null,
    });
    expect(await stockQuantityOf(t.ctx, w.acc, String(w.pears.id))).toBe(8);

    const refused = await call(w.user, 'POST', `/api/WmsOrder/${order.id}/verify/approve`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect(await stockQuantityOf(t.ctx, w.acc, String(w.pears.id))).toBe(8);

    const approved = await call(w.manager, 'POST', `/api/WmsOrder/${order.id}/verify/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ statusCode: 'doneConfirmed', approvedById: w.manager.row.id });
    expect(approved.json().approvedAt).toEqual(expect.any(String));
    expect(approved.json().documents.map((d: Row) => d.typeCode)).toEqual(['SVO']);
    expect(await stockQuantityOf(t.ctx, w.acc, String(w.pears.id))).toBe(5);
    const twice = await call(w.manager, 'POST', `/api/WmsOrder/${order.id}/verify/approve`);
    expect(twice.statusCode).toBe(409);
  });

  it('differences within the limit need no approval', async () => {
    const w = await warehouse();
    await approvalLimit(w.acc, 5);
    const order = (
      await call(w.user, 'POST', '/api/WmsOrder', {
        typeCode: 'VER-P',
        verifyProductId: w.pears.id,
        saveAs: 'production',
      })
    ).json();
    await count(w.user, order.positions[0].id, 6);
    const res = await call(w.user, 'POST', `/api/WmsOrder/${order.id}/verify/finish`, {
      generateDocuments: true,
    });
    expect(res.json()).toMatchObject({ approvalRequired: false, statusCode: 'doneConfirmed' });
    expect(await stockQuantityOf(t.ctx, w.acc, String(w.pears.id))).toBe(6);
    // Nothing held: nothing to approve.
    expect((await call(w.manager, 'POST', `/api/WmsOrder/${order.id}/verify/approve`)).statusCode).toBe(409);
  });

  it('declining documents skips approval: nothing to approve later', async () => {
    const w = await warehouse();
    await approvalLimit(w.acc, 0);
    const order = (
      await call(w.user, 'POST', '/api/WmsOrder', {
        typeCode: 'VER-P',
        verifyProductId: w.pears.id,
        saveAs: 'production',
      })
    ).json();
    await count(w.user, order.positions[0].id, 1);
    const res = await call(w.user, 'POST', `/api/WmsOrder/${order.id}/verify/finish`, {
      generateDocuments: false,
    });
    expect(res.json()).toMatchObject({ approvalRequired: false, statusCode: 'doneConfirmed' });
    expect((await call(w.manager, 'POST', `/api/WmsOrder/${order.id}/verify/approve`)).statusCode).toBe(409);
    const move = await anOrderRow(t.ctx, w.acc);
    expect((await call(w.manager, 'POST', `/api/WmsOrder/${move.id}/verify/approve`)).statusCode).toBe(400);
  });
});
