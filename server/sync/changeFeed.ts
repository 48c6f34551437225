import { type SQL, sql } from 'drizzle-orm';
import {
  type ChangesResponse,
  isSyncEntity,
  type SyncChange,
  type SyncEntity,
  syncWireVersion,
} from '../../domain/sync/wire';
import type { AppContext } from '../context';
import type { Database, Executor, Tx } from '../db/client';
import { rowsOf } from '../db/rawRows';
import { compareCursors, encodeCursor, type FeedCursor, isStart } from './cursor';
import type { FeedPageCache } from './feedPageCache';
import { FeedRows } from './feedRows';
import { contractorEntities, type FeedScope } from './feedScope';
import { GatheredReads } from './gatheredReads';
import { NamedStatement } from './namedStatement';

export interface ChangesRequest {
  readonly scope: FeedScope;
  readonly since: FeedCursor;
  readonly limit: number;
  readonly deviceId: string | null;
}

interface LogRow {
  /** A SyncEntity, unless an older build reads a log a newer one wrote (then the row is passed over). */
  readonly entity: string;
  readonly id: string;
  /** Its (xid, seq) as the database wrote them: made cursors of (cursorOf) only where one is needed. */
  readonly xid: string;
  readonly seq: string;
}

const cursorOf = (r: LogRow): FeedCursor => ({ xid: BigInt(r.xid), seq: BigInt(r.seq) });

/**
 * The watermark of a read (as a one-row query): the oldest transaction still running when its snapshot was taken
 * (every row below it is final, and no transaction running or to come can write one below it). Transactions of
 * other databases of the same server (seen running right now) cannot write here and do not hold it back.
 */
const watermarkQuery = sql`
      select coalesce(
        (select x from pg_snapshot_xip(s.snap) x
          where not exists (
            select 1 from pg_stat_activity a
            where a.backend_xid = x::xid and a.datname is distinct from current_database())
          order by x limit 1),
        pg_snapshot_xmax(s.snap)) as watermark
      from (select pg_current_snapshot() as snap) s`;

/**
 * watermarkQuery where the database has one session (PGlite: one backend in this process). A snapshot's running
 * transactions (pg_snapshot_xip) are other sessions' and there are none, so watermarkQuery answers the snapshot's
 * xmax there too; this asks for it without planning watermarkQuery's look at the running transactions
 * (pg_stat_activity). PGlite plans every statement anew, and that planning was most of an idle pull's time on it
 * (fleet bench: the head statement alone about 5 ms against 1.2–1.9 ms so, at load 10–13 on 2 cores).
 */
const soleSessionWatermarkQuery = sql`select pg_snapshot_xmax(pg_current_snapshot()) as watermark`;

/** The watermark query for the database at hand: every read of the feed (page or head) takes it from here. */
const watermarkQueryOf = (kind: Database['kind']): SQL =>
  kind === 'pglite' ? soleSessionWatermarkQuery : watermarkQuery;

const readWatermark = async (tx: Tx, kind: Database['kind']): Promise<bigint> => {
  const [row] = rowsOf(
    await tx.execute(sql`select watermark::text as watermark from (${watermarkQueryOf(kind)}) w`),
  );
  return BigInt(String(row?.watermark ?? '0'));
};

/**
 * The log rows a caller may see (contractors: their entities, records that are or were theirs): `contractor` is
 * the caller's contractor id (or a placeholder for it), null for staff.
 */
const visibleTo = (contractor: unknown): SQL => {
  if (contractor === null) return sql`true`;
  const entities = sql.join(
    contractorEntities.map((e) => sql`${e}`),
    sql`, `,
  );
  return sql`entity in (${entities}) and ${contractor}::uuid = any(contractor_ids)`;
};

/** Deletes from before an initial sync's horizon: of records that sync never delivered (cursor.ts). */
const beforeHorizon = (horizon: bigint | undefined): SQL =>
  horizon === undefined ? sql`true` : sql`not (action = 'delete' and xid < ${horizon.toString()}::xid8)`;

/** Log rows after `after` and below `watermark` (a value, or an xid8 expression of the same query). */
const range = (
  scope: FeedScope,
  after: FeedCursor,
  watermark: bigint | SQL,
  horizon: bigint | undefined,
): SQL => sql`
  client_account_id = ${scope.clientAccountId}::uuid
  and (xid, seq) > (${after.xid.toString()}::xid8, ${after.seq.toString()}::bigint)
  and xid < ${typeof watermark === 'bigint' ? sql`${watermark.toString()}::xid8` : watermark}
  and ${visibleTo(scope.contractorId)}
  and ${beforeHorizon(horizon)}`;

