import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { syncMutation } from '../db/syncTables';

/** The outcome of a recorded mutation, to be written to its sync_mutation row. */
export interface StoredOutcome {
  readonly clientAccountId: string;
  readonly idempotencyKey: string;
  readonly statusCode: number;
  readonly response: { contentType: string | null; body: string };
}

/** What DeferredOutcomes.snapshot keeps. */
export interface OutcomesSnapshot {
  readonly fresh: ReadonlySet<string>;
  readonly waiting: ReadonlyMap<string, StoredOutcome>;
}

const keyOf = (clientAccountId: string, idempotencyKey: string) => `${clientAccountId} ${idempotencyKey}`;

/**
 * What one batch push (pushBatch.ts) shares with its calls while they run (deferredOutcomeStore):
 * - the keys it looked up together and found no stored mutation for: such a call skips its own look-up, once
 *   (a racing attempt that stores one meanwhile is caught by the unique key: 409 mutationInProgress);
 * - the outcomes of calls whose change is committed (state `recorded`), written together in one statement when
 *   the batch ends instead of one autocommit per call. If the process dies before, a repeat meets the
 *   committed row without an outcome and is answered as succeeded (idempotentPush.ts), as for a crash between
 *   commit and store. A repeat of a waiting key inside the same batch writes them first (`flushIfHolding`).
 */
export class DeferredOutcomes {
  private readonly fresh = new Set<string>();
  private readonly waiting = new Map<string, StoredOutcome>();

  /** Looks up the batch's keys at once and remembers those with no stored mutation. */
  async markFresh(db: Db, clientAccountId: string, idempotencyKeys: readonly string[]): Promise<void> {
    const stored = await db
      .select({ key: syncMutation.idempotencyKey })
      .from(syncMutation)
      .where(
        and(
          eq(syncMutation.clientAccountId, clientAccountId),
          inArray(syncMutation.idempotencyKey, [...idempotencyKeys]),
        ),
      );
    const seen = new Set(stored.map((r) => r.key));
    for (const k of idempotencyKeys) if (!seen.has(k)) this.fresh.add(keyOf(clientAccountId, k));
  }

  /** Whether this key was found fresh by the batch (true once). */
  takeFresh(clientAccountId: string, idempotencyKey: string): boolean {
    return this.fresh.delete(keyOf(clientAccountId, idempotencyKey));
  }

  /** Its state now, for a push group that may roll back (restore). */
  snapshot(): OutcomesSnapshot {
    return { fresh: new Set(this.fresh), waiting: new Map(this.waiting) };
  }

  /**
   * Back to a snapshot after the transaction that wrote or consumed what came since was rolled back: its
   * calls' outcomes are gone, the outcomes it wrote wait again, and its keys are fresh again.
   */
  restore(snapshot: OutcomesSnapshot): void {
    this.fresh.clear();
    for (const k of snapshot.fresh) this.fresh.add(k);
    this.waiting.clear();
    for (const [k, o] of snapshot.waiting) this.waiting.set(k, o);
  }

  add(outcome: StoredOutcome): void {
    this.waiting.set(keyOf(outcome.clientAccountId, outcome.idempotencyKey), outcome);
  }

  /** Replaces texts in the waiting outcomes' bodies (a push group's pending document numbers by final ones). */
  rename(renames: readonly { readonly from: string; readonly to: string }[]): void {
    if (renames.length === 0) return;
    for (const [k, o] of this.waiting) {
      let body = o.response.body;
      for (const r of renames) body = body.replaceAll(r.from, r.to);
      if (body !== o.response.body) this.waiting.set(k, { ...o, response: { ...o.response, body } });
    }
  }

  async flushIfHolding(db: Db, clientAccountId: string, idempotencyKey: string): Promise<void> {
    if (this.waiting.has(keyOf(clientAccountId, idempotencyKey))) await this.flush(db);
  }

  /** Writes every waiting outcome in one statement. */
  async flush(db: Executor): Promise<void> {
    if (this.waiting.size === 0) return;
    const rows = [...this.waiting.values()].map((o) => ({
      a: o.clientAccountId,
      k: o.idempotencyKey,
      s: o.statusCode,
      r: o.response,
    }));
    this.waiting.clear();
    await db.execute(sql`update ${syncMutation} as m
      set status_code = v.s, response = v.r
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(a uuid, k text, s int, r jsonb)
      where m.client_account_id = v.a and m.idempotency_key = v.k`);
  }
}

/** The batch whose calls are running (set by pushBatch.ts around its calls). */
export const deferredOutcomeStore = new AsyncLocalStorage<DeferredOutcomes>();
