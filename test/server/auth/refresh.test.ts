import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TokenData, tokenDataSchema } from '../../../domain/auth/claims';
import { secretCode } from '../../../server/auth/secretCode';
import { refreshToken } from '../../../server/db/internalTables';
import { anAccount, aUser, testPassword } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('GET /api/Auth (refresh token rotation)', () => {
  let t: TestApp;
  let acc: string;

  const signIn = async (username: unknown): Promise<TokenData> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Auth',
      payload: { username, password: testPassword },
    });
    expect(res.statusCode, res.body).toBe(200);
    return tokenDataSchema.parse(res.json());
  };
  const refresh = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/Auth', headers: { authorization: `Bearer ${token}` } });
  const expectExpired = (res: Awaited<ReturnType<typeof refresh>>) => {
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toMatchObject({ code: 'sessionExpired' });
  };
  const users = () => t.ctx.schema.resourceTables.user!;

  beforeAll(async () => {
    t = await createTestApp();
    acc = await anAccount(t.ctx);
  });
  afterAll(async () => t.close());

  it('issues a new pair and uses up the presented refresh token', async () => {
    const user = await aUser(t.ctx, acc);
    const first = await signIn(user.row.username);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode, res.body).toBe(200);
    const second = tokenDataSchema.parse(res.json());
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.claims.sub).toBe(user.row.id);
    const rows = await t.ctx.db
      .select()
      .from(refreshToken)
      .where(eq(refreshToken.userId, String(user.row.id)));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    // Only hashes are stored.
    expect(rows.map((r) => r.tokenHash)).toContain(secretCode.hash(first.refreshToken));
    expect(rows.map((r) => r.tokenHash)).not.toContain(first.refreshToken);
    const third = await refresh(second.refreshToken);
    expect(third.statusCode).toBe(200);
  });

  it('carries the current flags of the user in the new claims', async () => {
    const user = await aUser(t.ctx, acc);
    const first = await signIn(user.row.username);
    expect(first.claims.IsPowerUser).toBe(false);
    await t.ctx.db
      .update(users())
      .set({ isPowerUser: true })
      .where(eq(users().id!, String(user.row.id)));
    const res = await refresh(first.refreshToken);
    expect(res.json().claims).toMatchObject({ IsPowerUser: true });
  });

  it('revokes the whole family when a used token is presented again', async () => {
    const user = await aUser(t.ctx, acc);
    const first = await signIn(user.row.username);
    const second = tokenDataSchema.parse((await refresh(first.refreshToken)).json());
    expectExpired(await refresh(first.refreshToken));
    // The newest token of the family went with it.
    expectExpired(await refresh(second.refreshToken));
    // Other sign-ins (families) of the same user are untouched.
    const other = await signIn(user.row.username);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with the same token succeed', async () => {
    const user = await aUser(t.ctx, acc);
    const first = await signIn(user.row.username);
    const results = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers 401 sessionExpired for unknown, malformed, missing and expired tokens', async () => {
    expectExpired(await refresh(secretCode.create().code));
    expectExpired(await refresh('not a token'));
    expectExpired(await t.app.inject({ method: 'GET', url: '/api/Auth' }));
    const user = await aUser(t.ctx, acc);
    const first = await signIn(user.row.username);
    // An access token is no refresh token.
    expectExpired(await refresh(first.token));
    await t.ctx.db
      .update(refreshToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshToken.tokenHash, secretCode.hash(first.refreshToken)));
    expectExpired(await refresh(first.refreshToken));
  });

  it('ends the session of a blocked user and of a deleted user', async () => {
    const user = await aUser(t.ctx, acc);
    const first = await signIn(user.row.username);
    const second = await signIn(user.row.username);
    await t.ctx.db
      .update(users())
      .set({ isBlocked: true })
      .where(eq(users().id!, String(user.row.id)));
    expectExpired(await refresh(first.refreshToken));
    const [revoked] = await t.ctx.db
      .select()
      .from(refreshToken)
      .where(eq(refreshToken.tokenHash, secretCode.hash(first.refreshToken)));
    expect(revoked?.revokedAt).toBeInstanceOf(Date);
    // Unblocking does not bring the revoked family back; the other sign-in still works.
    await t.ctx.db
      .update(users())
      .set({ isBlocked: false })
      .where(eq(users().id!, String(user.row.id)));
    expectExpired(await refresh(first.refreshToken));
    const next = await refresh(second.refreshToken);
    expect(next.statusCode).toBe(200);

    await t.ctx.db.delete(users()).where(eq(users().id!, String(user.row.id)));
    expectExpired(await refresh(tokenDataSchema.parse(next.json()).refreshToken));
  });
});
