import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import type { Clock } from '../../server/clock';
import type { ServerConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { openDatabase } from '../../server/db/client';
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
 * e-mails, file clean-up) runs when a test calls it, never on a timer.
 */
export const testConfig = {
  dataDir: undefined,
  jwtSecret: 'test-secret-test-secret-test-secret',
  webDir: undefined,
  demo: false,
  publicUrl: 'http://aisle.test',
  smtpUrl: undefined,
  office: loadOfficeConfig(undefined, { backgroundIntervalMs: 0 }),
} satisfies Partial<ServerConfig>;

/**
 * The real server on a throwaway database: in-memory PGlite, or a fresh PostgreSQL database
 * when DATABASE_URL is set (npm run test:pg). One per test file.
 */
export const createTestApp = async (
  opts: { config?: Partial<ServerConfig>; mailer?: Mailer; clock?: Clock } = {},
): Promise<TestApp> => {
  const database = await createTestDatabaseUrl({ migrated: true });
  const config = { ...testConfig, databaseUrl: database.url, ...opts.config };
  // Without PostgreSQL every test database is in memory, started from one migrated dump (no initdb, no migrations:
  // seconds per file), also when the test gives a data directory (for its files and mail, not the database).
  const opened = config.databaseUrl
    ? undefined
    : await openDatabase({ pgliteFrom: await migratedPgliteDump() });
  const app = await buildApp({
    config,
    ...(opened ? { database: opened } : {}),
    ...(opts.mailer ? { mailer: opts.mailer } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
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
      await opened?.close();
      await database.drop();
    },
  };
};

/** A test file's app, made before its tests and closed after them: `app.t` once the tests run. */
export const testAppFixture = (): { readonly t: TestApp } => {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => app?.close());
  return {
    get t() {
      if (!app) throw new Error('the test app is used before its beforeAll');
      return app;
    },
  };
};
