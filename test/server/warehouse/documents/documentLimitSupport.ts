import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AccountUsage } from '../../../../domain/account/usage';
import { accountDocumentMonth } from '../../../../server/db/internalTables';
import type { TestUser } from '../../../support/builders';
import type { TestApp } from '../../../support/testApp';

/** How many rows of a resource the company has. */
export const tableCount = async (t: TestApp, name: string, acc: string): Promise<number> => {
  const table = t.ctx.schema.resourceTables[name];
  const accountId = table?.clientAccountId;
  if (!table || !accountId) throw new Error(`no ${name} table`);
  const [row] = await t.ctx.db.select({ n: count() }).from(table).where(eq(accountId, acc));
  return Number(row?.n ?? 0);
};

/** The company's counted documents per month, oldest first. */
export const monthRows = async (t: TestApp, acc: string) =>
  (
    await t.ctx.db
      .select({ month: accountDocumentMonth.month, documents: accountDocumentMonth.documents })
      .from(accountDocumentMonth)
      .where(eq(accountDocumentMonth.clientAccountId, acc))
  ).sort((a, b) => a.month.localeCompare(b.month));

/** The month's documents against the limit, as the super user `who` sees them. */
export const monthUsage = async (t: TestApp, who: TestUser): Promise<AccountUsage['month']> => {
  const res = await t.call(who, 'GET', '/api/ClientAccount/usage');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as AccountUsage).month;
};
