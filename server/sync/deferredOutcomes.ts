import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { syncMutation } from '../db/syncTables';

/** The outcome of a recorded mutation, to be written to its sync_mutation row. */
export interface StoredOutcome {
  readonly clientAccountId: string;
  readonly idempotencyKey: string;
  readonly statusCode: number;
  readonly response: { contentType: string | null; body: string };
}

/**
 * Outcomes of the calls of one batch push (pushBatch.ts), written together in one statement when the batch
 * ends instead of one autocommit per call. Only outcomes of mutations whose change is already committed
 * (state `recorded`) wait here: if the process dies before the write, a repeat meets the committed row
 * without an outcome and is answered as succeeded (idempotentPush.ts), as for a crash between commit and
 * store. A repeat of a waiting key inside the same batch writes them first (`flushIfHolding`).
 */
export class DeferredOutcomes {
  private readonly waiting = new Map<string, StoredOutcome>();

  add(outcome: StoredOutcome): void {
    this.waiting.set(`${outcome.clientAccountId} ${outcome.idempotencyKey}`, outcome);
  }

  async flushIfHolding(db: Db, clientAccountId: string, idempotencyKey: string): Promise<void> {
    if (this.waiting.has(`${clientAccountId} ${idempotencyKey}`)) await this.flush(db);
  }

  /** Writes every waiting outcome in one statement. */
  async flush(db: Db): Promise<void> {
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
