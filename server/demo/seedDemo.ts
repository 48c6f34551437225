import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { AppContext } from '../context';
import { clientAccount } from '../db/internalTables';
import type { Row } from '../resources/rows';
import { seedWarehouseRecords } from './seedWarehouseRecords';

export const demoPassword = 'demo1234';

/**
 * Seeds "Demo Logistics" on an empty database: users admin (super), manager (power,
 * logistics), picker (terminal) and contractor (portal, linked to a demo contractor).
 * Returns false when the database already holds data (a second start keeps it).
 */
export const seedDemo = async (ctx: AppContext): Promise<boolean> => {
  const created = await seedDemoAccount(ctx);
  if (!created) return false;
  await seedWarehouseRecords(ctx, created.admin, created.contractorId);
  return true;
};

const seedDemoAccount = async (
  ctx: AppContext,
): Promise<{ admin: Row; contractorId: string } | undefined> => {
  const users = ctx.schema.resourceTables.user;
  const companies = ctx.schema.resourceTables.company;
  if (!users || !companies) throw new Error('user and company resources are required');
  return ctx.db.transaction(async (tx) => {
    // Serialise concurrent first starts on one PostgreSQL.
    await tx.execute(sql`select pg_advisory_xact_lock(7243002)`);
    const existing = await tx.select({ id: clientAccount.id }).from(clientAccount).limit(1);
    if (existing.length) return undefined;
    const [account] = await tx
      .insert(clientAccount)
      .values({
        name: 'Demo Logistics',
        invoiceName: 'Demo Logistics Sp. z o.o.',
        appTitle: 'Aisle — Demo Logistics',
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
    const [admin] = await tx
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
        },
        {
          ...base,
          username: 'manager',
          visibleName: 'Mark Manager',
          email: 'manager@demo.aisle',
          isPowerUser: true,
          logisticsEnabled: true,
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
    if (!admin || !contractor) throw new Error('could not create the demo users');
    return { admin, contractorId: String(contractor.id) };
  });
};
