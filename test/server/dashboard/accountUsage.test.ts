import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AccountUsage } from '../../../domain/account/usage';
import { clientAccount } from '../../../server/db/internalTables';
import {
  aContractorUser,
  anAccount,
  aPowerUser,
  aRecord,
  aSuperUser,
  aUser,
  definitionOf,
} from '../../support/builders';
import { testAppFixture } from '../../support/testApp';

const today = '2026-03-10T00:00:00.000Z';
const month = '2026-03-01T00:00:00.000Z';
const at = (iso: string) => new Date(iso).toISOString();

/** The company account's usage: the last seven days, the files kept, and the month against the limit. */
describe('GET /api/ClientAccount/usage', () => {
  const fixture = testAppFixture();

  it('counts documents, active users, terminals and files per day and the month against the limit, of the company only', async () => {
    const { ctx } = fixture.t;
    const db = ctx.db;
    const acc = await anAccount(ctx);
    const other = await anAccount(ctx);
    const admin = await aSuperUser(ctx, acc);
    const [picker, clerk, packer] = await Promise.all([aUser(ctx, acc), aUser(ctx, acc), aUser(ctx, acc)]);
    await db
      .update(clientAccount)
      .set({ monthlyDocumentLimit: 2, extraDocumentPrice: 0.1, extraBudget: 5 })
      .where(eq(clientAccount.id, acc));

    const documentAt = async (account: string, createdAt: string) => {
      const row = await aRecord(ctx, definitionOf(ctx, 'wmsDocument'), account);
      await db.execute(sql`update wms_document set created_at = ${createdAt} where id = ${String(row.id)}`);
    };
    await documentAt(acc, at('2026-03-10T08:00:00Z')); // today
    await documentAt(acc, at('2026-03-09T23:59:00Z')); // yesterday
    await documentAt(acc, at('2026-03-02T10:00:00Z')); // this month, before the window
    await documentAt(acc, at('2026-02-27T10:00:00Z')); // last month
    await documentAt(other, at('2026-03-10T09:00:00Z')); // another company

    const fileAt = async (account: string, size: number, createdAt: string) => {
      const row = await aRecord(ctx, definitionOf(ctx, 'fileInfo'), account, { size });
      await db.execute(sql`update file_info set created_at = ${createdAt} where id = ${String(row.id)}`);
    };
    await fileAt(acc, 1000, at('2026-03-10T07:00:00Z'));
    await fileAt(acc, 500, at('2026-03-05T07:00:00Z'));
    await fileAt(other, 7000, at('2026-03-10T07:00:00Z'));

    const session = (account: string, user: string, createdAt: string) =>
      db.execute(sql`insert into refresh_token (token_hash, family_id, user_id, client_account_id, expires_at, created_at)
        values (${crypto.randomUUID()}, gen_random_uuid(), ${user}::uuid, ${account}::uuid, ${createdAt}, ${createdAt})`);
    await session(acc, String(picker.row.id), at('2026-03-10T06:00:00Z'));
    await session(acc, String(clerk.row.id), at('2026-03-09T06:00:00Z'));
    await session(acc, String(clerk.row.id), at('2026-03-09T16:00:00Z')); // the same user twice: one
    const pushed = (account: string, user: string, device: string, createdAt: string) =>
      db.execute(sql`insert into sync_mutation (client_account_id, idempotency_key, device_id, user_id, method, path, xid, created_at)
        values (${account}::uuid, ${crypto.randomUUID()}, ${device}, ${user}::uuid, 'POST', '/api/x', pg_current_xact_id(), ${createdAt})`);
    await pushed(acc, String(packer.row.id), 'handheld-1', at('2026-03-10T10:00:00Z'));
    await pushed(acc, String(picker.row.id), 'handheld-1', at('2026-03-10T11:00:00Z')); // picker again, same device
    await db.execute(sql`insert into sync_device (client_account_id, device_id, user_id, last_seen_at)
      values (${acc}::uuid, 'handheld-2', ${String(picker.row.id)}::uuid, ${at('2026-03-09T12:00:00Z')})`);
    await pushed(other, String((await aUser(ctx, other)).row.id), 'foreign', at('2026-03-10T10:00:00Z'));

    const res = await fixture.t.call(
      admin,
      'GET',
      `/api/ClientAccount/usage?todayFrom=${today}&monthFrom=${month}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const usage = res.json() as AccountUsage;
    expect(usage.days.map((d) => d.from)).toEqual([
      '2026-03-04T00:00:00.000Z',
      '2026-03-05T00:00:00.000Z',
      '2026-03-06T00:00:00.000Z',
      '2026-03-07T00:00:00.000Z',
      '2026-03-08T00:00:00.000Z',
      '2026-03-09T00:00:00.000Z',
      '2026-03-10T00:00:00.000Z',
    ]);
    const [, fifth, , , , ninth, tenth] = usage.days;
    expect(tenth).toEqual({
      from: today,
      documents: 1,
      activeUsers: 2, // picker (session and push), packer (push)
      terminalDevices: 1,
      filesAdded: 1000,
    });
    expect(ninth).toEqual({
      from: '2026-03-09T00:00:00.000Z',
      documents: 1,
      activeUsers: 1,
      terminalDevices: 1,
      filesAdded: 0,
    });
    expect(fifth?.filesAdded).toBe(500);
    expect(usage.days.reduce((sum, d) => sum + d.documents, 0)).toBe(2);
    expect(usage.storageBytes).toBe(1500);
    expect(usage.month).toEqual({
      from: month,
      documents: 3,
      limit: 2,
      overLimit: 1,
      extraDocumentPrice: 0.1,
      extraCost: 0.1,
      extraBudget: 5,
      budgetLeft: 4.9,
      // 2 within the limit and 50 more at 0.10 EUR from the budget of 5 EUR, 3 made.
      documentsLeft: 49,
    });
  });

  it('is for super users of the company; a bad day start is 400', async () => {
    const { ctx } = fixture.t;
    const acc = await anAccount(ctx);
    const power = await aPowerUser(ctx, acc);
    const contractor = await aContractorUser(ctx, acc);
    const admin = await aSuperUser(ctx, acc);
    for (const user of [power, contractor]) {
      const res = await fixture.t.call(user, 'GET', '/api/ClientAccount/usage');
      expect(res.statusCode).toBe(403);
    }
    expect((await fixture.t.call(undefined, 'GET', '/api/ClientAccount/usage')).statusCode).toBe(401);
    const bad = await fixture.t.call(admin, 'GET', '/api/ClientAccount/usage?todayFrom=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('badRequest');
    // Without day starts: UTC days ending today on the server's clock.
    const plain = await fixture.t.call(admin, 'GET', '/api/ClientAccount/usage');
    expect(plain.statusCode, plain.body).toBe(200);
    expect((plain.json() as AccountUsage).days).toHaveLength(7);
  });
});
