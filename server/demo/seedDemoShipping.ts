import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../context';
import { DiscussionService } from '../discussions/discussionService';
import type { Row } from '../resources/rows';
import { SellOfferService } from '../sellOffers/sellOfferService';
import { OfferService } from '../shipping/offerService';
import { column } from '../shipping/shippingTables';
import { TicketService } from '../shipping/ticketService';
import { runWork } from '../shipping/unitOfWork';
import { OrderService } from '../warehouse/orders/orderService';
import { demoScope } from './demoScope';

const day = 86_400_000;
/** A moment `days` from today at `hour`:00 UTC. */
const at = (days: number, hour: number): string => {
  const d = new Date(Date.now() + days * day);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

/**
 * Shipping, calendar and sell offers of the demo: the carriers NORDFRACHT (user `carrier`) and BALTIC HAULAGE
 * (user `carrier2`), a published ticket both offered on, a ticket assigned to NORDFRACHT, docks, a truck and a
 * team for the planner with events, and a sell offer to ACME reserving goods for two weeks.
 */
export const seedDemoShipping = async (
  ctx: AppContext,
  people: { admin: Row; manager: Row; password: string; contractorId: string },
): Promise<void> => {
  const accountId = String(people.admin.clientAccountId);
  const companies = ctx.schema.resourceTables.company;
  const users = ctx.schema.resourceTables.user;
  if (!companies || !users) return;
  const c = (name: string) => column(companies, name);
  const [nordfracht] = await ctx.db
    .select()
    .from(companies)
    .where(and(eq(c('clientAccountId'), accountId), eq(c('shortName'), 'NORDFRACHT')));
  const [baltic] = await ctx.db
    .insert(companies)
    .values({
      clientAccountId: accountId,
      shortName: 'BALTIC HAULAGE',
      fullName: 'Baltic Haulage Sp. z o.o.',
      roles: ['carrier'],
      taxCountry: 'PL',
    })
    .returning();
  if (!nordfracht || !baltic) return;
  const passwordHash = await hashPassword(people.password);
  const base = {
    clientAccountId: accountId,
    passwordHash,
    isActivated: true,
    createdDate: new Date(),
    defaultLanguage: 'en-us',
    transportEnabled: true,
  };
  const carriers = await ctx.db
    .insert(users)
    .values([
      {
        ...base,
        username: 'carrier',
        visibleName: 'Nina Nordfracht',
        email: 'dispatch@nordfracht.example',
        carrierId: nordfracht.id,
      },
      {
        ...base,
        username: 'carrier2',
        visibleName: 'Bartek Baltic',
        email: 'dispatch@baltic.example',
        carrierId: baltic.id,
      },
    ])
    .returning();
  const [nordUser, balticUser] = carriers;
  if (!nordUser || !balticUser) return;

  const manager = demoScope(people.manager);
  const tickets = new TicketService(ctx);
  const offers = new OfferService(ctx);
  const now = new Date();
  const open = await runWork(ctx, now, async (work) => {
    const ticket = await tickets.create(work, manager, {
      pickupPoint: 'Demo Logistics, gate 2, Poznań',
      pickupCountry: 'PL',
      destinationPoint: 'ACME distribution centre, Berlin',
      destinationCountry: 'DE',
      pickupTime: at(3, 8),
      deliveryTime: at(4, 14),
      loadWeight: 4200,
      palletCount: 12,
      loadText: 'Consumer goods, stackable',
      description: 'Tail lift, loading at dock 2',
    });
    await tickets.publish(work, manager, String(ticket.id));
    return ticket;
  });
  await runWork(ctx, now, (work) =>
    offers.make(work, demoScope(nordUser), String(open.id), {
      price: 1850,
      currency: 'EUR',
      pickupTime: at(3, 9),
      deliveryTime: at(4, 12),
      validUntil: at(2, 18),
      comment: 'Euro 6 truck with tail lift',
    }),
  );
  await runWork(ctx, now, (work) =>
    offers.make(work, demoScope(balticUser), String(open.id), {
      price: 1720,
      currency: 'EUR',
      validUntil: at(2, 12),
      comment: 'Can load a day earlier',
    }),
  );
  // Carrier messaging: Nordfracht asks about the load in its thread (its offer opened it); the manager answers.
  const discussions = new DiscussionService(ctx);
  const [nordThread] = (
    await discussions.threadsOf(ctx.db, accountId, 'shipmentTicket', String(open.id))
  ).filter((d) => d.threadKey === `carrier:${String(nordfracht.id)}`);
  if (nordThread) {
    await discussions.post(demoScope(nordUser), nordThread.id, 'Is the load stackable to 2.4 m?');
    await discussions.post(manager, nordThread.id, 'Yes, up to 2.4 m. Dock 2 opens at 7:30.');
  }
  const assigned = await runWork(ctx, now, async (work) => {
    const ticket = await tickets.create(work, manager, {
      pickupPoint: 'Demo Logistics, gate 1, Poznań',
      pickupCountry: 'PL',
      destinationPoint: 'Fresh Farm Supplies, Łódź',
      destinationCountry: 'PL',
      pickupTime: at(1, 7),
      deliveryTime: at(1, 13),
      loadWeight: 800,
      palletCount: 3,
      loadText: 'Returnable crates',
      invitedCarrierIds: [String(nordfracht.id)],
    });
    await tickets.publish(work, manager, String(ticket.id));
    return ticket;
  });
  const won = await runWork(ctx, now, (work) =>
    offers.make(work, demoScope(nordUser), String(assigned.id), {
      price: 420,
      currency: 'PLN',
      validUntil: at(1, 6),
    }),
  );
  await runWork(ctx, now, (work) => offers.confirm(work, manager, String(won.id)));

  const resources = ctx.schema.resourceTables.calendarResource;
  const events = ctx.schema.resourceTables.calendarEvent;
  if (resources && events) {
    const rows = await ctx.db
      .insert(resources)
      .values([
        { clientAccountId: accountId, name: 'Dock 1', kind: 'dock' },
        { clientAccountId: accountId, name: 'Dock 2', kind: 'dock' },
        { clientAccountId: accountId, name: 'Truck PO 4821K', kind: 'vehicle' },
        { clientAccountId: accountId, name: 'Night shift', kind: 'team' },
      ])
      .returning();
    const id = (name: string) => rows.find((r) => r.name === name)?.id ?? null;
    await ctx.db.insert(events).values([
      {
        clientAccountId: accountId,
        title: 'Inbound: Fresh Farm',
        startDate: new Date(at(1, 6)),
        finishDate: new Date(at(1, 8)),
        resourceSubType: 112,
        resourceId: id('Dock 1'),
      },
      {
        clientAccountId: accountId,
        title: 'Outbound: ACME',
        startDate: new Date(at(3, 8)),
        finishDate: new Date(at(3, 10)),
        resourceSubType: 122,
        resourceId: id('Dock 2'),
      },
      {
        clientAccountId: accountId,
        title: 'Stocktaking aisle A',
        startDate: new Date(at(5, 20)),
        finishDate: new Date(at(6, 4)),
        resourceSubType: 132,
        resourceId: id('Night shift'),
      },
      {
        clientAccountId: accountId,
        title: 'Truck service',
        startDate: new Date(at(6, 9)),
        finishDate: new Date(at(6, 12)),
        resourceSubType: 144,
        resourceId: id('Truck PO 4821K'),
      },
      {
        clientAccountId: accountId,
        title: 'Safety briefing',
        startDate: new Date(at(2, 7)),
        resourceSubType: 900,
      },
    ]);
  }

  // A sell offer to ACME: the first of its products with stock, reserved for two weeks.
  const stock = ctx.schema.warehouseTables.stock;
  const [free] = await ctx.db
    .select({
      productId: stock.productId,
      available: sql<string>`sum(${stock.quantity} - ${stock.reserved})`,
    })
    .from(stock)
    .where(and(eq(stock.clientAccountId, accountId), eq(stock.contractorId, people.contractorId)))
    .groupBy(stock.productId)
    .having(sql`sum(${stock.quantity} - ${stock.reserved}) >= 2`)
    .limit(1);
  if (!free) return;
  const orders = new OrderService(ctx);
  const offer = await orders.create(manager, {
    typeCode: 'OSO',
    contractorId: people.contractorId,
    validUntil: at(14, 16),
    comment: 'Spring promotion',
    positions: [{ productId: free.productId, quantity: 2 }],
  });
  await runWork(ctx, now, (work) => new SellOfferService(ctx).send(work, manager, String(offer.id)));
};
