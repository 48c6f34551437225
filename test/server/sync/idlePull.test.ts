import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAccessToken } from '../../../server/auth/accessToken';
import type { Db } from '../../../server/db/client';
import { namePreparedStatements } from '../../../server/db/preparedStatements';
import { syncDevice } from '../../../server/db/syncTables';
import type { Row } from '../../../server/resources/rows';
import { readChanges } from '../../../server/sync/changeFeed';
import { parseCursor } from '../../../server/sync/cursor';
import { lastSeenEveryMs } from '../../../server/sync/deviceLastSeen';
import { feedScopeOf } from '../../../server/sync/feedScope';
import {
  anAccount,
  aPowerUser,
  aStockLocation,
  aStockProduct,
  aSuperUser,
  type TestUser,
} from '../../support/builders';
import { recordStatements, writtenTables } from '../../support/statementRecorder';
import { pullAll, pullPage, push } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';
import { type TestClock, testClock } from '../../support/testClock';

// A pull that brings nothing (server/sync/changeFeed.ts, readIfIdle) is what every terminal of an account does
// after every change in it: it must cost one read and no write. The device's last-seen time is written at most
// once a minute per device (server/sync/deviceLastSeen.ts), on the injected clock.

let t: TestApp;
let clock: TestClock;
let acc: string;
let terminal: TestUser;
let manager: TestUser;
let location: Row;
let product: Row;
let statements: ReturnType<typeof recordStatements>;
const device = 'HANDHELD-IDLE';

beforeAll(async () => {
  clock = testClock({ flows: false });
  // Test apps run no catalyst scheduler on a timer (createTestApp), so no background write lands among the recorded.
  t = await createTestApp({ clock });
  acc = await anAccount(t.ctx);
  terminal = await aSuperUser(t.ctx, acc);
  manager = await aPowerUser(t.ctx, acc, { logisticsEnabled: true });
  location = await aStockLocation(t.ctx, acc);
  product = await aStockProduct(t.ctx, acc);
  statements = recordStatements(t.ctx.db);
  statements.recording = false;
});
afterAll(async () => t.close());

/** What `work` sent to the database. */
const recorded = async <T>(
  work: () => Promise<T>,
): Promise<{ result: T; units: typeof statements.units }> => {
  statements.units.length = 0;
  statements.recording = true;
  try {
    const result = await work();
    return { result, units: [...statements.units] };
  } finally {
    statements.recording = false;
  }
};

const lastSeenOf = async (): Promise<Date | undefined> => {
  const [row] = await t.ctx.db
    .select({ at: syncDevice.lastSeenAt })
    .from(syncDevice)
    .where(and(eq(syncDevice.clientAccountId, acc), eq(syncDevice.deviceId, device)));
  return row?.at;
};

describe('an idle pull', () => {
  it('answers "nothing new" with one read and no write, and the device’s own last mutation', async () => {
    const pushed = await push(t, terminal, 'POST', '/api/WmsDocument', {
      deviceId: device,
      mutationId: 7,
      payload: {
        typeCode: 'DIN',
        destinationLocationId: location.id,
        positions: [{ productId: product.id, quantity: 2 }],
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(201);
    const caughtUp = await pullAll(t, terminal, undefined, { deviceId: device });
    expect(caughtUp.lastMutationId).toBe(7);

    const { result: page, units } = await recorded(() =>
      pullPage(t, terminal, caughtUp.cursor, { deviceId: device }),
    );
    expect(page).toMatchObject({ changes: [], hasMore: false, remaining: 0, lastMutationId: 7 });
    // One statement, outside any transaction, that writes nothing.
    expect(units).toHaveLength(1);
    expect(units[0]?.transaction).toBe(false);
    expect(units[0]?.statements).toHaveLength(1);
    expect(units.flatMap((u) => u.statements).flatMap(writtenTables)).toEqual([]);
    expect(units[0]?.statements[0]).toMatch(/^\s*select\b/i);

    // A change for the terminal makes the next pull read it, from the same cursor.
    const other = await push(t, terminal, 'POST', '/api/WmsDocument', {
      deviceId: 'HANDHELD-OTHER',
      mutationId: 1,
      payload: { typeCode: 'DIN', destinationLocationId: location.id, positions: [] },
    });
    expect(other.statusCode, other.body).toBe(201);
    const next = await pullAll(t, terminal, page.cursor, { deviceId: device });
    expect(next.changes.map((c) => c.id)).toContain(other.json().id);
    expect(next.lastMutationId).toBe(7);
  });

  it('keeps the device’s last-seen time, written at most once a minute, and the fleet shows it', async () => {
    const first = await pullAll(t, terminal, undefined, { deviceId: device });
    clock.advance(lastSeenEveryMs + 1);
    const seenAt = clock.now();
    const { units: written } = await recorded(() =>
      pullPage(t, terminal, first.cursor, { deviceId: device }),
    );
    expect(written.flatMap((u) => u.statements).flatMap(writtenTables)).toEqual(['sync_device']);
    expect((await lastSeenOf())?.getTime()).toBe(seenAt);

    // Within the minute: pulls write nothing, and the time stays.
    clock.advance(lastSeenEveryMs - 1_000);
    const { units: quiet } = await recorded(() => pullPage(t, terminal, first.cursor, { deviceId: device }));
    expect(quiet.flatMap((u) => u.statements).flatMap(writtenTables)).toEqual([]);
    expect((await lastSeenOf())?.getTime()).toBe(seenAt);

    // The dashboard's terminal fleet shows the device as last seen then.
    const res = await t.app.inject({ method: 'GET', url: '/api/Dashboard', headers: manager.headers });
    expect(res.statusCode, res.body).toBe(200);
    const fleet = (res.json() as { fleet: { deviceId: string; lastSeenAt: string | null }[] }).fleet;
    expect(fleet.find((d) => d.deviceId === device)?.lastSeenAt).toBe(new Date(seenAt).toISOString());
  });
});

if (process.env.DATABASE_URL) {
  describe('an idle pull on PostgreSQL', () => {
    it('keeps the generic plan of its statement, whatever the tables’ statistics say', async () => {
      const caughtUp = await pullAll(t, terminal, undefined, { deviceId: device });
      // Statistics of a log with rows in it: a custom plan (the arrays' length known) then looked cheaper than the
      // generic one, and PostgreSQL planned every pull anew (issue 26).
      await t.ctx.database.pool?.query('analyze sync_change, sync_mutation');
      // The app's pool on one connection, so that its prepared statements are the ones looked at.
      const pool = new pg.Pool({ connectionString: t.ctx.config.databaseUrl, max: 1 });
      pool.on('connect', namePreparedStatements);
      try {
        const claims = await verifyAccessToken(terminal.token, t.ctx.config.jwtSecret, t.ctx.clock.now());
        if (!claims) throw new Error('no claims');
        const ctx = { ...t.ctx, db: drizzle(pool) as unknown as Db };
        const request = {
          scope: feedScopeOf(claims),
          since: parseCursor(caughtUp.cursor),
          limit: 100,
          deviceId: device,
        };
        for (let i = 0; i < 8; i++) {
          const answer = await readChanges(ctx, request);
          expect(answer.page.changes).toEqual([]);
        }
        const plans = await pool.query<{ generic: number; custom: number }>(
          `select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
           where statement like '%with ordinality%'`,
        );
        // The first five runs are custom plans (PostgreSQL's rule), every later one the generic plan.
        expect(plans.rows).toEqual([{ generic: 3, custom: 5 }]);
      } finally {
        await pool.end();
      }
    });
  });
}
