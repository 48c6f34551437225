import { type SQL, sql } from 'drizzle-orm';
import {
  type ChangesResponse,
  isSyncEntity,
  type SyncChange,
  type SyncEntity,
  syncWireVersion,
} from '../../domain/sync/wire';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { rowsOf } from '../warehouse/stock/rawRows';
import { compareCursors, encodeCursor, type FeedCursor } from './cursor';
import { FeedRows } from './feedRows';
import { contractorEntities, type FeedScope } from './feedScope';

export interface ChangesRequest {
  readonly scope: FeedScope;
  readonly since: FeedCursor;
  readonly limit: number;
  readonly deviceId: string | null;
}

interface LogRow {
  readonly entity: SyncEntity;
  readonly id: string;
  readonly cursor: FeedCursor;
}

/**
 * The watermark of this read: the oldest transaction still running when its snapshot was taken (every row below
 * it is final, and no transaction running or to come can write one below it). Transactions of other databases
 * of the same server (seen running right now) cannot write here and do not hold it back.
 */
const readWatermark = async (tx: Tx): Promise<bigint> => {
  const [row] = rowsOf(
    await tx.execute(sql`
      select coalesce(
        (select x from pg_snapshot_xip(s.snap) x
          where not exists (
            select 1 from pg_stat_activity a
            where a.backend_xid = x::xid and a.datname is distinct from current_database())
          order by x limit 1),
        pg_snapshot_xmax(s.snap))::text as watermark
      from (select pg_current_snapshot() as snap) s`),
  );
  return BigInt(String(row?.watermark ?? '0'));
};

/** The log rows a caller may see (contractors: their entities, records that are or were theirs). */
const visible = (scope: FeedScope): SQL => {
  if (scope.contractorId === null) return sql`true`;
  const entities = sql.join(
    contractorEntities.map((e) => sql`${e}`),
    sql`, `,
  );
  return sql`entity in (${entities}) and ${scope.contractorId}::uuid = any(contractor_ids)`;
};

const range = (scope: FeedScope, after: FeedCursor, watermark: bigint): SQL => sql`
  client_account_id = ${scope.clientAccountId}::uuid
  and (xid, seq) > (${after.xid.toString()}::xid8, ${after.seq.toString()}::bigint)
  and xid < ${watermark.toString()}::xid8
  and ${visible(scope)}`;

const readPage = async (tx: Tx, req: ChangesRequest, watermark: bigint): Promise<LogRow[]> => {
  const rows = rowsOf(
    await tx.execute(sql`
      select entity, record_id::text as id, xid::text as at_xid, seq::text as at_seq from sync_change
      where ${range(req.scope, req.since, watermark)}
      order by xid, seq limit ${req.limit}`),
  );
  const out: LogRow[] = [];
  for (const r of rows) {
    const entity = r.entity;
    if (!isSyncEntity(entity)) continue;
    out.push({
      entity,
      id: String(r.id),
      cursor: { xid: BigInt(String(r.at_xid)), seq: BigInt(String(r.at_seq)) },
    });
  }
  return out;
};

const countAfter = async (
  tx: Tx,
  scope: FeedScope,
  after: FeedCursor,
  watermark: bigint,
): Promise<number> => {
  const [row] = rowsOf(
    await tx.execute(sql`select count(*)::int as n from sync_change where ${range(scope, after, watermark)}`),
  );
  return Number(row?.n ?? 0);
};

/** The highest mutation of this device and user whose transaction lies wholly before the cursor. */
const lastMutationBefore = async (tx: Tx, req: ChangesRequest, before: bigint): Promise<number> => {
  if (req.deviceId === null) return 0;
  const [row] = rowsOf(
    await tx.execute(sql`
      select coalesce(max(mutation_id), 0)::text as id from sync_mutation
      where client_account_id = ${req.scope.clientAccountId}::uuid and device_id = ${req.deviceId}
        and user_id = ${req.scope.userId}::uuid and xid < ${before.toString()}::xid8`),
  );
  return Number(row?.id ?? 0);
};

/** Each logged record joined to its current state: an upsert when in scope, else a tombstone. */
const materialize = async (
  ctx: AppContext,
  tx: Tx,
  scope: FeedScope,
  page: readonly LogRow[],
): Promise<SyncChange[]> => {
  const byEntity = new Map<SyncEntity, string[]>();
  for (const r of page) {
    const ids = byEntity.get(r.entity);
    if (ids) ids.push(r.id);
    else byEntity.set(r.entity, [r.id]);
  }
  const rows = new FeedRows(ctx, tx, scope);
  const current = new Map<SyncEntity, Map<string, Record<string, unknown>>>();
  for (const [entity, ids] of byEntity) current.set(entity, await rows.load(entity, ids));
  return page.map((r): SyncChange => {
    const data = current.get(r.entity)?.get(r.id);
    return data
      ? { op: 'upsert', entity: r.entity, id: r.id, data }
      : { op: 'delete', entity: r.entity, id: r.id };
  });
};

/**
 * One page of the change feed (docs/sync-contract.md §1), read in one repeatable-read snapshot: log rows after
 * the cursor and below the watermark, in (xid, seq) order, joined to current data. A page that ends the rows
 * below the watermark moves the cursor to the watermark itself; rows committed later by transactions still
 * running now all lie above it, so none is skipped however the commits interleave.
 */
export const readChanges = async (ctx: AppContext, req: ChangesRequest): Promise<ChangesResponse> =>
  ctx.db.transaction(
    async (tx) => {
      const watermark = await readWatermark(tx);
      const page = await readPage(tx, req, watermark);
      const last = page.at(-1);
      const remaining =
        last && page.length >= req.limit ? await countAfter(tx, req.scope, last.cursor, watermark) : 0;
      const hasMore = remaining > 0;
      let cursor: FeedCursor = hasMore && last ? last.cursor : { xid: watermark, seq: 0n };
      // Never backwards, even for a `since` this database never gave out.
      if (compareCursors(cursor, req.since) < 0) cursor = req.since;
      const changes = await materialize(ctx, tx, req.scope, page);
      return {
        version: syncWireVersion,
        changes,
        cursor: encodeCursor(cursor),
        hasMore,
        remaining,
        lastMutationId: await lastMutationBefore(tx, req, cursor.xid),
        serverTime: new Date().toISOString(),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
