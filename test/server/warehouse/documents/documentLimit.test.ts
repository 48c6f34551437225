import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PushResponse, pushResponseSchema } from '../../../../domain/sync/wire';
import { type Clock, systemClock } from '../../../../server/clock';
import { accountDocumentMonth, clientAccount } from '../../../../server/db/internalTables';
import type { Row } from '../../../../server/resources/rows';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  type TestUser,
} from '../../../support/builders';
import { pushedCalls } from '../../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../../support/testApp';
import { monthRows, monthUsage, tableCount } from './documentLimitSupport';

// The monthly document limit (docs/decisions.md, "The monthly document limit"): every path that creates a document
// counts it; past the limit the budget pays for more at the extra price; beyond that 402 documentLimitReached.

/** The server's clock, set by the tests (tokens are signed and checked on it too). */
let now = Date.parse('2026-03-31T22:00:00.000Z');
const clock: Clock = { ...systemClock, now: () => now };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

interface Company {
  readonly acc: string;
  readonly admin: TestUser;
  readonly location: Row;
  readonly product: Row;
}

/** A company with a super user, a location and a product; its terms when given (no limit otherwise). */
const aCompany = async (terms?: { limit: number; price: number; budget: number }): Promise<Company> => {
  const acc = await anAccount(t.ctx);
  if (terms)
    await t.ctx.db
      .update(clientAccount)
      .set({ monthlyDocumentLimit: terms.limit, extraDocumentPrice: terms.price, extraBudget: terms.budget })
      .where(eq(clientAccount.id, acc));
  return {
    acc,
    admin: await aSuperUser(t.ctx, acc),
    location: await aStockLocation(t.ctx, acc),
    product: await aStockProduct(t.ctx, acc),
  };
};

const receipt = (c: Company, extra: Row = {}) => ({
  typeCode: 'DIN',
  destinationLocationId: c.location.id,
  positions: [{ productId: c.product.id, quantity: 1 }],
  ...extra,
});

const create = (c: Company, who: TestUser = c.admin) => t.call(who, 'POST', '/api/WmsDocument', receipt(c));

