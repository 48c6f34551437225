import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDataSchema } from '../../domain/auth/claims';
import { movableClock, registerTestClockRoutes } from '../../server/testClock';
import { anAccount, aUser, testPassword } from '../support/builders';
import { createTestApp, type TestApp } from '../support/testApp';

/**
 * The clock the end-to-end harness moves (AISLE_TEST_CLOCK=1): PUT /api/test/clock sets how far ahead the server
 * runs, and access tokens are issued and checked on that clock (a token renewed while the clock is ahead is good).
 */
describe('the e2e test clock', () => {
  const clock = movableClock();
  let t: TestApp;
  let acc: string;

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { accessTokenSeconds: 600 } });
    registerTestClockRoutes(t.app, clock);
    acc = await anAccount(t.ctx);
  });
  afterAll(async () => t.close());

  const setOffset = (payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/test/clock', payload: payload as object });

  it('moves the server clock and reads it back; refuses what is not a number of seconds', async () => {
    const before = clock.now();
    const res = await setOffset({ offsetSeconds: 3600 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ offsetSeconds: 3600 });
    expect(clock.now() - before).toBeGreaterThanOrEqual(3_600_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/clock' })).json()).toEqual({
      offsetSeconds: 3600,
    });

    const bad = await setOffset({ offsetSeconds: 'soon' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'badRequest' });
    expect(clock.offsetSeconds()).toBe(3600);
    expect((await setOffset({ offsetSeconds: 0 })).statusCode).toBe(200);
  });

  it('an access token expires when the clock passes its life; the one renewed then is good on that clock', async () => {
    const user = await aUser(t.ctx, acc);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/Auth',
      payload: { username: user.row.username, password: testPassword },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const first = tokenDataSchema.parse(signIn.json());
    const config = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/config/getuserstartupconfig',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await config(first.token)).statusCode).toBe(200);

    clock.set(660);
    try {
      expect((await config(first.token)).statusCode).toBe(401);
      const renewed = await t.app.inject({
        method: 'GET',
        url: '/api/Auth',
        headers: { authorization: `Bearer ${first.refreshToken}` },
      });
      expect(renewed.statusCode, renewed.body).toBe(200);
      const second = tokenDataSchema.parse(renewed.json());
      expect(second.expiresAt).toBeGreaterThan(clock.now());
      expect((await config(second.token)).statusCode).toBe(200);
    } finally {
      clock.set(0);
    }
  });
});