/** Up to `limit` log rows after `after`, in (xid, seq) order. */
const readLog = async (
  tx: Tx,
  scope: FeedScope,
  after: FeedCursor,
  limit: number,
  watermark: bigint,
  horizon: bigint | undefined,
): Promise<LogRow[]> => {
  const rows = rowsOf(
    await tx.execute(sql`
      select entity, record_id::text as id, xid::text as at_xid, seq::text as at_seq from sync_change
      where ${range(scope, after, watermark, horizon)}
      order by xid, seq limit ${limit}`),
  );
  return rows.map((r) => ({
    entity: String(r.entity),
    id: String(r.id),
    xid: String(r.at_xid),
    seq: String(r.at_seq),
  }));
};

const countAfter = async (
  tx: Tx,
  scope: FeedScope,
  after: FeedCursor,
  watermark: bigint,
  horizon: bigint | undefined,
): Promise<number> => {
  const [row] = rowsOf(
    await tx.execute(
      sql`select count(*)::int as n from sync_change where ${range(scope, after, watermark, horizon)}`,
    ),
  );
  return Number(row?.n ?? 0);
};

/** The highest mutation of this device and user whose transaction lies before `before` (as text; '0' for none). */
const lastMutationQuery = (req: ChangesRequest, before: SQL): SQL =>
  req.deviceId === null
    ? sql`'0'`
    : sql`(select coalesce(max(mutation_id), 0)::text from sync_mutation
      where client_account_id = ${req.scope.clientAccountId}::uuid and device_id = ${req.deviceId}
        and user_id = ${req.scope.userId}::uuid and xid < ${before})`;

/** The highest mutation of this device and user whose transaction lies wholly before the cursor. */
const lastMutationBefore = async (tx: Executor, req: ChangesRequest, before: bigint): Promise<number> => {
  if (req.deviceId === null) return 0;
  const [row] = rowsOf(
    await tx.execute(sql`select ${lastMutationQuery(req, sql`${before.toString()}::xid8`)} as id`),
  );
  return Number(row?.id ?? 0);
};

/**
 * Each logged record joined to its current state, row by row: an upsert when in scope, else a tombstone —
 * except below an initial sync's horizon, where a record out of scope was never delivered by that sync and is
 * left out (null).
 */
const materialize = async (
  ctx: AppContext,
  tx: Tx,
  scope: FeedScope,
  log: readonly LogRow[],
  horizon: bigint | undefined,
): Promise<(SyncChange | null)[]> => {
  const byEntity = new Map<SyncEntity, string[]>();
  for (const r of log) {
    if (!isSyncEntity(r.entity)) continue;
    const ids = byEntity.get(r.entity);
    if (ids) ids.push(r.id);
    else byEntity.set(r.entity, [r.id]);
  }
  const rows = new FeedRows(ctx, tx, scope);
  const current = new Map<SyncEntity, Map<string, Record<string, unknown>>>();
  for (const [entity, ids] of byEntity) current.set(entity, await rows.load(entity, ids));
  return log.map((r): SyncChange | null => {
    if (!isSyncEntity(r.entity)) return null;
    const data = current.get(r.entity)?.get(r.id);
    if (data) return { op: 'upsert', entity: r.entity, id: r.id, data };
    return horizon === undefined || BigInt(r.xid) >= horizon
      ? { op: 'delete', entity: r.entity, id: r.id }
      : null;
  });
};

/**
 * Log rows one read may go through for a page the horizon leaves (partly) empty: 20 pages, at most 100,000 rows
 * (about half a second of the server's time). An initial sync passes tens of thousands of rows of documents that
 * left the floor; each page that came back empty instead was a round trip with nothing for the terminal to apply.
 */
export const maxScanned = (limit: number): number => Math.min(20 * limit, Math.max(limit, 100_000));

interface Page {
  readonly changes: SyncChange[];
  /** The last log row the page covers (undefined: none). */
  readonly last: FeedCursor | undefined;
  /** Log rows the page covers. */
  readonly scanned: number;
  /** Log rows remain after `last`. */
  readonly more: boolean;
}

