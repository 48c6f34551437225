import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../../e2e/support/serverProcess';
import { defaultRateLimits } from '../../../server/http/rateLimits';
import { createTestApp, type TestApp } from '../../support/testApp';

/**
 * Issue 27: the counts of the calls that need no account are shared by every server process on one PostgreSQL.
 * rateLimits.test.ts shows it with two apps in one process; here the second server is a process of its own
 * (`server/main.ts`, as deployed), started on this file's database. Both sides use the real clock: the counts'
 * window (an hour) is far longer than the test, so nothing depends on timing.
 */
// PGlite is one process's database: only PostgreSQL is shared by processes.
if (process.env.DATABASE_URL) {
  describe('rate-limit counts across two server processes (PostgreSQL)', () => {
    const limit = defaultRateLimits.resetRequest;
    let t: TestApp;
    let second: RunningServer;
    let lastAddress = 0;
    const freshAddress = () => `10.72.${Math.floor(++lastAddress / 250)}.${lastAddress % 250}`;

    beforeAll(async () => {
      t = await createTestApp();
      const databaseUrl = t.ctx.config.databaseUrl;
      if (!databaseUrl) throw new Error('no database URL');
      second = await startServer({
        name: 'rate-limit-second-process',
        env: { DATABASE_URL: databaseUrl, AISLE_DEMO: '0' },
        startTimeoutMs: 110_000,
      });
    }, 120_000);
    afterAll(async () => {
      await second?.stop();
      await t?.close();
    });

    /** A reset request for `email` on this process (from a new client address) or on the second (over HTTP). */
    const resetOn = async (server: 'this' | 'second', email: string): Promise<number> => {
      const url = `/api/Register/send-reset/${encodeURIComponent(email)}`;
      if (server === 'second') return (await fetch(`${second.baseURL}${url}`)).status;
      return (await t.app.inject({ method: 'GET', url, remoteAddress: freshAddress() })).statusCode;
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
