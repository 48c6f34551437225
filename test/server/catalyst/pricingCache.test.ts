import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../server/resources/rows';
import {
  aCatalyst,
  aClient,
  aCompany,
  aGroup,
  allFlags,
  type CatalystTestApp,
  type Company,
  createCatalystApp,
  type Page,
  type SignedInClient,
  signInClient,
  someMetals,
} from './catalystSupport';

// On PGlite the as-client calls keep a client's pricing (config, rates, group, rules) in memory until a trigger
// says the company changed it (server/catalyst/pricingCache.ts); on PostgreSQL they read it every time. Either
// way a client reads, right after any change, the price staff's "why this price" works out from the database.
describe("a client's prices follow every change of what prices them, at once", () => {
  let t: CatalystTestApp;
  let c: Company;
  let metals: Record<string, string>;
  let client: SignedInClient;
  let clientRow: Row;
  let groupId: string;
  let catalyst: Row;

  beforeAll(async () => {
    t = await createCatalystApp();
    c = await aCompany(t);
    metals = await someMetals(t, c.admin, { Pt: 30, Pd: 40 });
    groupId = String((await aGroup(t, c.admin, allFlags)).id);
    const made = await aClient(t, c.admin, groupId);
    clientRow = made.row;
    client = await signInClient(t, made);
    catalyst = await aCatalyst(t, c.admin, metals, {
      name: 'Cached price',
      weight: 2,
      productStockContent: [
        { baseStockId: metals.Pt, gramsPerKg: 1 },
        { baseStockId: metals.Pd, gramsPerKg: 0.5 },
      ],
    });
  });
  afterAll(async () => t.close());

  /** The client's row of the catalyst (the list, then the single read) and staff's price of it from the database. */
  const seen = async () => {
    const page = await t.ok<Page>(client, 'GET', '/api/catalyst/catalyst/as-client');
    const row = page.results.find((r) => r.id === catalyst.id);
    const one = await t.ok(client, 'GET', `/api/catalyst/catalyst/as-client/${catalyst.id}`);
    const why = await t.ok<{ breakdown: { price: number | null } }>(
      c.admin,
      'GET',
      `/api/catalyst/catalyst/as-client/${client.clientUserId}/${catalyst.id}`,
    );
    expect(one).toEqual(row);
    return { row: row as Row, staffPrice: why.breakdown.price };
  };

  /** Reads (so the pricing is kept), makes the change, and expects the client to see the new price at once. */
  const changes = async (change: () => Promise<unknown>) => {
    const before = await seen();
    expect(before.row.price).toBe(before.staffPrice);
    await change();
    const after = await seen();
    expect(after.row.price).toBe(after.staffPrice);
    expect(after.row.price).not.toBe(before.row.price);
    return after;
  };

  it('a new quote', async () => {
    const after = await changes(() =>
      t.ok(c.admin, 'POST', `/api/catalyst/companystockraterule/${metals.Pt}/quote`, { price: 45 }, 200),
    );
    expect(after.row.price).toBeGreaterThan(0);
  });

  it("the metal's rule and the group's multiplier", async () => {
    await changes(() =>
      t.ok(c.admin, 'PUT', `/api/catalyst/companystockraterule/${metals.Pd}`, { valueMultiplier: 0.5 }),
    );
    await changes(() =>
      t.ok(c.admin, 'PUT', `/api/catalyst/userGroup/${groupId}`, { stockRateMultiplyValue: 0.7 }),
    );
  });

  it("the group's flag: prices hidden, then shown again", async () => {
    await seen();
    await t.ok(c.admin, 'PUT', `/api/catalyst/userGroup/${groupId}`, { canDisplayPrices: false });
    expect((await seen()).row).not.toHaveProperty('price');
    await t.ok(c.admin, 'PUT', `/api/catalyst/userGroup/${groupId}`, { canDisplayPrices: true });
    expect((await seen()).row.price).toBeGreaterThan(0);
  });

  it("a rule for the client, the company's config and another group for the client", async () => {
    const fixed = await changes(() =>
      t.ok(c.admin, 'POST', '/api/catalyst/individualrule', {
        clientUserId: client.clientUserId,
        catalystId: catalyst.id,
        fixedPrice: 12.5,
      }),
    );
    expect(fixed.row.price).toBe(12.5);
    const rules = await t.ok<{ results: Row[] }>(c.admin, 'GET', '/api/catalyst/individualrule');
    for (const rule of rules.results)
      await t.ok(c.admin, 'DELETE', `/api/catalyst/individualrule/${String(rule.id)}`, undefined, 204);
    expect((await seen()).row.price).not.toBe(12.5);
    await changes(() =>
      t.ok(c.admin, 'PUT', '/api/catalyst/ClientRecyclingConfig', { refiningChargePerKg: 3 }),
    );
    const other = await aGroup(t, c.admin, { ...allFlags, stockRateMultiplyValue: 0.4 });
    await changes(() =>
      t.ok(c.admin, 'PUT', `/api/catalyst/clientuser/${String(clientRow.id)}`, { userGroupId: other.id }),
    );
  });

  it('a change written past the API (another write path) reaches the client too', async () => {
    await changes(() =>
      t.ctx.db.execute(
        sql`update company_stock_rate_rule set value_multiplier = 0.25 where id = ${metals.Pt}::uuid`,
      ),
    );
  });

  it('a change that rolls back changes nothing', async () => {
    const before = await seen();
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql`update company_stock_rate_rule set value_multiplier = 2 where id = ${metals.Pt}::uuid`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await seen();
    expect(after.row.price).toBe(before.row.price);
    expect(after.row.price).toBe(after.staffPrice);
  });
});
