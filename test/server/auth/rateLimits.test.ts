import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../../e2e/support/serverProcess';
import { buildApp } from '../../../server/app';
import { rateLimited } from '../../../server/http/rateLimiter';
import { defaultRateLimits } from '../../../server/http/rateLimits';
import { anAccount, aUser } from '../../support/builders';
import { recordingMailer } from '../../support/fakes';
import { createTestApp, type TestApp, testConfig } from '../../support/testApp';
import { testClock } from '../../support/testClock';

/**
 * Issue 27: every call that needs no account is counted per client address and per target, in PostgreSQL (so
 * every server process on the database shares the counts), with a translated 429 and Retry-After. The clock is
 * moved by hand: no test waits for a window to pass.
 */
// Time stands still unless the test moves it.
const clock = testClock({ flows: false });
const advance = (seconds: number) => clock.advance(seconds * 1000);
const mailer = recordingMailer();
const { sent } = mailer;

let t: TestApp;
/** A second server on the same database: another process's view of the counts. */
let other: FastifyInstance;
let acc: string;
let lastAddress = 0;
const freshAddress = () => `10.27.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

beforeAll(async () => {
  t = await createTestApp({
    mailer,
    clock,
    config: {
      rateLimits: { ...defaultRateLimits, publicPage: { ...defaultRateLimits.publicPage, address: 12 } },
    },
  });
  // The reusable guard of public pages, on a route of its own (shared links will use it the same way).
  t.app.get<{ Params: { token: string } }>(
    '/api/test/shared/:token',
    {
      preHandler: rateLimited(t.ctx.rateLimiter, 'publicPage', (r) => (r.params as { token: string }).token),
    },
    async () => ({ ok: true }),
  );
  other = await buildApp({
    clock,
    mailer,
    config: { ...testConfig, databaseUrl: t.ctx.config.databaseUrl },
    // PGlite is in memory: the second server opens the same database object; on PostgreSQL its own pool.
    ...(t.ctx.config.databaseUrl ? {} : { database: t.ctx.database }),
  });
  acc = await anAccount(t.ctx);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

type Server = Pick<FastifyInstance, 'inject'>;
const sendReset = (server: Server, email: string, remoteAddress: string, lng?: string) =>
  server.inject({
    method: 'GET',
    url: `/api/Register/send-reset/${encodeURIComponent(email)}`,
    remoteAddress,
    headers: lng ? { 'accept-language': lng } : {},
  });

describe('password-reset requests', () => {
  const limit = defaultRateLimits.resetRequest;

  it('answers 429 with Retry-After and a translated message once one client asked about too many addresses', async () => {
    const client = freshAddress();
    for (let i = 0; i < limit.address; i++) {
      const res = await sendReset(t.app, `nobody-${randomUUID()}@example.com`, client);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('emailNotFound');
    }
    const refused = await sendReset(t.app, `nobody-${randomUUID()}@example.com`, client, 'pl-pl');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('tooManyAttempts');
    expect(refused.json().message).not.toBe('tooManyAttempts');
    const english = await sendReset(t.app, `nobody-${randomUUID()}@example.com`, client, 'en-us');
    expect(english.json().message).not.toBe(refused.json().message);
    expect(Number(refused.headers['retry-after'])).toBe(limit.windowSeconds);
    // Half the window later the wait is half as long; after it, the client may ask again.
    advance(limit.windowSeconds / 2);
    const later = await sendReset(t.app, `nobody-${randomUUID()}@example.com`, client);
    expect(Number(later.headers['retry-after'])).toBe(limit.windowSeconds / 2);
    advance(limit.windowSeconds / 2 + 1);
    expect((await sendReset(t.app, `nobody-${randomUUID()}@example.com`, client)).statusCode).toBe(404);
  });

  it('limits one address asked about from many clients, known or not, alike', async () => {
    const user = await aUser(t.ctx, acc);
    const known = String(user.row.email);
    const unknown = `nobody-${randomUUID()}@example.com`;
    for (const email of [known, unknown]) {
      const answers: number[] = [];
      for (let i = 0; i <= limit.target; i++)
        answers.push((await sendReset(t.app, email, freshAddress())).statusCode);
      const first = email === known ? 200 : 404;
      expect(answers).toEqual([...Array(limit.target).fill(first), 429]);
    }
    advance(limit.windowSeconds + 1);
  });

  it('sends at most a few reset e-mails to one address, with the same answer whether one was sent', async () => {
    const user = await aUser(t.ctx, acc);
    const email = String(user.row.email);
    const before = sent.length;
    const answers: string[] = [];
    for (let i = 0; i < limit.target; i++) answers.push((await sendReset(t.app, email, freshAddress())).body);
    expect(new Set(answers)).toEqual(new Set([JSON.stringify({ sent: true })]));
    expect(sent.slice(before).filter((m) => m.to === email)).toHaveLength(
      defaultRateLimits.accountMail.target,
    );
    advance(defaultRateLimits.accountMail.windowSeconds + 1);
    expect((await sendReset(t.app, email, freshAddress())).statusCode).toBe(200);
    expect(sent.slice(before).filter((m) => m.to === email)).toHaveLength(
      defaultRateLimits.accountMail.target + 1,
    );
  });
});

describe('sign-up, activation, reset, Google sign-in', () => {
  const form = (email = `owner-${randomUUID().slice(0, 8)}@example.com`) => {
    const id = randomUUID().slice(0, 8);
    return {
      companyName: `Company ${id}`,
      username: `owner-${id}`,
      email,
      password: 'Long-enough-1',
      confirmPassword: 'Long-enough-1',
      acceptTerms: true,
    };
  };
  const register = (server: Server, payload: unknown, remoteAddress: string) =>
    server.inject({ method: 'POST', url: '/api/Register', payload: payload as object, remoteAddress });

  it('lets one client sign up only a few companies', async () => {
    const client = freshAddress();
    const limit = defaultRateLimits.register.address;
    for (let i = 0; i < limit; i++) expect((await register(t.app, form(), client)).statusCode).toBe(201);
    const refused = await register(t.app, form(), client);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    advance(defaultRateLimits.register.windowSeconds + 1);
  });

  it('sends one address at most a few activation e-mails, however many sign-ups name it', async () => {
    const victim = `victim-${randomUUID().slice(0, 8)}@example.com`;
    const before = sent.length;
    const limit = defaultRateLimits.register.target;
    for (let i = 0; i < limit; i++)
      expect((await register(t.app, form(victim), freshAddress())).statusCode).toBe(201);
    expect((await register(t.app, form(victim), freshAddress())).statusCode).toBe(429);
    expect(sent.slice(before).filter((m) => m.to === victim)).toHaveLength(
      Math.min(limit, defaultRateLimits.accountMail.target),
    );
    advance(defaultRateLimits.register.windowSeconds + 1);
  });

  it('limits activation attempts per client and per code', async () => {
    const client = freshAddress();
    const code = 'A'.repeat(43);
    const activate = (address: string, c = code) =>
      t.app.inject({ method: 'GET', url: `/api/Register/activate/${c}`, remoteAddress: address });
    for (let i = 0; i < defaultRateLimits.activate.target; i++)
      expect((await activate(freshAddress())).statusCode).toBe(404);
    expect((await activate(freshAddress())).statusCode).toBe(429);
    for (let i = 0; i < defaultRateLimits.activate.address; i++)
      expect((await activate(client, `${'B'.repeat(40)}${String(i).padStart(3, '0')}`)).statusCode).toBe(404);
    expect((await activate(client, 'C'.repeat(43))).statusCode).toBe(429);
    advance(defaultRateLimits.activate.windowSeconds + 1);
  });

  it('limits new passwords set with reset codes per client', async () => {
    const client = freshAddress();
    const reset = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Register/make-reset',
        remoteAddress: client,
        payload: {
          code: `${'R'.repeat(40)}${String(i).padStart(3, '0')}`,
          password: 'Long-enough-1',
          confirmPassword: 'Long-enough-1',
        },
      });
    for (let i = 0; i < defaultRateLimits.reset.address; i++) expect((await reset(i)).statusCode).toBe(400);
    expect((await reset(999)).statusCode).toBe(429);
    advance(defaultRateLimits.reset.windowSeconds + 1);
  });

  it('limits Google sign-in attempts per client', async () => {
    const client = freshAddress();
    const google = () =>
      t.app.inject({ method: 'GET', url: '/api/Auth/GoogleToken/not-a-token', remoteAddress: client });
    for (let i = 0; i < defaultRateLimits.googleSignIn.address; i++)
      expect((await google()).statusCode).toBe(401);
    expect((await google()).statusCode).toBe(429);
    advance(defaultRateLimits.googleSignIn.windowSeconds + 1);
  });

  it('limits sign-in failures per user name and per client, and forgets them after the window', async () => {
    const user = await aUser(t.ctx, acc);
    const name = String(user.row.username);
    const signIn = (password: string, remoteAddress = freshAddress()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Auth',
        payload: { username: name, password },
        remoteAddress,
      });
    for (let i = 0; i < defaultRateLimits.signIn.target; i++)
      expect((await signIn('wrong-one')).statusCode).toBe(401);
    const refused = await signIn('Secret-pass-1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(defaultRateLimits.signIn.windowSeconds);
    advance(defaultRateLimits.signIn.windowSeconds + 1);
    expect((await signIn('Secret-pass-1')).statusCode).toBe(200);
  });
});

describe('the reusable guard of public pages', () => {
  it('counts a shared link per client and per link', async () => {
    // This file's server counts public pages with a small limit: the default of hundreds of calls proves nothing more.
    const limit = t.ctx.config.rateLimits.publicPage;
    expect(limit.address).toBeLessThan(defaultRateLimits.publicPage.address);
    const client = freshAddress();
    const open = (token: string, remoteAddress = client) =>
      t.app.inject({ method: 'GET', url: `/api/test/shared/${token}`, remoteAddress });
    for (let i = 0; i < limit.address; i++) expect((await open(`link-${i}`)).statusCode).toBe(200);
    const refused = await open('link-x');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await open('link-x', freshAddress())).statusCode).toBe(200);
    advance(limit.windowSeconds + 1);
    expect((await open('link-y')).statusCode).toBe(200);
  });
});

describe('counts shared by every server process on the database', () => {
  it('refuses on one server what the other already counted', async () => {
    const client = freshAddress();
    const limit = defaultRateLimits.resetRequest.address;
    const servers: Server[] = [t.app, other];
    for (let i = 0; i < limit; i++) {
      const res = await sendReset(servers[i % 2] as Server, `nobody-${randomUUID()}@example.com`, client);
      expect(res.statusCode, `call ${i}`).toBe(404);
    }
    for (const server of servers)
      expect((await sendReset(server, `nobody-${randomUUID()}@example.com`, client)).statusCode).toBe(429);
  });

  it('never lets concurrent calls on both servers take more than the limit', async () => {
    const client = freshAddress();
    const limit = defaultRateLimits.resetRequest.address;
    const answers = await Promise.all(
      Array.from({ length: 3 * limit }, (_, i) =>
        sendReset(i % 2 ? other : t.app, `nobody-${randomUUID()}@example.com`, client),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 404)).toHaveLength(limit);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(2 * limit);
  });
});

/**
 * The same with the second server a process of its own (`server/main.ts`, as deployed) on this file's database.
 * Both sides use the real clock here: the counts' window (an hour) is far longer than the test.
 */
// PGlite is one process's database: only PostgreSQL is shared by processes.
if (process.env.DATABASE_URL) {
  describe('counts across two server processes (PostgreSQL)', () => {
    const limit = defaultRateLimits.resetRequest;
    let mine: TestApp;
    let second: RunningServer;
    let lastAddress = 0;
    const freshClient = () => `10.72.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

    beforeAll(async () => {
      mine = await createTestApp();
      const databaseUrl = mine.ctx.config.databaseUrl;
      if (!databaseUrl) throw new Error('no database URL');
      second = await startServer({
        name: 'rate-limit-second-process',
        env: { DATABASE_URL: databaseUrl, AISLE_DEMO: '0' },
        startTimeoutMs: 110_000,
      });
    }, 120_000);
    afterAll(async () => {
      await second?.stop();
      await mine?.close();
    });

    /** A reset request for `email` on this process (from a new client address) or on the second (over HTTP). */
    const resetOn = async (server: 'this' | 'second', email: string): Promise<number> => {
      const url = `/api/Register/send-reset/${encodeURIComponent(email)}`;
      if (server === 'second') return (await fetch(`${second.baseURL}${url}`)).status;
      return (await mine.app.inject({ method: 'GET', url, remoteAddress: freshClient() })).statusCode;
    };

    it('refuses on one process what the other already counted for the same address asked about', async () => {
      const email = `nobody-${randomUUID()}@example.com`;
      const answers: number[] = [];
      for (let i = 0; i < limit.target; i++) answers.push(await resetOn(i % 2 ? 'second' : 'this', email));
      expect(answers).toEqual(Array(limit.target).fill(404));
      expect(await resetOn('this', email)).toBe(429);
      expect(await resetOn('second', email)).toBe(429);
    });

    it('lets no more than the limit through when both processes are asked at once', async () => {
      const email = `nobody-${randomUUID()}@example.com`;
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) => resetOn(i % 2 ? 'second' : 'this', email)),
      );
      expect(answers.filter((status) => status === 404)).toHaveLength(limit.target);
      expect(answers.filter((status) => status === 429)).toHaveLength(12 - limit.target);
    });
  });
}
