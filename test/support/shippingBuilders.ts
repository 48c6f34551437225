import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../server/context';
import type { AppMailer, OutboxMail } from '../../server/mail/createMailer';
import type { Row } from '../../server/resources/rows';
import { aUser, type TestUser } from './builders';
import type { TestApp } from './testApp';

/** A carrier company of the account and a user of it with find transport (TransportEnabled). */
export const aCarrierUser = async (
  ctx: AppContext,
  clientAccountId: string,
  name = `CARRIER-${randomUUID().slice(0, 8)}`,
): Promise<TestUser & { carrierId: string }> => {
  const companies = ctx.schema.resourceTables.company;
  if (!companies) throw new Error('no company table');
  const [company] = await ctx.db
    .insert(companies)
    .values({ clientAccountId, shortName: name, roles: ['carrier'] })
    .returning();
  if (!company) throw new Error('no company');
  // Staff switches ticked on purpose: a carrier's user must get none of them.
  const user = await aUser(ctx, clientAccountId, {
    carrierId: company.id,
    transportEnabled: true,
    logisticsEnabled: true,
    isPowerUser: true,
  });
  return { ...user, carrierId: String(company.id) };
};

/** A complete ticket body (publishable): PL → DE, pickup in two days. */
export const aTicketBody = (overrides: Row = {}): Row => ({
  pickupPoint: 'Warehouse gate 3, Poznań',
  pickupCountry: 'pl',
  destinationPoint: 'Customer DC, Berlin',
  destinationCountry: 'DE',
  pickupTime: '2031-03-10T08:00:00.000Z',
  deliveryTime: '2031-03-11T16:00:00.000Z',
  loadWeight: 1200,
  palletCount: 4,
  loadText: 'Consumer goods',
  description: 'Tail lift needed',
  ...overrides,
});

export const anOfferBody = (overrides: Row = {}): Row => ({
  price: 950,
  currency: 'eur',
  pickupTime: '2031-03-10T09:00:00.000Z',
  deliveryTime: '2031-03-11T15:00:00.000Z',
  validUntil: '2031-03-01T00:00:00.000Z',
  comment: 'Euro 6 truck',
  ...overrides,
});

/** Mail the app kept in memory (no SMTP in tests) to one address, oldest first. */
export const mailTo = (t: TestApp, to: string): OutboxMail[] =>
  (t.ctx.mailer as AppMailer).outbox.filter((m) => m.to === to);
