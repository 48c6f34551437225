import { todayOf } from '../../domain/warehouse/isoDate';
import type { AppContext } from '../context';
import { Basket } from '../portal/basket';
import { confirmBasket } from '../portal/confirmOrder';
import { orderableOf } from '../portal/orderableStock';
import type { PortalScope } from '../portal/portalScope';
import { ResourceService } from '../resources/resourceService';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { SharedLinks } from '../sharedAccess/sharedLinks';
import { runInUnit } from '../unitOfWork';
import { OrderService } from '../warehouse/orders/orderService';

const inDays = (days: number): string => {
  const at = new Date(`${todayOf(Date.now())}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** What the demo's portal looks like: the contractor's names in Polish and German, its orders, basket and links. */
export interface DemoPortal {
  readonly orders: number;
  /** A 7-day link to ACME's detailed inventory (its key exists only here: it is printed once at the first start). */
  readonly sharedLink: string | null;
}

/**
 * The contractor portal of the demo: translations of some ACME products for contractors, two orders placed
 * through the portal (one already being picked), a basket waiting to be confirmed, and shared links to ACME's
 * stock (one open, one single-use, one withdrawn API token). Made through the same code as the API calls.
 */
export const seedDemoPortal = async (
  ctx: AppContext,
  manager: Scope,
  picker: Scope,
  contractor: PortalScope,
  products: readonly Row[],
): Promise<DemoPortal> => {
  const acme = products.filter(
    (p) => p.contractorId === contractor.contractorId && p.hideFromPortal !== true,
  );
  const translations = new ResourceService(ctx, definitionOf(ctx, 'portalTranslation'));
  for (const p of acme.slice(0, 6)) {
    const name = String(p.name);
    await translations.create(manager, {
      productId: p.id,
      language: 'pl-pl',
      name: `${name} (PL)`,
      description: 'Opakowanie zbiorcze',
    });
    await translations.create(manager, {
      productId: p.id,
      language: 'de-de',
      name: `${name} (DE)`,
      description: 'Sammelverpackung',
    });
  }

  // Goods the contractor can order now, in product order so every run picks the same.
  const orderable = await orderableOf(
    ctx.db,
    contractor.clientAccountId,
    acme.map((p) => String(p.id)),
  );
  const candidates = acme
    .filter((p) => p.requiredSerial !== true && (orderable.get(String(p.id)) ?? 0) >= 6)
    .sort((a, b) => String(a.index).localeCompare(String(b.index)));
  const basket = new Basket(ctx);
  const order = async (lines: readonly Row[], days: number, comment: string) => {
    for (const p of lines) await basket.add(contractor, String(p.id), 2, 'en-us');
    return confirmBasket(ctx, basket, contractor, { deliveryDate: inDays(days), comment }, 'en-us');
  };
  const placed = [];
  if (candidates.length >= 5) {
    placed.push(await order(candidates.slice(0, 2), 2, 'Deliver to ACME store 7, back entrance'));
    const picking = await order(candidates.slice(2, 4), 3, 'Weekly replenishment');
    placed.push(picking);
    // The floor has begun: the first line is picked.
    const first = picking.order.positions[0];
    if (first) {
      const orders = new OrderService(ctx);
      await runInUnit(ctx, (unit) =>
        orders.recordQuantity(unit, picker, String(first.id), String(first.quantity)),
      );
    }
    // Still in the basket: one line, not yet confirmed.
    const waiting = candidates[4];
    if (waiting) await basket.add(contractor, String(waiting.id), 1, 'en-us');
  }

  const links = new SharedLinks(ctx);
  const open = await links.create(
    manager,
    { contentType: 'inventory', recipientContractorId: contractor.contractorId, durationMinutes: 10080 },
    'en-us',
  );
  await links.create(
    manager,
    {
      contentType: 'stock',
      recipientContractorId: contractor.contractorId,
      durationMinutes: 1440,
      singleUse: true,
    },
    'en-us',
  );
  const api = await links.create(
    manager,
    { contentType: 'api', recipientContractorId: contractor.contractorId, durationMinutes: 60 },
    'en-us',
  );
  await links.withdraw(manager, String(api.record.id));
  return { orders: placed.length, sharedLink: open.link };
};

const definitionOf = (ctx: AppContext, name: string) => {
  const def = ctx.schema.definitions.find((d) => d.name === name);
  if (!def) throw new Error(`no resource ${name}`);
  return def;
};
