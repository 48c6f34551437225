import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import type { Clock } from '../../server/clock';
import type { ServerConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { type Database, openDatabase } from '../../server/db/client';
import type { Mailer } from '../../server/mail/mailer';
import { loadOfficeConfig } from '../../server/office/officeConfig';
import { createTestDatabaseUrl } from './pgDatabase';
import { migratedPgliteDump } from './pgliteTemplate';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  /** One API call as `who` (their bearer header; none when undefined), with a JSON payload when given. */
  call(
    who: { readonly headers: Readonly<Record<string, string>> } | undefined,
    method: HttpMethod,
    url: string,
    payload?: unknown,
    headers?: Readonly<Record<string, string>>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * What every test server shares: no files, no web app, no demo data, a fixed key; background work (away
 * e-mails, file clean-up, the catalyst scheduler) runs when a test calls it, never on a timer.
 */
export const testConfig = {
  dataDir: undefined,
  jwtSecret: 'test-secret-test-secret-test-secret',
  webDir: undefined,
  demo: false,
  publicUrl: 'http://aisle.test',
  smtpUrl: undefined,
  office: loadOfficeConfig(undefined, { backgroundIntervalMs: 0 }),
  // PGlite's upkeep (vacuum and analyse) when a test calls it: a vacuum in the middle of a test changes plans.
  pgliteUpkeepMs: 0,
} satisfies Partial<ServerConfig>;

/** A test's own migrated database: an in-memory PGlite opened from the migrated dump, or a PostgreSQL copy of it. */
export interface TestDatabaseHandle {
  /** The PostgreSQL database's URL (DATABASE_URL set), else undefined. */
  readonly url: string | undefined;
  /** The opened PGlite database to hand to buildApp (no DATABASE_URL), else undefined. */
  readonly database: Database | undefined;
  close(): Promise<void>;
}

/**
 * A throwaway database with every migration applied: a fresh PostgreSQL database copied from the migrated template
 * when DATABASE_URL is set (npm run test:pg), else an in-memory PGlite started from one migrated dump (no initdb,
 * no migrations: seconds per database saved).
 */
export const openTestDatabase = async (): Promise<TestDatabaseHandle> => {
  const created = await createTestDatabaseUrl({ migrated: true });
  const database = created.url ? undefined : await openDatabase({ pgliteFrom: await migratedPgliteDump() });
  return {
    url: created.url,
    database,
    close: async () => {
      await database?.close();
      await created.drop();
    },
  };
};

/**
 * The real server on a throwaway database (openTestDatabase), also when the test gives a data directory (for its
 * files and mail, not the database). One per test file.
 */
export const createTestApp = async (
  opts: { config?: Partial<ServerConfig>; mailer?: Mailer; clock?: Clock } = {},
): Promise<TestApp> => {
  const database = await openTestDatabase();
  const config = { ...testConfig, databaseUrl: database.url, ...opts.config };
  const app = await buildApp({
    config,
    ...(database.database ? { database: database.database } : {}),
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
    // The catalyst module's scheduler runs when a test calls it, never on a timer: on its own the scheduler moved a
    // rate's market phase by the time of day in the middle of a test.
    catalyst: { schedulerIntervalMs: 0, usageFlushMs: 3_600_000 },
  });
  return {
    app,
    ctx: app.ctx,
    call: (who, method, url, payload, headers = {}) =>
      app.inject({
        method,
        url,
        headers: { ...who?.headers, ...headers },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};

/** A test file's app, made before its tests and closed after them: `app.t` once the tests run. */
export const testAppFixture = (opts: Parameters<typeof createTestApp>[0] = {}): { readonly t: TestApp } => {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(opts);
  });
  afterAll(async () => app?.close());
  return {
    get t() {
      if (!app) throw new Error('the test app is used before its beforeAll');
      return app;
    },
  };
};
