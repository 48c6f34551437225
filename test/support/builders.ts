import { randomUUID } from 'node:crypto';
import { signAccessToken } from '../../server/auth/accessToken';
import { claimsOf } from '../../server/auth/claimsOf';
import { hashPassword } from '../../server/auth/password';
import type { AppContext } from '../../server/context';
import { clientAccount } from '../../server/db/internalTables';
import type { Row } from '../../server/resources/rows';

/** Test data builders: one system for every server test. */
export const testPassword = 'Secret-pass-1';
let passwordHash: Promise<string> | undefined;
const hashed = () => {
  passwordHash ??= hashPassword(testPassword);
  return passwordHash;
};

export const anAccount = async (
  ctx: AppContext,
  name = `Account ${randomUUID().slice(0, 8)}`,
): Promise<string> => {
  const [row] = await ctx.db.insert(clientAccount).values({ name }).returning({ id: clientAccount.id });
  if (!row) throw new Error('no account');
  return row.id;
};

export interface TestUser {
  readonly row: Row;
  readonly token: string;
  readonly headers: { authorization: string };
}

/** A signed-in user of an account (password `testPassword`) with an access token ready to use. */
export const aUser = async (
  ctx: AppContext,
  clientAccountId: string,
  overrides: Row = {},
): Promise<TestUser> => {
  const table = ctx.schema.resourceTables.user;
  if (!table) throw new Error('no user table');
  const suffix = randomUUID().slice(0, 8);
  const [row] = await ctx.db
    .insert(table)
    .values({
      clientAccountId,
      username: `user-${suffix}`,
      email: `user-${suffix}@example.com`,
      visibleName: `User ${suffix}`,
      passwordHash: await hashed(),
      isActivated: true,
      createdDate: new Date(),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no user');
  const { token } = await signAccessToken(claimsOf(row), ctx.config.jwtSecret, ctx.config.accessTokenSeconds);
  return { row, token, headers: { authorization: `Bearer ${token}` } };
};

export const aSuperUser = (ctx: AppContext, clientAccountId: string, overrides: Row = {}) =>
  aUser(ctx, clientAccountId, {
    isSuperUser: true,
    isPowerUser: true,
    logisticsEnabled: true,
    terminalEnabled: true,
    ...overrides,
  });

export const aPowerUser = (ctx: AppContext, clientAccountId: string, overrides: Row = {}) =>
  aUser(ctx, clientAccountId, { isPowerUser: true, logisticsEnabled: true, ...overrides });

/** A contractor company of the account and a portal user linked to it. */
export const aContractorUser = async (
  ctx: AppContext,
  clientAccountId: string,
): Promise<TestUser & { contractorId: string }> => {
  const companies = ctx.schema.resourceTables.company;
  if (!companies) throw new Error('no company table');
  const [company] = await ctx.db
    .insert(companies)
    .values({ clientAccountId, shortName: `CTR-${randomUUID().slice(0, 8)}`, roles: ['contractor'] })
    .returning();
  if (!company) throw new Error('no company');
  const user = await aUser(ctx, clientAccountId, { contractorId: company.id, contractorPortalEnabled: true });
  return { ...user, contractorId: String(company.id) };
};
