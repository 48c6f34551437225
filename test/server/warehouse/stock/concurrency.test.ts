import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../../server/resources/rows';
import { stockServiceOf } from '../../../../server/warehouse/stock/stockService';
import {
  aDocument,
  anAccount,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  drainPool,
  receiveStock,
  stockRowsOf,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type TestApp } from '../../../support/testApp';

const clients = 50;
const onHand = 30;

/**
 * The race on the last units (issue 3 "Proof"): many clients confirm releases of one stock row at once. On
 * PostgreSQL the requests run in parallel transactions (the pool is sized for all of them); PGlite serialises
 * them, so there the test checks the same outcome without the race.
 */
describe('concurrent confirmations on the last units', () => {
  let t: TestApp;
  let acc: string;
  let admin: TestUser;
  const poolSize = process.env.DB_POOL_SIZE;

  beforeAll(async () => {
    // One connection per client, so every confirmation holds its own transaction at the same time.
    process.env.DB_POOL_SIZE = String(clients + 5);
    t = await createTestApp();
    acc = await anAccount(t.ctx);
    admin = await aSuperUser(t.ctx, acc);
  });
  afterAll(async () => {
    if (poolSize === undefined) delete process.env.DB_POOL_SIZE;
    else process.env.DB_POOL_SIZE = poolSize;
    await drainPool(t.ctx);
    await t.close();
  });

  const post = (url: string, payload?: Row) =>
    t.app.inject({ method: 'POST', url, headers: admin.headers, ...(payload ? { payload } : {}) });

  /** Σ of the product's ledger deltas (confirm and revert rows). */
  const ledgerSum = async (productId: string): Promise<number> => {
    const { stockMovement: m } = t.ctx.schema.warehouseTables;
    const [row] = await t.ctx.db
      .select({ total: sql<string>`coalesce(sum(${m.delta}), 0)` })
      .from(m)
      .where(and(eq(m.clientAccountId, acc), eq(m.productId, productId)));
    return Number(row?.total ?? 0);
  };

  const onHandOf = async (productId: string) =>
    (await stockRowsOf(t.ctx, acc, productId)).reduce((s, r) => s + r.quantity, 0);

  /** What every race must leave behind: no negative row, the ledger equal to the stock. */
  const expectConsistent = async (productId: string) => {
    const rows = await stockRowsOf(t.ctx, acc, productId);
    for (const r of rows) {
      expect(r.quantity).toBeGreaterThanOrEqual(0);
      expect(r.reserved).toBeGreaterThanOrEqual(0);
      expect(r.reserved).toBeLessThanOrEqual(r.quantity);
    }
    expect(await ledgerSum(productId)).toBe(await onHandOf(productId));
    expect(await stockServiceOf(t.ctx).ledgerDifferences(t.ctx.db, acc)).toEqual([]);
  };

  it(`${clients} clients confirming working copies of 1 unit each: exactly ${onHand} pass`, async () => {
    const product = await aStockProduct(t.ctx, acc);
    const shelf = await aStockLocation(t.ctx, acc);
    await receiveStock(t.ctx, admin, String(shelf.id), [{ productId: product.id, quantity: onHand }]);
    const drafts: Row[] = [];
    for (let i = 0; i < clients; i++)
      drafts.push(
        await aDocument(t.ctx, admin, {
          typeCode: 'DOU',
          sourceLocationId: shelf.id,
          positions: [{ productId: product.id, quantity: 1 }],
        }),
      );

    const results = await Promise.all(drafts.map((d) => post(`/api/WmsDocument/${String(d.id)}/confirm`)));

    const passed = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(passed).toHaveLength(onHand);
    expect(refused).toHaveLength(clients - onHand);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({
        code: 'stockShortfall',
        issues: [
          { code: 'quantityExceedsAvailable', positionIndex: 0, params: { quantity: 1, available: 0 } },
        ],
      });
    }
    expect(await onHandOf(String(product.id))).toBe(0);
    // Refused documents stay working copies; confirmed ones are confirmed.
    const docs = t.ctx.schema.resourceTables.wmsDocument;
    if (!docs?.statusCode || !docs.sourceLocationId) throw new Error('no document table');
    const statuses = await t.ctx.db
      .select({ status: docs.statusCode, n: sql<number>`count(*)::int` })
      .from(docs)
      .where(and(eq(docs.sourceLocationId, String(shelf.id))))
      .groupBy(docs.statusCode);
    expect(Object.fromEntries(statuses.map((s) => [s.status, Number(s.n)]))).toEqual({
      confirmed: onHand,
      workingCopy: clients - onHand,
    });
    await expectConsistent(String(product.id));
  });

  it(`${clients} clients saving confirmed releases at once (confirm-with-create): exactly ${onHand} pass`, async () => {
    const product = await aStockProduct(t.ctx, acc);
    const shelf = await aStockLocation(t.ctx, acc);
    await receiveStock(t.ctx, admin, String(shelf.id), [{ productId: product.id, quantity: onHand }]);
    const body = {
      typeCode: 'DOU',
      sourceLocationId: shelf.id,
      positions: [{ productId: product.id, quantity: 1 }],
      confirm: true,
    };
    const results = await Promise.all(Array.from({ length: clients }, () => post('/api/WmsDocument', body)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(onHand);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => `${r.statusCode} ${r.json().code}`)).toEqual(
      Array.from({ length: clients - onHand }, () => '409 stockShortfall'),
    );
    // Every saved document got its own number.
    const numbers = results.filter((r) => r.statusCode === 201).map((r) => r.json().documentNumber);
    expect(new Set(numbers).size).toBe(onHand);
    expect(await onHandOf(String(product.id))).toBe(0);
    await expectConsistent(String(product.id));
  });

  it('releases of different sizes never take more than there is', async () => {
    const product = await aStockProduct(t.ctx, acc);
    const shelf = await aStockLocation(t.ctx, acc);
    await receiveStock(t.ctx, admin, String(shelf.id), [{ productId: product.id, quantity: 37.5 }]);
    const sizes = Array.from({ length: clients }, (_, i) => [0.5, 1, 2.5][i % 3] ?? 1);
    const drafts = [];
    for (const quantity of sizes)
      drafts.push(
        await aDocument(t.ctx, admin, {
          typeCode: 'DOU',
          sourceLocationId: shelf.id,
          positions: [{ productId: product.id, quantity }],
        }),
      );
    const results = await Promise.all(drafts.map((d) => post(`/api/WmsDocument/${String(d.id)}/confirm`)));
    const taken = results.reduce((s, r, i) => (r.statusCode === 200 ? s + (sizes[i] ?? 0) : s), 0);
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    expect(taken).toBeLessThanOrEqual(37.5);
    expect(await onHandOf(String(product.id))).toBeCloseTo(37.5 - taken, 6);
    // Whatever is left is less than the smallest refused release (a refusal means it did not fit).
    const smallestRefused = Math.min(
      ...results.flatMap((r, i) => (r.statusCode === 409 ? [sizes[i] ?? 0] : [])),
    );
    if (Number.isFinite(smallestRefused))
      expect(await onHandOf(String(product.id))).toBeLessThan(smallestRefused);
    await expectConsistent(String(product.id));
  });

  it('relocations racing in opposite directions neither deadlock nor lose goods', async () => {
    const product = await aStockProduct(t.ctx, acc);
    const a = await aStockLocation(t.ctx, acc);
    const b = await aStockLocation(t.ctx, acc);
    await receiveStock(t.ctx, admin, String(a.id), [{ productId: product.id, quantity: 10 }]);
    await receiveStock(t.ctx, admin, String(b.id), [{ productId: product.id, quantity: 10 }]);
    const moves = Array.from({ length: clients }, (_, i) => (i % 2 === 0 ? [a, b] : [b, a]));
    // Working copies first: confirming takes no number, so the transactions meet only on the stock rows.
    const drafts = [];
    for (const [from, to] of moves)
      drafts.push(
        await aDocument(t.ctx, admin, {
          typeCode: 'ARL',
          sourceLocationId: from?.id,
          destinationLocationId: to?.id,
          positions: [{ productId: product.id, quantity: 1 }],
        }),
      );
    const results = await Promise.all(drafts.map((d) => post(`/api/WmsDocument/${String(d.id)}/confirm`)));
    // Each transaction takes from one key and adds to the other; keys are locked in one order, so the only
    // refusal is a location running dry at that moment, never a deadlock or serialisation failure.
    for (const r of results) {
      if (r.statusCode === 200) continue;
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('stockShortfall');
    }
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThan(0);
    expect(await onHandOf(String(product.id))).toBe(20);
    await expectConsistent(String(product.id));
  });
});