/**
 * Reads log rows until the page holds `limit` changes or the rows below the watermark end. Without a horizon
 * every row is one change, so that is one read; with one, rows left out are made up for by reading on (up to
 * maxScanned rows), so an initial sync never spends a round trip on an empty page.
 */
const readPage = async (
  ctx: AppContext,
  tx: Tx,
  req: ChangesRequest,
  watermark: bigint,
  horizon: bigint | undefined,
): Promise<Page> => {
  const changes: SyncChange[] = [];
  let last: FeedCursor | undefined;
  let after = req.since;
  let scanned = 0;
  for (;;) {
    // One row more than asked for says whether any remain.
    const log = await readLog(tx, req.scope, after, req.limit + 1, watermark, horizon);
    const batch = log.slice(0, req.limit);
    const made = await materialize(ctx, tx, req.scope, batch, horizon);
    let taken = 0;
    for (const change of made) {
      if (changes.length >= req.limit) break;
      taken++;
      if (change) changes.push(change);
    }
    const lastTaken = batch[taken - 1];
    if (lastTaken) {
      last = cursorOf(lastTaken);
      after = last;
    }
    scanned += taken;
    const more = taken < log.length;
    if (!more || changes.length >= req.limit || scanned >= maxScanned(req.limit))
      return { changes, last, scanned, more };
  }
};

/** A page as every terminal at the same cursor gets it (FeedPageCache): all but the device's last mutation. */
export interface FeedPage {
  readonly changes: SyncChange[];
  readonly cursor: FeedCursor;
  readonly hasMore: boolean;
  readonly remaining: number;
}

/**
 * One page of the change feed (docs/sync-contract.md §1) below `watermark`, read in the transaction's one
 * repeatable-read snapshot: log rows after the cursor and below the watermark, in (xid, seq) order, joined to
 * current data. A page that ends the rows below the watermark moves the cursor to the watermark itself; rows
 * committed later by transactions still running when it was read all lie above it, so none is skipped however
 * the commits interleave.
 *
 * An initial sync (a read from the start) ships no tombstones it does not need: its first read sets the
 * horizon to its watermark, carried by the cursors of the pages that follow and dropped by the last one. Every
 * transaction below the horizon committed before the first page's snapshot, so a record whose last change lies
 * below it and that is gone or out of scope was never delivered by this sync; a record delivered and then
 * deleted or moved out of scope gets a new change at or above the horizon, and its tombstone is sent.
 */
const pageBelow = async (
  ctx: AppContext,
  tx: Tx,
  req: ChangesRequest,
  watermark: bigint,
): Promise<FeedPage> => {
  const start = isStart(req.since);
  const horizon = start ? watermark : req.since.horizon;
  const page = await readPage(ctx, tx, req, watermark, horizon);
  const hasMore = page.more && page.last !== undefined;
  // What waits: counted (exact), except on the later pages of an initial sync, which carry the first
  // page's count down (counting again on every page would cost as much as reading it).
  let remaining = 0;
  if (hasMore && page.last) {
    const carried = req.since.remaining;
    remaining =
      horizon !== undefined && !start && carried !== undefined
        ? Math.max(1, carried - page.scanned)
        : await countAfter(tx, req.scope, page.last, watermark, horizon);
  }
  let cursor: FeedCursor = hasMore && page.last ? page.last : { xid: watermark, seq: 0n };
  // Never backwards, even for a `since` this database never gave out.
  if (compareCursors(cursor, req.since) < 0) cursor = { xid: req.since.xid, seq: req.since.seq };
  // The pages of an initial sync carry its horizon; the last one (the watermark) ends it.
  if (hasMore && horizon !== undefined) cursor = { ...cursor, horizon, remaining };
  return { changes: page.changes, cursor, hasMore, remaining };
};

const readOnlySnapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** What a pull answers: a page (shared, FeedPageCache) and the calling device's own last mutation. */
export interface FeedAnswer {
  readonly page: FeedPage;
  readonly lastMutationId: number;
}

/** A page's changes as JSON, made once per page: a shared page goes to every terminal that asks for it. */
const changesJson = new WeakMap<FeedPage, string>();
const changesJsonOf = (page: FeedPage): string => {
  let json = changesJson.get(page);
  if (json === undefined) {
    json = JSON.stringify(page.changes);
    changesJson.set(page, json);
  }
  return json;
};

