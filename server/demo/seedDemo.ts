import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../context';
import { clientAccount } from '../db/internalTables';
import { seedPrintLayouts } from '../print/seedPrintLayouts';
import type { Row } from '../resources/rows';
import { deleteAccount } from './deleteAccount';
import { demoScope } from './demoScope';
import { seedDemoCatalyst } from './seedDemoCatalyst';
import { seedDemoImport } from './seedDemoImport';
import { seedDemoOffice } from './seedDemoOffice';
import { seedDemoOrders } from './seedDemoOrders';
import { seedDemoPortal } from './seedDemoPortal';
import { seedDemoShipping } from './seedDemoShipping';
import { seedDemoStock } from './seedDemoStock';
import { seedWarehouseRecords } from './seedWarehouseRecords';

export const demoPassword = 'demo1234';
export const demoAccountName = 'Demo Logistics';
/** The account's name until the seed has finished: a start that finds it knows the seed was interrupted. */
const unfinishedName = 'Demo Logistics (setting up)';
/** Advisory lock so that several processes starting on one empty PostgreSQL seed once. */
const seedLock = 7_243_002;

export interface DemoSeedResult {
  readonly accountId: string;
  readonly documents: Record<string, number>;
  readonly orders: number;
  /** A link to ACME's stock, shown once at the first start (shared links keep no readable key). */
  readonly sharedLink: string | null;
}

/**
 * Seeds "Demo Logistics" on an empty database: users admin (super), manager (power, logistics), picker
 * (terminal) and contractor (portal, linked to the demo contractor ACME), a warehouse with stock made by
 * confirmed documents, open orders, and the catalyst module's catalogue, rates and client accounts
 * (seedDemoCatalyst; admin has the catalyst claim). Returns undefined when the database already holds data (a second
 * start keeps it); an account left half-made by an interrupted first start is removed and made again.
 */
export const seedDemo = async (ctx: AppContext): Promise<DemoSeedResult | undefined> =>
  withSeedLock(ctx, async () => {
    const accounts = await ctx.db
      .select({ id: clientAccount.id, name: clientAccount.name })
      .from(clientAccount);
    const [only] = accounts;
    if (accounts.length > 1 || (only && only.name !== unfinishedName)) return undefined;
    if (only) await deleteAccount(ctx.db, only.id);
    const created = await seedDemoAccount(ctx);
    const manager = demoScope(created.manager);
    const records = await seedWarehouseRecords(ctx, demoScope(created.admin), created.contractorId);
    const stock = await seedDemoStock(ctx, manager, records, created.contractorId);
    const orders = await seedDemoOrders(ctx, manager, records, {
      pickerId: String(created.picker.id),
      contractorId: created.contractorId,
    });
    await seedDemoShipping(ctx, {
      admin: created.admin,
      manager: created.manager,
      password: demoPassword,
      contractorId: created.contractorId,
    });
    const portal = await seedDemoPortal(
      ctx,
      manager,
      demoScope(created.picker),
      { ...demoScope(created.contractor), contractorId: created.contractorId },
      records.products,
    );
    await seedDemoOffice(ctx, demoScope(created.admin), manager, created.contractorId);
    await seedDemoCatalyst(ctx, demoScope(created.admin), demoPassword, new Date(ctx.clock.now()));
    await seedDemoImport(ctx, manager, records.products);
    await ctx.db.transaction((tx) => seedPrintLayouts(tx, ctx.schema, created.accountId));
    await ctx.db
      .update(clientAccount)
      .set({ name: demoAccountName, updatedAt: new Date() })
      .where(eq(clientAccount.id, created.accountId));
    return {
      accountId: created.accountId,
      documents: stock.documents,
      orders: orders.length + portal.orders,
      sharedLink: portal.sharedLink,
    };
  });

/** Runs the seed holding a session advisory lock on PostgreSQL (PGlite has one process per data directory). */
const withSeedLock = async <T>(ctx: AppContext, work: () => Promise<T>): Promise<T> => {
  const pool = ctx.database.pool;
  if (!pool) return work();
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [seedLock]);
    return await work();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [seedLock]).catch(() => undefined);
    client.release();
  }
};

interface DemoAccount {
  readonly accountId: string;
  readonly admin: Row;
  readonly manager: Row;
  readonly picker: Row;
  readonly contractor: Row;
  readonly contractorId: string;
}

const seedDemoAccount = async (ctx: AppContext): Promise<DemoAccount> => {
  const users = ctx.schema.resourceTables.user;
  const companies = ctx.schema.resourceTables.company;
  if (!users || !companies) throw new Error('user and company resources are required');
  return ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(clientAccount)
      .values({
        name: unfinishedName,
        invoiceName: 'Demo Logistics Sp. z o.o.',
        appTitle: 'Aisle — Demo Logistics',
        // A subscription's terms, so the account screen shows the month against them; far above what the demo uses.
        monthlyDocumentLimit: 1000,
        extraDocumentPrice: 0.05,
        extraBudget: 25,
      })
      .returning();
    if (!account) throw new Error('could not create the demo account');
    const [contractor] = await tx
      .insert(companies)
      .values({
        clientAccountId: account.id,
        shortName: 'ACME',
        fullName: 'ACME Retail Ltd.',
        taxId: 'PL5260001234',
        taxCountry: 'PL',
        roles: ['contractor', 'recipient'],
        officeMail: 'office@acme.example',
      })
      .returning();
    await tx.insert(companies).values([
      {
        clientAccountId: account.id,
        shortName: 'NORDFRACHT',
        fullName: 'Nordfracht GmbH',
        roles: ['carrier'],
        taxCountry: 'DE',
      },
      {
        clientAccountId: account.id,
        shortName: 'FRESHFARM',
        fullName: 'Fresh Farm Supplies',
        roles: ['supplier'],
        taxCountry: 'PL',
      },
    ]);
    const passwordHash = await hashPassword(demoPassword);
    const base = {
      clientAccountId: account.id,
      passwordHash,
      isActivated: true,
      createdDate: new Date(),
      defaultLanguage: 'en-us',
    };
    const inserted = await tx
      .insert(users)
      .values([
        {
          ...base,
          username: 'admin',
          visibleName: 'Alice Admin',
          email: 'admin@demo.aisle',
          isSuperUser: true,
          isPowerUser: true,
          logisticsEnabled: true,
          terminalEnabled: true,
          shippingEnabled: true,
          transportEnabled: true,
          catalystAdminEnabled: true,
        },
        {
          ...base,
          username: 'manager',
          visibleName: 'Mark Manager',
          email: 'manager@demo.aisle',
          isPowerUser: true,
          logisticsEnabled: true,
          shippingEnabled: true,
        },
        {
          ...base,
          username: 'picker',
          visibleName: 'Pia Picker',
          email: 'picker@demo.aisle',
          terminalEnabled: true,
        },
        {
          ...base,
          username: 'contractor',
          visibleName: 'Carl Contractor',
          email: 'carl@acme.example',
          contractorId: contractor?.id,
          contractorPortalEnabled: true,
        },
      ])
      .returning();
    const named = (username: string) => inserted.find((u) => u.username === username);
    const [admin, manager, picker, portalUser] = ['admin', 'manager', 'picker', 'contractor'].map(named);
    if (!admin || !manager || !picker || !portalUser || !contractor)
      throw new Error('could not create the demo users');
    return {
      accountId: account.id,
      admin,
      manager,
      picker,
      contractor: portalUser,
      contractorId: String(contractor.id),
    };
  });
};
