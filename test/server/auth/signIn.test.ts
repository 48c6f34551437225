import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDataSchema } from '../../../domain/auth/claims';
import { verifyAccessToken } from '../../../server/auth/accessToken';
import { loadRateLimits } from '../../../server/http/rateLimits';
import { anAccount, aSuperUser, aUser, testPassword } from '../../support/builders';
import { createTestApp, type TestApp } from '../../support/testApp';

const limit = { perUser: 3, perAddress: 5, windowSeconds: 600 };
const signInLimit = { target: limit.perUser, address: limit.perAddress, windowSeconds: limit.windowSeconds };

describe('POST /api/Auth', () => {
  let t: TestApp;
  let acc: string;
  let address = 0;
  /** Each test signs in from its own address so the per-address limit does not leak between tests. */
  const nextAddress = () => `10.0.0.${++address}`;
  const signIn = (username: string, password: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/Auth', payload: { username, password }, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { ...loadRateLimits({}), signIn: signInLimit } } });
    acc = await anAccount(t.ctx);
  });
  afterAll(async () => t.close());

  it('answers token data with the claims of the user and updates lastLogin', async () => {
    const user = await aSuperUser(t.ctx, acc);
    const res = await signIn(String(user.row.username), testPassword);
    expect(res.statusCode, res.body).toBe(200);
    const data = tokenDataSchema.parse(res.json());
    expect(data.claims).toMatchObject({ sub: user.row.id, acc, IsSuperUser: true, LogisticsEnabled: true });
    expect(data.expiresAt).toBeGreaterThan(Date.now());
    expect(data.expiresAt).toBe(data.claims.exp * 1000);
    expect(data.refreshExpiresAt).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(await verifyAccessToken(data.token, t.ctx.config.jwtSecret)).toMatchObject({ sub: user.row.id });
    const startup = await t.app.inject({
      method: 'GET',
      url: '/api/config/getuserstartupconfig',
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(startup.statusCode, startup.body).toBe(200);
    const users = t.ctx.schema.resourceTables.user!;
    const [row] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id!, String(user.row.id)));
    expect(row?.lastLogin).toBeInstanceOf(Date);
  });

  it('takes the user name in any case and with surrounding spaces', async () => {
    const user = await aUser(t.ctx, acc);
    const res = await signIn(`  ${String(user.row.username).toUpperCase()} `, testPassword);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 401 wrongUserOrPassword alike for a wrong password and an unknown user', async () => {
    const user = await aUser(t.ctx, acc);
    const wrong = await signIn(String(user.row.username), 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'wrongUserOrPassword' });
    const unknown = await signIn('nobody-at-all', testPassword);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toMatchObject({ code: 'wrongUserOrPassword' });
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(wrong.json()).sort());
  });

  it('refuses blocked and not activated users only after a correct password', async () => {
    const blocked = await aUser(t.ctx, acc, { isBlocked: true });
    const wrongForBlocked = await signIn(String(blocked.row.username), 'not-the-password');
    expect(wrongForBlocked.json()).toMatchObject({ code: 'wrongUserOrPassword' });
    const res = await signIn(String(blocked.row.username), testPassword);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'accountBlocked' });

    const inactive = await aUser(t.ctx, acc, { isActivated: false });
    const wrongForInactive = await signIn(String(inactive.row.username), 'not-the-password');
    expect(wrongForInactive.json()).toMatchObject({ code: 'wrongUserOrPassword' });
    const res2 = await signIn(String(inactive.row.username), testPassword);
    expect(res2.statusCode).toBe(403);
    expect(res2.json()).toMatchObject({ code: 'accountNotActivated' });
  });

  it('answers 400 formHasErrors when the user name or password is missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/Auth', payload: { username: ' ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [
        { field: 'username', rule: 'required' },
        { field: 'password', rule: 'required' },
      ],
    });
  });

  it('answers 429 once a user name used up its failed attempts, even with the right password', async () => {
    const user = await aUser(t.ctx, acc);
    const name = String(user.row.username);
    for (let i = 0; i < limit.perUser; i++) expect((await signIn(name, `wrong-${i}`)).statusCode).toBe(401);
    const blocked = await signIn(name, testPassword);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'tooManyAttempts' });
    // Other users are not affected.
    const other = await aUser(t.ctx, acc);
    expect((await signIn(String(other.row.username), testPassword)).statusCode).toBe(200);
  });

  it('counts a user name only from its last successful sign-in on', async () => {
    const user = await aUser(t.ctx, acc);
    const name = String(user.row.username);
    for (let i = 0; i < limit.perUser - 1; i++) await signIn(name, 'wrong');
    expect((await signIn(name, testPassword)).statusCode).toBe(200);
    for (let i = 0; i < limit.perUser - 1; i++) await signIn(name, 'wrong');
    expect((await signIn(name, testPassword)).statusCode).toBe(200);
    for (let i = 0; i < limit.perUser; i++) await signIn(name, 'wrong');
    expect((await signIn(name, testPassword)).statusCode).toBe(429);
  });

  it('answers 429 once an address used up its failed attempts', async () => {
    const remote = nextAddress();
    for (let i = 0; i < limit.perAddress; i++)
      expect((await signIn(`guess-${i}`, 'wrong', remote)).statusCode).toBe(401);
    const user = await aUser(t.ctx, acc);
    const res = await signIn(String(user.row.username), testPassword, remote);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'tooManyAttempts' });
    expect((await signIn(String(user.row.username), testPassword)).statusCode).toBe(200);
  });
});
