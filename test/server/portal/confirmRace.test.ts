import { describe, expect, it } from 'vitest';
import {
  aContractorUser,
  anAccount,
  aStockLocation,
  aSuperUser,
  drainPool,
  type TestUser,
} from '../../support/builders';
import { aColleagueOf, aPortalProduct, daysFrom } from '../../support/portalBuilders';
import { testAppFixture } from '../../support/testApp';

const fixture = testAppFixture();
const tomorrow = () => daysFrom(new Date(), 1);

/**
 * Users of one contractor confirming baskets for the last units at the same moment (PGlite serialises the
 * transactions; PostgreSQL — npm run test:pg — runs them truly side by side on several connections): never more
 * is promised than there is, the loser is told exactly which lines are short and by how much, nothing is half-saved.
 */
describe('concurrent confirmations', () => {
  const setup = async (stock: readonly number[]) => {
    const { ctx } = fixture.t;
    const account = await anAccount(ctx);
    const boss = await aSuperUser(ctx, account);
    const first = await aContractorUser(ctx, account);
    const location = await aStockLocation(ctx, account);
    const products = [];
    for (const onHand of stock)
      products.push(
        await aPortalProduct(ctx, boss, account, location, onHand, { contractorId: first.contractorId }),
      );
    return { account, boss, first, products };
  };
  const fill = async (who: TestUser, lines: readonly (readonly [string, number])[]) => {
    for (const [productId, quantity] of lines) {
      const res = await fixture.t.call(
        who,
        'POST',
        `/api/contractororders/add-to-cart?productId=${productId}&quantity=${quantity}`,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
  };
  const confirm = (who: TestUser) =>
    fixture.t.call(who, 'POST', `/api/contractororders/confirm-order?deliveryDate=${tomorrow()}`);
  const orderedOf = async (boss: TestUser, productId: string): Promise<number> => {
    const res = await fixture.t.call(
      boss,
      'GET',
      `/api/WmsOrderPosition?PageSize=1000&BasicFiltersSerialized=${encodeURIComponent(
        JSON.stringify([{ field: 'productId', operator: 'eq', value: productId }]),
      )}`,
    );
    return (res.json() as { results: { quantity: number }[] }).results.reduce((s, r) => s + r.quantity, 0);
  };
  const basketOf = async (who: TestUser) =>
    (
      (await fixture.t.call(who, 'GET', '/api/contractororders/cart-summary')).json() as {
        positions: { quantity: number }[];
      }
    ).positions.map((p) => p.quantity);

  it('two users, the last units of one product: one order, one refusal naming the shortfall', async () => {
    const { account, boss, first, products } = await setup([10]);
    const second = await aColleagueOf(fixture.t.ctx, account, first.contractorId);
    const p = String(products[0]?.id);
    await fill(first, [[p, 7]]);
    await fill(second, [[p, 6]]);
    const results = await Promise.all([confirm(first), confirm(second)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    const won = results.find((r) => r.statusCode === 201);
    if (!won) throw new Error('no confirmation succeeded');
    const winnerTook = (won.json() as { lines: { ordered: number }[] }).lines[0]?.ordered ?? 0;
    expect(refused?.json()).toMatchObject({
      code: 'stockShortfall',
      issues: [
        {
          code: 'quantityExceedsOrderable',
          positionIndex: 0,
          params: {
            productId: p,
            available: 10 - winnerTook,
            missing: (winnerTook === 7 ? 6 : 7) - (10 - winnerTook),
          },
        },
      ],
    });
    expect(await orderedOf(boss, p)).toBe(winnerTook);
    // The loser's basket is untouched, the winner's empty.
    const baskets = [await basketOf(first), await basketOf(second)].map((b) => b.join(','));
    expect(baskets.sort()).toEqual(['', winnerTook === 7 ? '6' : '7'].sort());
  });

  it('crossing baskets over two products never deadlock and never oversell', async () => {
    const { account, boss, first, products } = await setup([10, 10]);
    const second = await aColleagueOf(fixture.t.ctx, account, first.contractorId);
    const [p1, p2] = products.map((p) => String(p.id)) as [string, string];
    // Added in opposite orders: the confirmations lock the products in one order whatever the baskets hold.
    await fill(first, [
      [p1, 6],
      [p2, 6],
    ]);
    await fill(second, [
      [p2, 6],
      [p1, 6],
    ]);
    const results = await Promise.all([confirm(first), confirm(second)]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([
      201, 409,
    ]);
    const refused = results.find((r) => r.statusCode === 409)?.json() as {
      issues: { params: { missing: number } }[];
    };
    expect(refused.issues).toHaveLength(2);
    expect(refused.issues.map((i) => i.params.missing)).toEqual([2, 2]);
    expect(await orderedOf(boss, p1)).toBe(6);
    expect(await orderedOf(boss, p2)).toBe(6);
  });

  it('five users of one contractor racing for ten units: exactly three orders of three', async () => {
    const { account, boss, first, products } = await setup([10]);
    const p = String(products[0]?.id);
    const users: TestUser[] = [first];
    for (let i = 0; i < 4; i++) users.push(await aColleagueOf(fixture.t.ctx, account, first.contractorId));
    for (const u of users) await fill(u, [[p, 3]]);
    const results = await Promise.all(users.map((u) => confirm(u)));
    const codes = results.map((r) => r.statusCode);
    expect(
      codes.filter((c) => c === 201),
      results.map((r) => r.body).join('\n'),
    ).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toMatchObject({ issues: [{ params: { available: 1, missing: 2 } }] });
    expect(await orderedOf(boss, p)).toBe(9);
    await drainPool(fixture.t.ctx);
  });
});
