import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock, systemClock } from '../../../../server/clock';
import { clientAccount } from '../../../../server/db/internalTables';
import type { Row } from '../../../../server/resources/rows';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aSuperUser,
  receiveOrderStock,
  stockQuantityOf,
  type TestUser,
} from '../../../support/builders';
import { createTestApp, type TestApp } from '../../../support/testApp';
import { csv, postFile } from '../../import/importSupport';
import { monthRows, monthUsage, tableCount } from './documentLimitSupport';

// The monthly document limit on the paths that make documents without POST /api/WmsDocument: an opening-stock
// import (one confirmed receipt per batch of rows) and a production order's documents. Within the month's
// allowance each is charged; past the limit and the budget it is refused with documentLimitReached and nothing of it
// stays. The server's clock is set far from the real month: documents the setup makes (on the database's clock)
// are then not in the month the tests count.

let now = Date.parse('2030-03-15T10:00:00.000Z');
const clock: Clock = { ...systemClock, now: () => now };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

interface Company {
  readonly acc: string;
  readonly admin: TestUser;
}

const aCompany = async (): Promise<Company> => {
  const acc = await anAccount(t.ctx);
  return { acc, admin: await aSuperUser(t.ctx, acc) };
};

/** The company's terms: `limit` documents a month, then `price` EUR each from `budget`. */
const setTerms = (acc: string, limit: number, price: number, budget: number) =>
  t.ctx.db
    .update(clientAccount)
    .set({ monthlyDocumentLimit: limit, extraDocumentPrice: price, extraBudget: budget })
    .where(eq(clientAccount.id, acc));

describe('the monthly document limit: opening-stock import', () => {
  /** A file of `rows` lines of the product at the shelf, one piece each. */
  const stockFile = (product: Row, shelf: Row, rows: number) =>
    csv(
      'productIndex,locationLabel,quantity',
      ...Array.from({ length: rows }, () => `${String(product.index)},${String(shelf.label)},1`),
    );

  it('charges each batch’s receipt; past the budget the import is refused whole with documentLimitReached', async () => {
    now = Date.parse('2030-03-15T10:00:00.000Z');
    const c = await aCompany();
    const product = await anOrderProduct(t.ctx, c.acc);
    const shelf = await anOrderLocation(t.ctx, c.acc);
    // One included, one more for 0.50 EUR from a budget of 0.50 EUR.
    await setTerms(c.acc, 1, 0.5, 0.5);

    const first = await postFile(t, c.admin, 'openingStock', stockFile(product, shelf, 2));
    expect(first.json(), first.body).toMatchObject({ status: 'done', rowsImported: 2 });
    expect(await monthUsage(t, c.admin)).toMatchObject({ documents: 1, overLimit: 0, documentsLeft: 1 });

    // 501 rows are two batches (500 rows each), so two receipts: the second is past the budget. All or nothing:
    // the first batch's receipt goes too, and neither is counted.
    const big = await postFile(t, c.admin, 'openingStock', stockFile(product, shelf, 501));
    expect(big.json(), big.body).toMatchObject({ status: 'failed', rowsImported: 0 });
    const problems = await t.call(c.admin, 'GET', `/api/Import/jobs/${big.json().id}/problems`, undefined, {
      'accept-language': 'en-us',
    });
    const codes = new Set(
      (problems.json().results as { code: string; message: string }[]).map((p) => p.code),
    );
    expect([...codes]).toEqual(['documentLimitReached']);
    expect(await stockQuantityOf(t.ctx, c.acc, String(product.id))).toBe(2);
    expect(await tableCount(t, 'wmsDocument', c.acc)).toBe(1);
    expect(await monthRows(t, c.acc)).toEqual([{ month: '2030-03', documents: 1 }]);

    // One receipt more is what the budget pays for: charged at the extra price.
    const second = await postFile(t, c.admin, 'openingStock', stockFile(product, shelf, 3));
    expect(second.json(), second.body).toMatchObject({ status: 'done', rowsImported: 3 });
    expect(await monthUsage(t, c.admin)).toMatchObject({
      documents: 2,
      overLimit: 1,
      extraCost: 0.5,
      budgetLeft: 0,
      documentsLeft: 0,
    });

    // The budget spent: refused, with the catalogue's message on each row, nothing saved or counted.
    const refused = await postFile(t, c.admin, 'openingStock', stockFile(product, shelf, 1));
    expect(refused.json(), refused.body).toMatchObject({ status: 'failed', rowsImported: 0, rowsSkipped: 1 });
    const refusal = await t.call(
      c.admin,
      'GET',
      `/api/Import/jobs/${refused.json().id}/problems`,
      undefined,
      {
        'accept-language': 'en-us',
      },
    );
    expect(refusal.json().results).toEqual([
      expect.objectContaining({
        line: 2,
        code: 'documentLimitReached',
        message: expect.stringMatching(/budget/i),
      }),
    ]);
    expect(await stockQuantityOf(t.ctx, c.acc, String(product.id))).toBe(5);
    expect(await tableCount(t, 'wmsDocument', c.acc)).toBe(2);
    expect(await tableCount(t, 'wmsDocumentPosition', c.acc)).toBe(5);
    expect(await monthRows(t, c.acc)).toEqual([{ month: '2030-03', documents: 2 }]);
  });
});

