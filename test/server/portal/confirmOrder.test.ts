import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../server/resources/rows';
import { aContractorUser, anAccount, aStockLocation, aSuperUser } from '../../support/builders';
import { aPortalProduct, daysFrom } from '../../support/portalBuilders';
import { testAppFixture } from '../../support/testApp';

const fixture = testAppFixture();

/**
 * The confirmation's set-based statements (server/portal/confirmOrder.ts): the lines are locked in product id order
 * but ordered as the basket lists them, a line the contractor may no longer see is neither ordered nor removed, and
 * the order's record log entry is written in the statement that empties the basket.
 */
describe('confirming a basket', () => {
  it('orders the visible lines oldest first, logs the order once and leaves a hidden line in the basket', async () => {
    const { ctx } = fixture.t;
    const account = await anAccount(ctx);
    const boss = await aSuperUser(ctx, account);
    const contractor = await aContractorUser(ctx, account);
    const location = await aStockLocation(ctx, account);
    const products: Row[] = [];
    for (let i = 0; i < 4; i++)
      products.push(
        await aPortalProduct(ctx, boss, account, location, 10, { contractorId: contractor.contractorId }),
      );
    // Added against the products' id order, so the locking order and the basket's order differ.
    const added = [...products].sort((a, b) => String(b.id).localeCompare(String(a.id)));
    for (const [i, p] of added.entries()) {
      const res = await fixture.t.call(
        contractor,
        'POST',
        `/api/contractororders/add-to-cart?productId=${String(p.id)}&quantity=${i + 1}`,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    const [first, hidden, third, fourth] = added;
    const hide = await fixture.t.call(boss, 'PUT', `/api/Product/${String(hidden?.id)}`, {
      hideFromPortal: true,
    });
    expect(hide.statusCode, hide.body).toBeLessThan(300);

    const res = await fixture.t.call(
      contractor,
      'POST',
      `/api/contractororders/confirm-order?deliveryDate=${daysFrom(new Date(), 1)}`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json() as { id: string; lines: { productId: string; ordered: number }[] };
    expect(order.lines.map((l) => [l.productId, l.ordered])).toEqual([
      [String(first?.id), 1],
      [String(third?.id), 3],
      [String(fourth?.id), 4],
    ]);

    const log = ctx.schema.resourceTables.recordLog;
    if (!log?.resourceId || !log.action || !log.resourceType) throw new Error('no record log');
    const logged = await ctx.db
      .select({ type: log.resourceType })
      .from(log)
      .where(and(eq(log.resourceId, order.id), eq(log.action, 'create')));
    expect(logged).toEqual([{ type: 'wmsOrder' }]);

    // The hidden product's line was not ordered and stays, should the product be offered again.
    const cart = ctx.schema.portalTables.cartLine;
    const left = await ctx.db
      .select({ productId: cart.productId, quantity: cart.quantity })
      .from(cart)
      .where(eq(cart.userId, String(contractor.row.id)));
    expect(left).toEqual([{ productId: String(hidden?.id), quantity: 2 }]);
  });
});
