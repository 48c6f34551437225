import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../server/context';
import type { Row } from '../../server/resources/rows';
import {
  aContractorUser,
  aRecord,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  aUser,
  anAccount,
  definitionOf,
  receiveStock,
  type TestUser,
} from './builders';

/** Builders for the contractor portal and shared access tests (test/server/portal). */

/** A second portal user of an existing contractor company. */
export const aColleagueOf = (
  ctx: AppContext,
  clientAccountId: string,
  contractorId: string,
): Promise<TestUser> => aUser(ctx, clientAccountId, { contractorId, contractorPortalEnabled: true });

export interface PortalWarehouse {
  readonly account: string;
  readonly boss: TestUser;
  readonly contractor: TestUser & { contractorId: string };
  readonly rival: TestUser & { contractorId: string };
  readonly location: Row;
  readonly group: Row;
  /** The contractor's products: a and b visible (10 and 5 on hand), hidden one hidden from the portal (7). */
  readonly a: Row;
  readonly b: Row;
  readonly hidden: Row;
  /** The rival contractor's product (4 on hand) and the warehouse's own (no contractor, 6 on hand). */
  readonly rivals: Row;
  readonly own: Row;
}

/** A product of a contractor with `onHand` units received at `location`. */
export const aPortalProduct = async (
  ctx: AppContext,
  boss: TestUser,
  account: string,
  location: Row,
  onHand: number,
  overrides: Row = {},
): Promise<Row> => {
  const suffix = randomUUID().slice(0, 8).toUpperCase();
  const product = await aStockProduct(ctx, account, {
    index: `PP-${suffix}`,
    name: `Portal product ${suffix}`,
    barcodes: [`BC${suffix}`],
    unit: 'pcs',
    ...overrides,
  });
  if (onHand > 0)
    await receiveStock(ctx, boss, String(location.id), [{ productId: product.id, quantity: onHand }]);
  return product;
};

/** An account with two contractors, their portal users and goods (see PortalWarehouse). */
export const aPortalWarehouse = async (ctx: AppContext): Promise<PortalWarehouse> => {
  const account = await anAccount(ctx);
  const boss = await aSuperUser(ctx, account);
  const contractor = await aContractorUser(ctx, account);
  const rival = await aContractorUser(ctx, account);
  const location = await aStockLocation(ctx, account);
  const group = await aRecord(ctx, definitionOf(ctx, 'productGroup'), account);
  const mine = (onHand: number, overrides: Row = {}) =>
    aPortalProduct(ctx, boss, account, location, onHand, {
      contractorId: contractor.contractorId,
      mainGroupId: group.id,
      ...overrides,
    });
  const a = await mine(10, { name: 'Apple crate' });
  const b = await mine(5, { name: 'Banana box', mainGroupId: null });
  const hidden = await mine(7, { name: 'Hidden gem' });
  const rivals = await aPortalProduct(ctx, boss, account, location, 4, { contractorId: rival.contractorId });
  const own = await aPortalProduct(ctx, boss, account, location, 6, { contractorId: null });
  // Hidden after receiving: receipts of hidden products are ordinary warehouse work.
  const products = ctx.schema.resourceTables.product;
  if (!products?.id) throw new Error('no product table');
  await ctx.db
    .update(products)
    .set({ hideFromPortal: true })
    .where(eq(products.id, String(hidden.id)));
  return {
    account,
    boss,
    contractor,
    rival,
    location,
    group,
    a,
    b,
    hidden: { ...hidden, hideFromPortal: true },
    rivals,
    own,
  };
};

/** Tomorrow as an ISO date (from the given clock). */
export const daysFrom = (now: Date, days: number): string =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