describe('the monthly document limit', () => {
  it('allows documents up to the limit and past it while the budget pays; then 402 with nothing saved', async () => {
    now = Date.parse('2026-03-15T10:00:00.000Z');
    // 2 included, then 0.50 EUR each from a budget of 1.00 EUR: 4 documents in all.
    const c = await aCompany({ limit: 2, price: 0.5, budget: 1 });
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await create(c);
      expect(res.statusCode, res.body).toBe(201);
      made.push(String(res.json().id));
    }
    expect(await monthUsage(t, c.admin)).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      documents: 4,
      limit: 2,
      overLimit: 2,
      extraDocumentPrice: 0.5,
      extraCost: 1,
      extraBudget: 1,
      budgetLeft: 0,
      documentsLeft: 0,
    });

    // A deleted draft still counts: the month's creations, not the documents left.
    expect((await t.call(c.admin, 'DELETE', `/api/WmsDocument/${made[0]}`)).statusCode).toBe(204);
    const refused = await t.call(c.admin, 'POST', '/api/WmsDocument', receipt(c), {
      'accept-language': 'pl-PL',
    });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json()).toMatchObject({
      code: 'documentLimitReached',
      message:
        'Miesięczny limit dokumentów został osiągnięty, a budżet na dodatkowe dokumenty jest wykorzystany: poproś administratora konta o zwiększenie budżetu',
    });
    // Nothing of the refused document is saved, and it is not counted.
    expect(await tableCount(t, 'wmsDocument', c.acc)).toBe(3);
    expect(await tableCount(t, 'wmsDocumentPosition', c.acc)).toBe(3);
    expect(await monthRows(t, c.acc)).toEqual([{ month: '2026-03', documents: 4 }]);
    expect(await monthUsage(t, c.admin)).toMatchObject({ documents: 4, overLimit: 2, documentsLeft: 0 });

    // A larger budget lets the next one through.
    await t.ctx.db.update(clientAccount).set({ extraBudget: 1.5 }).where(eq(clientAccount.id, c.acc));
    expect((await create(c)).statusCode).toBe(201);
    expect(await monthUsage(t, c.admin)).toMatchObject({
      documents: 5,
      overLimit: 3,
      extraCost: 1.5,
      budgetLeft: 0,
    });
  });

  it('refuses nothing and counts nothing for a company whose limit is not set', async () => {
    // The month then shows the documents created in it, by the database's clock: this test's month is the real one.
    now = Date.now();
    const c = await aCompany();
    for (let i = 0; i < 5; i++) expect((await create(c)).statusCode).toBe(201);
    expect(await monthRows(t, c.acc)).toEqual([]);
    expect(await monthUsage(t, c.admin)).toMatchObject({
      documents: 5,
      limit: null,
      overLimit: 0,
      documentsLeft: null,
    });
  });

  it('lets exactly as many concurrent creations through as the month allows', async () => {
    now = Date.parse('2026-03-15T10:00:00.000Z');
    const c = await aCompany({ limit: 2, price: 1, budget: 1 });
    expect((await create(c)).statusCode).toBe(201);
    // Two documents are left; six race for them.
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(c)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 402, 402, 402, 402]);
    for (const r of answers.filter((a) => a.statusCode === 402))
      expect(r.json().code).toBe('documentLimitReached');
    expect(await tableCount(t, 'wmsDocument', c.acc)).toBe(3);
    expect(await monthRows(t, c.acc)).toEqual([{ month: '2026-03', documents: 3 }]);
  });

  it('counts documents an order generates: past the budget the order is refused whole', async () => {
    now = Date.parse('2026-03-15T10:00:00.000Z');
    const c = await aCompany({ limit: 1, price: 0.5, budget: 0 });
    const product = await anOrderProduct(t.ctx, c.acc);
    const dock = await anOrderLocation(t.ctx, c.acc);
    const order = () =>
      t.call(c.admin, 'POST', '/api/WmsOrder', {
        typeCode: 'OIN',
        destinationLocationId: dock.id,
        positions: [{ productId: product.id, quantity: 7 }],
        generateDocuments: true,
      });
    const first = await order();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().documents).toHaveLength(1);
    const second = await order();
    expect(second.statusCode, second.body).toBe(402);
    expect(second.json().code).toBe('documentLimitReached');
    expect(await tableCount(t, 'wmsOrder', c.acc)).toBe(1);
    expect(await tableCount(t, 'wmsDocument', c.acc)).toBe(1);
  });

  it('refuses a pushed create past the budget on its own; the batch’s other calls go through', async () => {
    now = Date.parse('2026-03-15T10:00:00.000Z');
    const c = await aCompany({ limit: 1, price: 0.5, budget: 0 });
    const pushed = pushedCalls();
    const first = randomUUID();
    const second = randomUUID();
    const document = (id: string, number: string) =>
      pushed('dev-1', 'POST', '/api/WmsDocument', {
        id,
        typeCode: 'DIN',
        documentNumber: number,
        destinationLocationId: c.location.id,
        positions: [],
      });
    const line = (documentId: string, quantity: number) =>
      pushed('dev-1', 'POST', '/api/WmsDocumentPosition', {
        id: randomUUID(),
        documentId,
        productId: c.product.id,
        quantity,
      });
    const mutations = [
      document(first, 'WC-DIN-dev1-1'),
      line(first, 1),
      document(second, 'WC-DIN-dev1-2'),
      line(first, 2),
      pushed('dev-1', 'POST', `/api/WmsDocument/${first}/confirm`),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: c.admin.headers,
      payload: { version: 1, mutations },
    });
    expect(res.statusCode, res.body).toBe(200);
    const results: PushResponse['results'] = pushResponseSchema.parse(res.json()).results;
    expect(results.map((r) => r.status)).toEqual([201, 201, 402, 201, 200]);
    expect(results[2]?.body).toMatchObject({ code: 'documentLimitReached' });
    expect(await tableCount(t, 'wmsDocument', c.acc)).toBe(1);
    expect(await tableCount(t, 'wmsDocumentPosition', c.acc)).toBe(2);
    expect(await monthRows(t, c.acc)).toEqual([{ month: '2026-03', documents: 1 }]);

    // The refusal is final: the terminal sending it again gets the same answer, nothing is created.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: c.admin.headers,
      payload: { version: 1, mutations: [mutations[2]] },
    });
    const repeated = pushResponseSchema.parse(again.json()).results;
    expect(repeated.map((r) => [r.status, r.replayed])).toEqual([[402, true]]);
    expect(await tableCount(t, 'wmsDocument', c.acc)).toBe(1);
  });

  it('starts again on the first of the month (UTC)', async () => {
    now = Date.parse('2026-03-31T23:59:00.000Z');
    const c = await aCompany({ limit: 1, price: 0.5, budget: 0 });
    expect((await create(c)).statusCode).toBe(201);
    expect((await create(c)).statusCode).toBe(402);
    now = Date.parse('2026-04-01T00:00:30.000Z');
    const admin = await aSuperUser(t.ctx, c.acc);
    expect((await create(c, admin)).statusCode).toBe(201);
    expect((await create(c, admin)).statusCode).toBe(402);
    expect(await monthRows(t, c.acc)).toEqual([
      { month: '2026-03', documents: 1 },
      { month: '2026-04', documents: 1 },
    ]);
    expect(await monthUsage(t, admin)).toMatchObject({
      from: '2026-04-01T00:00:00.000Z',
      documents: 1,
      documentsLeft: 0,
    });
  });

  it('a limit set in the middle of a month counts the documents already created that month', async () => {
    // The documents' creation times are the database's: this test's month is the real one.
    now = Date.now();
    const c = await aCompany();
    for (let i = 0; i < 2; i++) expect((await create(c)).statusCode).toBe(201);
    await t.ctx.db
      .update(clientAccount)
      .set({ monthlyDocumentLimit: 3, extraDocumentPrice: 0.5, extraBudget: 0 })
      .where(eq(clientAccount.id, c.acc));
    expect((await create(c)).statusCode).toBe(201);
    expect((await create(c)).statusCode).toBe(402);
    const rows = await t.ctx.db
      .select({ documents: accountDocumentMonth.documents })
      .from(accountDocumentMonth)
      .where(and(eq(accountDocumentMonth.clientAccountId, c.acc)));
    expect(rows).toEqual([{ documents: 3 }]);
  });
});
