import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenDataSchema } from '../../../domain/auth/claims';
import { buildApp } from '../../../server/app';
import { refreshToken } from '../../../server/db/internalTables';
import { anAccount, aSuperUser, aUser, type TestUser, testPassword } from '../../support/builders';
import { recordingMailer } from '../../support/fakes';
import { createTestApp, type TestApp, testConfig } from '../../support/testApp';
import { testClock } from '../../support/testClock';
import { connectClient, eventually, listen } from '../hub/hubClient';

/**
 * Issue 27: a blocked user, a deleted user and a user whose password an administrator set (or who reset it by
 * e-mail) lose access on their next request — REST, the change feed, the push and the live connection — not
 * when their access token expires; their refresh tokens are revoked.
 */
// Time stands still unless the test moves it.
const clock = testClock({ flows: false });
const mailer = recordingMailer();
const { sent } = mailer;

let t: TestApp;
let acc: string;
let admin: TestUser;
let address = 0;

beforeAll(async () => {
  t = await createTestApp({ clock, mailer });
  acc = await anAccount(t.ctx);
  admin = await aSuperUser(t.ctx, acc);
});
afterAll(async () => t.close());

/** A signed-in staff user with the rights of the feed and the push: access and refresh token. */
const signedIn = async () => {
  const user = await aUser(t.ctx, acc, { logisticsEnabled: true, terminalEnabled: true });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Auth',
    payload: { username: user.row.username, password: testPassword },
    remoteAddress: `10.99.0.${++address}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = tokenDataSchema.parse(res.json());
  return { id: String(user.row.id), data, bearer: { authorization: `Bearer ${data.token}` } };
};
type Session = Awaited<ReturnType<typeof signedIn>>;

/** The calls a signed-in user makes, with the answers they get. */
const statusesOf = async (server: Pick<FastifyInstance, 'inject'>, session: Session) => {
  const get = (url: string) => server.inject({ method: 'GET', url, headers: session.bearer });
  const push = await server.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: session.bearer,
    payload: {
      version: 1,
      mutations: [
        {
          idempotencyKey: `key-${randomUUID()}`,
          deviceId: 'device-1',
          mutationId: 1,
          method: 'GET',
          path: '/api/config/getuserstartupconfig',
        },
      ],
    },
  });
  return {
    rest: (await get('/api/config/getuserstartupconfig')).statusCode,
    feed: (await get('/api/sync/changes')).statusCode,
    push: push.statusCode,
  };
};

const refresh = (session: Session) =>
  t.app.inject({
    method: 'GET',
    url: '/api/Auth',
    headers: { authorization: `Bearer ${session.data.refreshToken}` },
  });

const openRefreshTokens = async (userId: string) =>
  (await t.ctx.db.select().from(refreshToken).where(eq(refreshToken.userId, userId))).filter(
    (r) => !r.revokedAt,
  );

const allowed = { rest: 200, feed: 200, push: 200 };
const refused = { rest: 401, feed: 401, push: 401 };

describe('sessions end at once', () => {
  it('when an administrator blocks the user: REST, feed and push answer 401, renewal fails', async () => {
    const session = await signedIn();
    expect(await statusesOf(t.app, session)).toEqual(allowed);
    const blocked = await t.call(admin, 'PUT', `/api/User/${session.id}`, { isBlocked: true });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(await statusesOf(t.app, session)).toEqual(refused);
    expect(await openRefreshTokens(session.id)).toEqual([]);
    expect((await refresh(session)).statusCode).toBe(401);
    // The administrator's own session goes on.
    expect((await t.call(admin, 'GET', '/api/config/getuserstartupconfig')).statusCode).toBe(200);
  });

  it('when an administrator sets the password: the old session ends, the new password signs in', async () => {
    const session = await signedIn();
    const changed = await t.call(admin, 'PUT', `/api/User/${session.id}`, { password: 'Brand-new-pass-2' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await statusesOf(t.app, session)).toEqual(refused);
    expect((await refresh(session)).statusCode).toBe(401);
    const [row] = await t.ctx.db
      .select()
      .from(t.ctx.schema.resourceTables.user!)
      .where(eq(t.ctx.schema.resourceTables.user!.id!, session.id));
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/Auth',
      payload: { username: row?.username, password: 'Brand-new-pass-2' },
      remoteAddress: '10.99.1.1',
    });
    expect(again.statusCode, again.body).toBe(200);
    const fresh = tokenDataSchema.parse(again.json());
    expect(fresh.claims.sv).toBe(1);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/sync/changes',
          headers: { authorization: `Bearer ${fresh.token}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('when the user is deleted', async () => {
    const session = await signedIn();
    expect((await t.call(admin, 'DELETE', `/api/User/${session.id}`)).statusCode).toBe(204);
    expect(await statusesOf(t.app, session)).toEqual(refused);
    expect(await openRefreshTokens(session.id)).toEqual([]);
  });

  it('when the user resets the password by e-mail', async () => {
    const session = await signedIn();
    const [row] = await t.ctx.db
      .select()
      .from(t.ctx.schema.resourceTables.user!)
      .where(eq(t.ctx.schema.resourceTables.user!.id!, session.id));
    const email = String(row?.email);
    const asked = await t.app.inject({
      method: 'GET',
      url: `/api/Register/send-reset/${email}`,
      remoteAddress: '10.99.2.1',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const link = sent
      .filter((m) => m.to === email)
      .at(-1)
      ?.text.match(/code=([A-Za-z0-9_-]{43})/)?.[1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/Register/make-reset',
      payload: { code: link, password: 'Reset-pass-3', confirmPassword: 'Reset-pass-3' },
      remoteAddress: '10.99.2.1',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await statusesOf(t.app, session)).toEqual(refused);
  });

  it('closes the live connection of a blocked user at once', async () => {
    const session = await signedIn();
    const base = await listen(t.app);
    const client = await connectClient(base, session.data.token);
    await t.call(admin, 'PUT', `/api/User/${session.id}`, { isBlocked: true });
    await eventually(() => expect(client.closed.error?.message ?? '').toContain('Unauthorized'));
    // And it cannot come back with the same token.
    await expect(connectClient(base, session.data.token)).rejects.toThrow();
    await client.stop();
  });

  it('checks on every request from memory: one read of the user for many calls, again after a minute', async () => {
    const session = await signedIn();
    const access = t.ctx.userAccess as unknown as { load: (...args: unknown[]) => Promise<unknown> };
    const load = vi.spyOn(access, 'load');
    for (let i = 0; i < 20; i++)
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/sync/changes', headers: session.bearer })).statusCode,
      ).toBe(200);
    expect(load.mock.calls.length).toBeLessThanOrEqual(1);
    // A change nobody announced (written straight into the database) is seen once the entry is a minute old.
    const users = t.ctx.schema.resourceTables.user!;
    await t.ctx.db.update(users).set({ isBlocked: true }).where(eq(users.id!, session.id));
    clock.advance(61_000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/sync/changes', headers: session.bearer })).statusCode,
    ).toBe(401);
    load.mockRestore();
  });
});

// PGlite is one process's database: processes share counts and changes only on PostgreSQL.
if (process.env.DATABASE_URL) {
  describe('across server processes (PostgreSQL, LISTEN/NOTIFY)', () => {
    let other: FastifyInstance;
    beforeAll(async () => {
      other = await buildApp({
        clock,
        mailer,
        config: { ...testConfig, databaseUrl: t.ctx.config.databaseUrl },
      });
    });
    afterAll(async () => other?.close());

    it('refuses on the other process the next request of a user blocked on this one', async () => {
      const session = await signedIn();
      expect(await statusesOf(other, session)).toEqual(allowed);
      const heard = new Promise<void>((resolve) => {
        const stop = other.ctx.userAccess.onInvalidated((id) => {
          if (id === session.id) {
            stop();
            resolve();
          }
        });
      });
      await t.call(admin, 'PUT', `/api/User/${session.id}`, { isBlocked: true });
      await heard;
      expect(await statusesOf(other, session)).toEqual(refused);
    });
  });
}