/** The response as an object (what the body's JSON stands for). */
export const changesResponseOf = (a: FeedAnswer, serverTime: string): ChangesResponse => ({
  version: syncWireVersion,
  changes: a.page.changes,
  cursor: encodeCursor(a.page.cursor),
  hasMore: a.page.hasMore,
  remaining: a.page.remaining,
  lastMutationId: a.lastMutationId,
  serverTime,
});

/**
 * The response body: exactly JSON.stringify(changesResponseOf(a, serverTime)), the same bytes, with the page's
 * changes serialised once for every terminal that gets the page.
 */
export const changesResponseText = (a: FeedAnswer, serverTime: string): string =>
  `{"version":${JSON.stringify(syncWireVersion)},"changes":${changesJsonOf(a.page)}` +
  `,"cursor":${JSON.stringify(encodeCursor(a.page.cursor))},"hasMore":${a.page.hasMore}` +
  `,"remaining":${JSON.stringify(a.page.remaining)},"lastMutationId":${JSON.stringify(a.lastMutationId)}` +
  `,"serverTime":${JSON.stringify(serverTime)}}`;

/** A page read on its own, watermark and the device's last mutation in the same snapshot. */
const readPageOfChanges = async (ctx: AppContext, req: ChangesRequest): Promise<FeedAnswer> =>
  ctx.db.transaction(async (tx) => {
    const page = await pageBelow(ctx, tx, req, await readWatermark(tx, ctx.database.kind));
    return { page, lastMutationId: await lastMutationBefore(tx, req, page.cursor.xid) };
  }, readOnlySnapshot);

const headNames = ['account', 'contractor', 'devices', 'users', 'afterXids', 'afterSeqs'] as const;
type HeadName = (typeof headNames)[number];

/**
 * The heads of pulls of one account and scope (contractor or staff), in one statement (no transaction), built
 * once per shape and prepared: its watermark and, per pull (its cursor, device and user, as arrays), whether any
 * log row for the caller lies between its cursor and the watermark, and the device's last mutation below it —
 * all from the statement's one snapshot. A lone pull is a statement of one; the pulls a change sets off at once
 * share one (GatheredReads).
 *
 * Every value reaches the planner as a sub-select's result, never as a constant, so each plan PostgreSQL makes
 * of the statement is the same one and it keeps the generic plan after its first five runs on a connection. With
 * the values visible, a custom plan knew the arrays' length (1) where the generic plan assumed 10 rows, looked
 * cheaper, and — depending on the tables' statistics at the time — every pull was planned anew: 1.0–1.3 ms of
 * a 1.8 ms idle pull (issue 26). The watermark is a subquery of its own (`offset 0`), computed once rather than
 * copied into each of its uses, which also halves the planning left (PGlite plans every run).
 */
const headStatements = new Map<string, NamedStatement<HeadName>>();
const headStatementOf = (contractor: boolean, kind: Database['kind']): NamedStatement<HeadName> => {
  const shape = `${contractor ? 'contractor' : 'staff'} ${kind}`;
  let statement = headStatements.get(shape);
  if (!statement) {
    statement = new NamedStatement(
      headNames,
      (v) => sql`
      select w.watermark::text as watermark, a.n::int as n,
        exists (select 1 from sync_change
          where client_account_id = (select ${v.account}::uuid)
            and (xid, seq) > (a.after_xid, a.after_seq)
            and xid < w.watermark
            and ${visibleTo(contractor ? sql`(select ${v.contractor}::uuid)` : null)}) as waiting,
        (select coalesce(max(mutation_id), 0)::text from sync_mutation
          where client_account_id = (select ${v.account}::uuid) and device_id = a.device
            and user_id = a.user_id and xid < w.watermark) as last_mutation
      from (${watermarkQueryOf(kind)} offset 0) w,
        unnest((select ${v.devices}::text[]), (select ${v.users}::uuid[]),
          (select ${v.afterXids}::xid8[]), (select ${v.afterSeqs}::bigint[]))
          with ordinality as a(device, user_id, after_xid, after_seq, n)`,
    );
    headStatements.set(shape, statement);
  }
  return statement;
};

interface Head {
  readonly watermark: bigint;
  /** Log rows for the caller lie between the cursor and the watermark. */
  readonly waiting: boolean;
  /** The device's last mutation below the watermark. */
  readonly lastMutationId: number;
}

