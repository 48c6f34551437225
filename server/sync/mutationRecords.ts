import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { rowsOf } from '../db/rawRows';
import { syncMutation } from '../db/syncTables';

/**
 * The sync_mutation rows of pushed intents (docs/sync-contract.md, "Idempotent push"): one row per intent key,
 * with the outcome its call got, written in the transaction of the intent's change — so both commit or neither —
 * and the device's last mutation id raised with it.
 */

/** A pushed mutation: one intent's call under its key, from one device of one user. */
export interface PushedMutation {
  readonly clientAccountId: string;
  readonly userId: string;
  readonly idempotencyKey: string;
  readonly deviceId: string | null;
  readonly mutationId: number | null;
  readonly method: string;
  /** The canonical path, in lower case (domain matchIntentCall). */
  readonly path: string;
}

/** An outcome as stored: the status and the body as sent (text), so a repeat is answered byte for byte the same. */
export interface RecordedOutcome {
  readonly statusCode: number;
  readonly response: { readonly contentType: string | null; readonly body: string };
}

/** A stored mutation, as a repeat finds it. */
export interface StoredMutation {
  readonly userId: string;
  readonly method: string;
  readonly path: string;
  /** Null: recorded by a version that stored outcomes later, and the process died in between. */
  readonly statusCode: number | null;
  readonly response: { contentType: string | null; body: string } | null;
  readonly createdAt: Date;
}

/** The stored mutations of an account under these keys (one look-up for a whole batch). */
export const storedMutations = async (
  db: Db,
  clientAccountId: string,
  keys: readonly string[],
): Promise<Map<string, StoredMutation>> => {
  const out = new Map<string, StoredMutation>();
  if (!keys.length) return out;
  const rows = await db
    .select({
      key: syncMutation.idempotencyKey,
      userId: syncMutation.userId,
      method: syncMutation.method,
      path: syncMutation.path,
      statusCode: syncMutation.statusCode,
      response: syncMutation.response,
      createdAt: syncMutation.createdAt,
    })
    .from(syncMutation)
    .where(
      and(eq(syncMutation.clientAccountId, clientAccountId), inArray(syncMutation.idempotencyKey, [...keys])),
    );
  for (const { key, ...row } of rows) out.set(key, row);
  return out;
};

/**
 * Records mutations with their outcomes, and raises each device's last mutation id (never lowers it), in one
 * statement on `db` — the unit's transaction for mutations whose change it holds. `onlyNew`: a row already there
 * (another attempt's) stays, and the keys actually written are returned; otherwise such a row is a unique
 * violation (mutationInProgress: the same intent committed by another attempt meanwhile).
 */
export const recordMutations = async (
  db: Executor,
  mutations: readonly (PushedMutation & RecordedOutcome)[],
  onlyNew = false,
): Promise<Set<string>> => {
  const [first] = mutations;
  if (!first) return new Set();
  const rows = JSON.stringify(
    mutations.map((m) => ({
      k: m.idempotencyKey,
      d: m.deviceId,
      m: m.mutationId,
      u: m.userId,
      me: m.method,
      p: m.path,
      s: m.statusCode,
      r: m.response,
    })),
  );
  const result = await db.execute(sql`with r as materialized (
      select * from jsonb_to_recordset(${rows}::jsonb)
        as r(k text, d text, m bigint, u uuid, me text, p text, s int, r jsonb)
    ), device as (
      insert into sync_device (client_account_id, device_id, user_id, last_mutation_id, last_seen_at)
      select ${first.clientAccountId}::uuid, r.d, r.u, coalesce(max(r.m), 0), now() from r
      where r.d is not null group by r.d, r.u
      on conflict (client_account_id, device_id, user_id) do update
        set last_mutation_id = greatest(sync_device.last_mutation_id, excluded.last_mutation_id),
          last_seen_at = excluded.last_seen_at
    )
    insert into sync_mutation (client_account_id, idempotency_key, device_id, mutation_id, user_id, method, path,
      status_code, response, xid)
    select ${first.clientAccountId}::uuid, r.k, r.d, r.m, r.u, r.me, r.p, r.s, r.r, pg_current_xact_id() from r
    ${onlyNew ? sql`on conflict do nothing` : sql``}
    returning idempotency_key as k`);
  return new Set(rowsOf(result).map((row) => String(row.k)));
};
