import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../../server/app';
import type { AppContext } from '../../../server/context';
import type { Database } from '../../../server/db/client';
import type { Row } from '../../../server/resources/rows';
import { anAccount, aSuperUser, aUser, type TestUser } from '../../support/builders';
import { type HttpMethod, openTestDatabase } from '../../support/testApp';

/** The time the module goes by in a test: set and moved by the test, never the wall clock. */
export interface FakeClock {
  readonly now: () => Date;
  set(iso: string): void;
  advance(ms: number): void;
}

export const fakeClock = (start = '2026-03-02T06:00:00.000Z'): FakeClock => {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (iso) => {
      at = new Date(iso).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
};

/** A page of a catalyst list (the as-client catalogue among them). */
export type Page = { results: Row[]; allFilteredRowCount: number };

export type Caller = { readonly headers: Readonly<Record<string, string>> } | undefined;

export interface CatalystTestApp {
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly clock: FakeClock;
  call(who: Caller, method: HttpMethod, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** A call that must succeed with `status`; its JSON. */
  ok<T = Row>(who: Caller, method: HttpMethod, url: string, payload?: unknown, status?: number): Promise<T>;
  close(): Promise<void>;
}

export const testConfig = {
  dataDir: undefined,
  jwtSecret: 'test-secret-test-secret-test-secret',
  webDir: undefined,
  demo: false,
  publicUrl: 'http://aisle.test',
  smtpUrl: undefined,
  // PGlite's upkeep (the catalogue statistics among it) only when a test asks (clientList.test.ts).
  pgliteUpkeepMs: 0,
};

/** The server with the catalyst module on a fake clock, its scheduler run only when the test says. */
export const buildCatalystApp = (clock: FakeClock, target: { url?: string; database?: Database }) =>
  buildApp({
    config: { ...testConfig, databaseUrl: target.url },
    ...(target.database ? { database: target.database } : {}),
    catalyst: {
      clock: clock.now,
      schedulerIntervalMs: 0,
      allowPrivateSources: true,
      usageFlushMs: 3_600_000,
    },
  });

const wrap = (app: FastifyInstance, clock: FakeClock, close: () => Promise<void>): CatalystTestApp => {
  const call: CatalystTestApp['call'] = (who, method, url, payload) =>
    app.inject({
      method,
      url,
      headers: { ...who?.headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    app,
    ctx: app.ctx,
    clock,
    call,
    ok: async <T = Row>(who: Caller, method: HttpMethod, url: string, payload?: unknown, status?: number) => {
      const res = await call(who, method, url, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status ?? (method === 'POST' ? 201 : 200));
      return (res.body ? res.json() : undefined) as T;
    },
    close,
  };
};

/** One per test file: a fresh database (PGlite in memory, or PostgreSQL under npm run test:pg). */
export const createCatalystApp = async (clock = fakeClock()): Promise<CatalystTestApp> => {
  const database = await openTestDatabase();
  const app = await buildCatalystApp(clock, {
    url: database.url,
    ...(database.database ? { database: database.database } : {}),
  });
  return wrap(app, clock, async () => {
    await app.close();
    await database.close();
  });
};

/** Another server process on the same database (the scheduler's "runs once across processes"). */
export const secondProcess = async (first: CatalystTestApp): Promise<CatalystTestApp> => {
  const url = first.ctx.config.databaseUrl;
  const app = await buildCatalystApp(first.clock, url ? { url } : { database: first.ctx.database });
  return wrap(app, first.clock, () => app.close());
};

/** A company with a catalyst administrator (only the catalyst claim) and a staff user without it. */
export const aCompany = async (t: CatalystTestApp) => {
  const acc = await anAccount(t.ctx);
  const admin = await aUser(t.ctx, acc, { catalystAdminEnabled: true });
  const superUser = await aSuperUser(t.ctx, acc);
  const staff = await aUser(t.ctx, acc, { isPowerUser: true, logisticsEnabled: true });
  return { acc, admin, superUser, staff };
};

export type Company = Awaited<ReturnType<typeof aCompany>>;

export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Metal rates Pt, Pd, Rh quoted in EUR per gram with neutral rules, and their ids by symbol. */
export const someMetals = async (
  t: CatalystTestApp,
  admin: TestUser,
  quotes: Readonly<Record<string, number>> = { Pt: 30, Pd: 40, Rh: 150 },
) => {
  const ids: Record<string, string> = {};
  for (const [shortName, price] of Object.entries(quotes)) {
    const rate = await t.ok(admin, 'POST', '/api/catalyst/companystockraterule', {
      name: shortName,
      shortName,
      quoteCurrency: 'EUR',
    });
    ids[shortName] = String(rate.id);
    await t.ok(admin, 'POST', `/api/catalyst/companystockraterule/${rate.id}/quote`, { price }, 200);
  }
  return ids;
};

export const allFlags = {
  canDisplayPrices: true,
  canDisplayWeight: true,
  canDisplayComponents: true,
  canDisplayExchangeRates: true,
  canDispalyStockRates: true,
  canRecalcPrices: true,
  canUseCart: true,
};

export const aGroup = async (t: CatalystTestApp, admin: TestUser, fields: Row = {}) =>
  t.ok(admin, 'POST', '/api/catalyst/userGroup', { name: unique('group'), devicesLimit: 2, ...fields });

export const aClient = async (
  t: CatalystTestApp,
  admin: TestUser,
  groupId: string | null,
  fields: Row = {},
) => {
  const username = unique('client').toLowerCase();
  const row = await t.ok(admin, 'POST', '/api/catalyst/clientuser', {
    username,
    password: 'client-pass-1',
    name: `Client ${username}`,
    userGroupId: groupId,
    ...fields,
  });
  return { row, username, password: 'client-pass-1' };
};

export interface SignedInClient {
  readonly headers: Readonly<Record<string, string>>;
  readonly token: string;
  readonly refreshToken: string;
  readonly deviceId: string;
  readonly clientUserId: string;
}

/** Signs a client account in on a device (a new device id unless given). */
export const signInClient = async (
  t: CatalystTestApp,
  client: { username: string; password: string },
  deviceId = unique('device'),
): Promise<SignedInClient> => {
  const data = await t.ok<Row>(
    { headers: { 'x-device-id': deviceId } },
    'POST',
    '/api/catalyst/client/auth',
    { username: client.username, password: client.password },
    200,
  );
  return {
    headers: { authorization: `Bearer ${data.token}`, 'x-device-id': deviceId },
    token: String(data.token),
    refreshToken: String(data.refreshToken),
    deviceId,
    clientUserId: String(data.clientUserId),
  };
};

export const aCatalyst = async (
  t: CatalystTestApp,
  admin: TestUser,
  metals: Record<string, string>,
  fields: Row = {},
) =>
  t.ok(admin, 'POST', '/api/catalyst/catalyst', {
    name: unique('Catalyst'),
    serialNumbers: [unique('SN')],
    weight: 2,
    humidity: 0,
    productStockContent: Object.entries(metals).map(([, id], i) => ({ baseStockId: id, gramsPerKg: i + 1 })),
    ...fields,
  });