/** The heads of pulls of one account and scope (the first one's), from one statement. */
const readHeads = async (ctx: AppContext, reqs: readonly ChangesRequest[]): Promise<Head[]> => {
  const scope = reqs[0]?.scope;
  if (!scope) return [];
  const rows = await headStatementOf(scope.contractorId !== null, ctx.database.kind).rows(ctx.db, {
    account: scope.clientAccountId,
    contractor: scope.contractorId,
    devices: reqs.map((r) => r.deviceId),
    users: reqs.map((r) => r.scope.userId),
    afterXids: reqs.map((r) => r.since.xid.toString()),
    afterSeqs: reqs.map((r) => r.since.seq.toString()),
  });
  const byPull = new Map<number, Head>();
  for (const row of rows)
    byPull.set(Number(row.n), {
      watermark: BigInt(String(row.watermark ?? '0')),
      waiting: row.waiting !== false,
      lastMutationId: Number(row.last_mutation ?? 0),
    });
  return reqs.map((_, i) => {
    const head = byPull.get(i + 1);
    if (!head) throw new Error(`the pulls' head answered ${rows.length} rows for ${reqs.length} pulls`);
    return head;
  });
};

/** What one app shares between the pulls of its terminals (registerSync makes it once). */
export interface FeedSharing {
  readonly pages: FeedPageCache<FeedPage>;
  /** Heads of pulls of one account and scope asked for at once, read together. */
  readonly heads: GatheredReads<ChangesRequest, Head>;
}

export const feedSharing = (ctx: AppContext, pages: FeedPageCache<FeedPage>): FeedSharing => ({
  pages,
  heads: new GatheredReads((_key, reqs) => readHeads(ctx, reqs)),
});

const readHead = async (ctx: AppContext, req: ChangesRequest, sharing?: FeedSharing): Promise<Head> => {
  if (!sharing) {
    const [head] = await readHeads(ctx, [req]);
    if (!head) throw new Error('no head of the pull');
    return head;
  }
  return sharing.heads.ask(`${req.scope.clientAccountId} ${req.scope.contractorId ?? ''}`, req);
};

/**
 * A page of the change feed. Every change in an account makes each of its terminals pull, mostly to learn there
 * is nothing for them, and otherwise for the same page as all the others: the pull's head statement (readHead)
 * answers "nothing new" alone, with no transaction and no write — and the heads of pulls asked for at once are
 * one statement; a page waiting below the watermark it read is computed once for every caller of the same
 * account, scope, cursor and page size (`sharing.pages`), in a snapshot of its own — every transaction below
 * that watermark had ended when the head read it, so the rows below it are final whenever they are read. The
 * pages of an initial sync, and a cursor above the watermark (another database's), are read on their own.
 */
export const readChanges = async (
  ctx: AppContext,
  req: ChangesRequest,
  sharing?: FeedSharing,
): Promise<FeedAnswer> => {
  if (isStart(req.since) || req.since.horizon !== undefined) return readPageOfChanges(ctx, req);
  const head = await readHead(ctx, req, sharing);
  if (head.watermark < req.since.xid) return readPageOfChanges(ctx, req);
  if (!head.waiting) {
    // Never backwards, as a page.
    const cursor =
      compareCursors({ xid: head.watermark, seq: 0n }, req.since) < 0
        ? { xid: req.since.xid, seq: req.since.seq }
        : { xid: head.watermark, seq: 0n };
    return {
      page: { changes: [], cursor, hasMore: false, remaining: 0 },
      lastMutationId: head.lastMutationId,
    };
  }
  const compute = () => ctx.db.transaction((tx) => pageBelow(ctx, tx, req, head.watermark), readOnlySnapshot);
  const key = [
    req.scope.clientAccountId,
    req.scope.contractorId ?? '',
    encodeCursor(req.since),
    req.limit,
    head.watermark,
  ].join(' ');
  const page = await (sharing ? sharing.pages.page(key, compute) : compute());
  // The device's own mutations: from the head when the page ends at its watermark, else below the page's end.
  const lastMutationId =
    page.cursor.xid === head.watermark
      ? head.lastMutationId
      : await lastMutationBefore(ctx.db, req, page.cursor.xid);
  return { page, lastMutationId };
};