describe('the monthly document limit: production documents', () => {
  /** A production order making one `made` from two of `flour`, which lies at `silo`. */
  const productionOrder = async (c: Company, flour: Row, silo: Row) => {
    const made = await anOrderProduct(t.ctx, c.acc);
    const store = await anOrderLocation(t.ctx, c.acc);
    const res = await t.call(c.admin, 'POST', '/api/WmsOrder', {
      typeCode: 'OPR',
      saveAs: 'production',
      positions: [
        { productId: flour.id, quantity: 2, sourceLocationId: silo.id },
        { productId: made.id, quantity: 1, destinationLocationId: store.id },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Row;
  };

  const generate = (c: Company, order: Row) =>
    t.call(
      c.admin,
      'POST',
      '/api/Production/GenerateDocuments',
      { orderId: order.id },
      {
        'accept-language': 'en-us',
      },
    );

  const documentsOf = async (c: Company, order: Row): Promise<Row[]> =>
    (await t.call(c.admin, 'GET', `/api/Production/${String(order.id)}/GetProductionDocuments`)).json()
      .documents;

  it('charges the drafted PRO against the budget; past it 402 documentLimitReached and nothing drafted', async () => {
    now = Date.parse('2030-03-15T10:00:00.000Z');
    const c = await aCompany();
    const flour = await anOrderProduct(t.ctx, c.acc);
    const silo = await anOrderLocation(t.ctx, c.acc);
    await receiveOrderStock(t.ctx, c.admin, [
      { productId: String(flour.id), locationId: String(silo.id), quantity: 10 },
    ]);
    const [paid, refusedOrder] = [
      await productionOrder(c, flour, silo),
      await productionOrder(c, flour, silo),
    ];
    // Nothing included: the one document the budget pays for at 1 EUR.
    await setTerms(c.acc, 0, 1, 1);
    const documentsBefore = await tableCount(t, 'wmsDocument', c.acc);

    const ok = await generate(c, paid);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().documents).toEqual([expect.objectContaining({ typeCode: 'PRO' })]);
    expect(await monthUsage(t, c.admin)).toMatchObject({
      documents: 1,
      overLimit: 1,
      extraCost: 1,
      budgetLeft: 0,
      documentsLeft: 0,
    });

    const refused = await generate(c, refusedOrder);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'documentLimitReached',
      message: expect.stringMatching(/budget/i),
    });
    // Nothing half-saved: no document or line of it, the order as it was, nothing counted.
    expect(await documentsOf(c, refusedOrder)).toEqual([]);
    expect(await tableCount(t, 'wmsDocument', c.acc)).toBe(documentsBefore + 1);
    expect(await tableCount(t, 'wmsDocumentPosition', c.acc)).toBe(1 + 2);
    const order = await t.call(c.admin, 'GET', `/api/WmsOrder/${String(refusedOrder.id)}`);
    expect(order.json()).toMatchObject({ statusCode: refusedOrder.statusCode });
    expect(await monthRows(t, c.acc)).toEqual([{ month: '2030-03', documents: 1 }]);
    expect(await stockQuantityOf(t.ctx, c.acc, String(flour.id))).toBe(10);

    // A larger budget lets it through, charged at the extra price.
    await setTerms(c.acc, 0, 1, 2);
    const later = await generate(c, refusedOrder);
    expect(later.statusCode, later.body).toBe(200);
    expect(await monthUsage(t, c.admin)).toMatchObject({
      documents: 2,
      overLimit: 2,
      extraCost: 2,
      budgetLeft: 0,
    });
  });
});
