import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import {
  type ChangesResponse,
  changesResponseSchema,
  type PushedCall,
  type SyncChange,
  syncHeaders,
} from '../../domain/sync/wire';
import type { AppContext } from '../../server/context';
import type { Executor } from '../../server/db/client';
import { rowsOf } from '../../server/db/rawRows';
import { syncMutation } from '../../server/db/syncTables';
import type { Row } from '../../server/resources/rows';
import { parseCursor } from '../../server/sync/cursor';
import type { PushedMutation } from '../../server/sync/mutationRecords';
import { anAccount, aSuperUser, type TestUser } from './builders';
import { type TestApp, testAppFixture } from './testApp';

/** Test helpers of the sync feed and idempotent push (test/server/sync). */

export interface PullOptions {
  readonly limit?: number;
  readonly deviceId?: string;
  /** How far pullAll goes (settledWatermark): 'running' while the test itself holds a transaction open. */
  readonly until?: 'committed' | 'running';
}

/** One feed page, checked against the wire schema (anything else fails the test). */
export const pullPage = async (
  t: TestApp,
  user: TestUser,
  since?: string,
  opts: PullOptions = {},
): Promise<ChangesResponse> => {
  const query = new URLSearchParams();
  if (since !== undefined) query.set('since', since);
  if (opts.limit !== undefined) query.set('limit', String(opts.limit));
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sync/changes?${query.toString()}`,
    headers: { ...user.headers, ...(opts.deviceId ? { [syncHeaders.deviceId]: opts.deviceId } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`feed answered ${res.statusCode}: ${res.body}`);
  return changesResponseSchema.parse(res.json());
};

/**
 * One feed page that has reached what was committed before the call (settledWatermark), for tests that assert a
 * single page: asked again while the feed's watermark still lags (a transaction of another test file's database
 * ending at that moment, on PostgreSQL) and the page, short of its limit, ends below that point.
 */
export const settledPage = async (
  t: TestApp,
  user: TestUser,
  since?: string,
  opts: PullOptions = {},
): Promise<ChangesResponse> => {
  const target = await settledWatermark(t, opts.until);
  for (let i = 0; i < 4000; i++) {
    const page = await pullPage(t, user, since, opts);
    if (target === undefined || page.hasMore || parseCursor(page.cursor).xid >= target) return page;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the feed never reached what was committed');
};

export interface Pulled {
  readonly changes: SyncChange[];
  readonly cursor: string;
  readonly pages: ChangesResponse[];
  readonly lastMutationId: number;
}

/**
 * The point a pull must reach:
 * - 'committed' (the default): everything committed before this call, i.e. the next transaction id of this
 *   moment's snapshot. The feed's watermark gets there once the transactions of this database that were still
 *   running have ended. (Stopping at the oldest running one instead missed rows committed after it started — a
 *   background NOTIFY of the server is enough — and made the offline-verdicts property fail now and then.)
 * - 'running': where an ideal feed's watermark stands now, the oldest transaction of this database still running
 *   (other than this connection's), for tests that hold a transaction open on purpose and pull past nothing more.
 * On PostgreSQL the server's watermark may also lag for a moment behind a transaction of another database
 * (another test file's) ending between the server's snapshot and its look at pg_stat_activity (a safe, brief
 * delay for a real device); callers pull again until they pass the point. PGlite runs one thing at a time.
 */
export const settledWatermark = async (
  t: TestApp,
  until: 'committed' | 'running' = 'committed',
): Promise<bigint | undefined> => {
  if (!t.ctx.database.pool) return undefined;
  const [row] = rowsOf(
    await t.ctx.db.execute(
      until === 'committed'
        ? sql`select pg_snapshot_xmax(pg_current_snapshot())::text as watermark`
        : sql`
      select coalesce(
        (select x from pg_snapshot_xip(s.snap) x
          where exists (
            select 1 from pg_stat_activity a
            where a.backend_xid = x::xid and a.datname = current_database() and a.pid <> pg_backend_pid())
          order by x limit 1),
        pg_snapshot_xmax(s.snap))::text as watermark
      from (select pg_current_snapshot() as snap) s`,
    ),
  );
  return BigInt(String(row?.watermark));
};

/**
 * Pages until `hasMore` is false, as the engine does, and until the feed has reached what was committed before
 * the call (see settledWatermark): a device would get the rest on its next pull, a test asserts the whole.
 */
export const pullAll = async (
  t: TestApp,
  user: TestUser,
  since?: string,
  opts: PullOptions = {},
): Promise<Pulled> => {
  const target = await settledWatermark(t, opts.until);
  const pages: ChangesResponse[] = [];
  let cursor = since;
  for (let i = 0; i < 10_000; i++) {
    const page = await pullPage(t, user, cursor, opts);
    pages.push(page);
    cursor = page.cursor;
    if (page.hasMore) continue;
    if (target !== undefined && parseCursor(cursor).xid < target) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      continue;
    }
    return { changes: pages.flatMap((p) => p.changes), cursor, pages, lastMutationId: page.lastMutationId };
  }
  throw new Error('the feed never ended');
};

/** `op entity id` of each change, for comparing whole pulls. */
export const keysOf = (changes: readonly SyncChange[]): string[] =>
  changes.map((c) => `${c.op} ${c.entity} ${c.id}`).sort();

export const upsertOf = (entity: SyncChange['entity'], id: unknown): string =>
  `upsert ${entity} ${String(id)}`;
export const deleteOf = (entity: SyncChange['entity'], id: unknown): string =>
  `delete ${entity} ${String(id)}`;

/** The data of the one upsert of a record in a pull (fails when there is not exactly one). */
export const dataOf = (changes: readonly SyncChange[], entity: SyncChange['entity'], id: unknown): Row => {
  const found = changes.filter((c) => c.entity === entity && c.id === String(id));
  if (found.length !== 1 || found[0]?.op !== 'upsert')
    throw new Error(`expected one upsert of ${entity} ${String(id)}, got ${JSON.stringify(found)}`);
  return found[0].data;
};

/** A row inserted directly into a resource table (no API, no hooks): the triggers are the only thing logging it. */
export const aRow = async (
  ctx: AppContext,
  resource: string,
  clientAccountId: string,
  values: Row,
): Promise<Row> => {
  const table = ctx.schema.resourceTables[resource];
  if (!table) throw new Error(`no table for ${resource}`);
  const [row] = await ctx.db
    .insert(table)
    .values({ clientAccountId, ...values })
    .returning();
  if (!row) throw new Error(`no ${resource}`);
  return row;
};

export interface PushOptions {
  readonly key?: string;
  readonly deviceId?: string;
  readonly mutationId?: number;
  readonly payload?: unknown;
}

/** A pushed intent's call: the spec call with Idempotency-Key (and the device headers when given). */
export const push = (
  t: TestApp,
  user: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: PushOptions = {},
): Promise<LightMyRequestResponse> => {
  const headers: Record<string, string> = {
    ...user.headers,
    [syncHeaders.idempotencyKey]: opts.key ?? randomUUID(),
  };
  if (opts.deviceId) headers[syncHeaders.deviceId] = opts.deviceId;
  if (opts.mutationId !== undefined) headers[syncHeaders.mutationId] = String(opts.mutationId);
  const request: InjectOptions = { method, url, headers };
  if (opts.payload !== undefined) request.payload = opts.payload as Row;
  return t.app.inject(request);
};

let nextMutationId = 1;
/** A pushed mutation of `userId` in `clientAccountId` (fresh key, device and mutation id). */
export const aPushedMutation = (
  clientAccountId: string,
  userId: string,
  overrides: Partial<PushedMutation> = {},
): PushedMutation => ({
  clientAccountId,
  userId,
  idempotencyKey: `key-${randomUUID()}`,
  deviceId: `device-${randomUUID()}`,
  mutationId: nextMutationId++,
  method: 'POST',
  path: '/api/test',
  ...overrides,
});

/** The sync_mutation row of a mutation, if stored. */
export const storedMutation = async (
  ctx: AppContext,
  m: Pick<PushedMutation, 'clientAccountId' | 'idempotencyKey'>,
) => {
  const [row] = await ctx.db
    .select()
    .from(syncMutation)
    .where(
      and(
        eq(syncMutation.clientAccountId, m.clientAccountId),
        eq(syncMutation.idempotencyKey, m.idempotencyKey),
      ),
    );
  return row;
};

/** The id of the transaction a statement on `db` runs in. */
export const xidOf = async (db: Executor): Promise<string> =>
  String(rowsOf(await db.execute(sql`select pg_current_xact_id()::text as xid`))[0]?.xid);

/** A test file's app with one account and its super user, for tests of pushed mutations and their records. */
export interface MutationFixture {
  readonly t: TestApp;
  readonly acc: string;
  readonly userId: string;
  /** A pushed mutation of the super user (aPushedMutation). */
  aMutation(overrides?: Partial<PushedMutation>): PushedMutation;
}

/** Sets the fixture up before the file's tests and closes it after them. */
export const mutationFixture = (): MutationFixture => {
  const app = testAppFixture();
  let state: { acc: string; userId: string } | undefined;
  beforeAll(async () => {
    const acc = await anAccount(app.t.ctx);
    state = { acc, userId: String((await aSuperUser(app.t.ctx, acc)).row.id) };
  });
  const get = () => {
    if (!state) throw new Error('the fixture is used before its beforeAll');
    return state;
  };
  return {
    get t() {
      return app.t;
    },
    get acc() {
      return get().acc;
    },
    get userId() {
      return get().userId;
    },
    aMutation: (overrides) => aPushedMutation(get().acc, get().userId, overrides),
  };
};

/**
 * Calls a device queues for the push, as `pushed(device, method, path, body?)`: each with a fresh idempotency key
 * and the next mutation id of this maker.
 */
export const pushedCalls = () => {
  let mutationIds = 0;
  return (deviceId: string, method: PushedCall['method'], path: string, body?: unknown): PushedCall => ({
    idempotencyKey: randomUUID(),
    deviceId,
    mutationId: ++mutationIds,
    method,
    path,
    ...(body === undefined ? {} : { body }),
  });
};

/**
 * A terminal's receipt as it queues it offline: the document (with its working-copy number), `lines` lines of
 * 1, 2, 3… units of `productId`, and the confirmation.
 */
export const receiptPush = (
  pushed: ReturnType<typeof pushedCalls>,
  deviceId: string,
  r: {
    readonly documentNumber: string;
    readonly locationId: unknown;
    readonly productId: unknown;
    readonly lines: number;
  },
): { id: string; calls: PushedCall[] } => {
  const id = randomUUID();
  return {
    id,
    calls: [
      pushed(deviceId, 'POST', '/api/WmsDocument', {
        id,
        typeCode: 'DIN',
        documentNumber: r.documentNumber,
        destinationLocationId: r.locationId,
        positions: [],
      }),
      ...Array.from({ length: r.lines }, (_, i) =>
        pushed(deviceId, 'POST', '/api/WmsDocumentPosition', {
          id: randomUUID(),
          documentId: id,
          productId: r.productId,
          quantity: i + 1,
        }),
      ),
      pushed(deviceId, 'POST', `/api/WmsDocument/${id}/confirm`),
    ],
  };
};
