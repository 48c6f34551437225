import { AppError } from '../../domain/errors';
import type { DecodedCall, PrefetchHints } from '../../domain/sync/intentDefinition';
import { type IntentKind, intentRegistry } from '../../domain/sync/intents';
import type { AppContext } from '../context';
import { errorBody, toAppError } from '../http/errorHandler';
import type { IntentHandlers } from '../intents/intentHandlers';
import type { Scope } from '../resources/scope';
import { type Outcome, publishCommitted, type Rename, renamedJson, UnitOfWork } from '../unitOfWork';
import {
  type PushedMutation,
  type RecordedOutcome,
  recordMutations,
  type StoredMutation,
  storedMutations,
} from './mutationRecords';
import { isFinalOutcome } from './outcome';

/** Calls one push group takes at most: its transaction holds its locks (documents, stock rows) until it ends. */
export const maxGroupCalls = 25;
/** A stored mutation without an outcome this old lost its response after commit (written by an older version). */
const lostOutcomeAfterMs = 60_000;
const jsonType = 'application/json; charset=utf-8';

/** A pushed call as checked: an intent to run exactly once, or refused before it runs (not stored). */
export type PushItem =
  | {
      readonly key: string;
      readonly mutation: PushedMutation;
      readonly kind: IntentKind;
      readonly call: DecodedCall;
    }
  | { readonly key: string; readonly refused: AppError };

/** The outcome of one pushed call, as its own request would have got it. */
export interface PushedOutcome {
  readonly idempotencyKey: string;
  readonly status: number;
  /** The body (a value JSON writes as `text`); absent when there is none. */
  readonly body?: unknown;
  /** The body as sent ('' for none) and its type, as stored and as a single call sends it. */
  readonly text: string;
  readonly contentType: string | null;
  readonly replayed: boolean;
  /** Final: a repeat gets it again. Otherwise the batch stops after it and the engine tries again later. */
  readonly final: boolean;
}

/** Who pushes, and what the push's answers and log need of the request that carried it. */
export interface PushCaller {
  readonly scope: Scope;
  readonly language: string | undefined;
  /** The request id the `index`-th call's error body names. */
  requestIdOf(index: number): string;
  /** Writes a failed call to the system log, as its own request's failure would be. */
  logFailure(err: unknown, appError: AppError, index: number): Promise<void>;
  /** Says why a group of calls ran again one by one. */
  warn(err: unknown, message: string): void;
}

type Runnable = Extract<PushItem, { readonly kind: IntentKind }>;

const runs = (item: PushItem): item is Runnable => 'kind' in item;

/** Thrown in a group's transaction to roll it back. */
class GroupRollback extends Error {}

const succeeded = (status: number) => status >= 200 && status < 300;

const merge = (hints: readonly PrefetchHints[]): PrefetchHints => ({
  productIds: hints.flatMap((h) => h.productIds),
  locationIds: hints.flatMap((h) => h.locationIds),
  containers: hints.flatMap((h) => h.containers),
});

/**
 * Runs pushed intents exactly once (docs/sync-contract.md, "Idempotent push" and "Batch push"), each by its
 * handler (server/intents/intentHandlers.ts) in an explicit unit of work: a stored outcome is answered again;
 * otherwise the handler runs and the mutation is recorded, with its outcome, by a statement of that unit's own
 * transaction (mutationRecords.ts), so the change and its record commit together or not at all. A final refusal
 * is stored on its own. Consecutive intents that group share one unit ("Groups"): one transaction, one record
 * statement, one COMMIT; when one of them does not succeed the group rolls back, the calls before it run again as
 * a group and it runs on its own — so every outcome is the one the call would get alone after the calls before
 * it. The outcomes come back in order, up to and including the first that is not final.
 */
export class ExactlyOnce {
  constructor(
    private readonly ctx: AppContext,
    private readonly handlers: IntentHandlers,
  ) {}

  async run(caller: PushCaller, items: readonly PushItem[]): Promise<PushedOutcome[]> {
    const accountId = caller.scope.clientAccountId;
    const stored = await storedMutations(
      this.ctx.db,
      accountId,
      items.filter(runs).map((i) => i.key),
    );
    /** Keys answered in this batch, with the call they were answered for. */
    const answered = new Map<string, { readonly item: Runnable; readonly outcome: PushedOutcome }>();
    const results: PushedOutcome[] = [];
    const settle = (index: number, outcome: PushedOutcome): boolean => {
      results.push(outcome);
      const item = items[index];
      if (item && runs(item) && outcome.final && !answered.has(item.key))
        answered.set(item.key, { item, outcome });
      return outcome.final;
    };
    let grouping = true;
    let i = 0;
    // The next group ends before this index (lowered to run the calls before a failed one again)…
    let limit = items.length;
    // …and the failed one runs on its own right after them.
    let alone = -1;
    while (i < items.length) {
      const item = items[i] as PushItem;
      const answer = await this.answerWithoutRunning(caller, item, i, stored, answered);
      if (answer || !runs(item)) {
        const outcome = answer ?? (await this.refusal(caller, item, i));
        i++;
        limit = items.length;
        if (!settle(i - 1, outcome)) break;
        continue;
      }
      const group: Runnable[] = [];
      const keys = new Set<string>();
      for (let end = i; grouping && i !== alone && end < limit && group.length < maxGroupCalls; end++) {
        const next = items[end] as PushItem;
        if (!runs(next) || !intentRegistry[next.kind].groups) break;
        if (stored.has(next.key) || answered.has(next.key) || keys.has(next.key)) break;
        keys.add(next.key);
        group.push(next);
      }
      // A group of one is a call on its own (the same outcome, without running it twice when it fails).
      if (group.length > 1) {
        const attempt = await this.runGroup(caller, group, i);
        if (attempt.committed) {
          for (const [k, outcome] of attempt.outcomes.entries()) settle(i + k, outcome);
          i += group.length;
          limit = items.length;
          continue;
        }
        if (attempt.failedAt === undefined) grouping = false;
        else if (attempt.failedAt > 0) {
          limit = i + attempt.failedAt;
          alone = limit;
          continue;
        }
      }
      const outcome = await this.runAlone(caller, item, i);
      i++;
      limit = items.length;
      if (!settle(i - 1, outcome)) break;
    }
    return results;
  }

  /** The answer of a call that does not run: a stored outcome, or one given earlier in the batch. */
  private async answerWithoutRunning(
    caller: PushCaller,
    item: PushItem,
    index: number,
    stored: ReadonlyMap<string, StoredMutation>,
    answered: ReadonlyMap<string, { readonly item: Runnable; readonly outcome: PushedOutcome }>,
  ): Promise<PushedOutcome | undefined> {
    if (!runs(item)) return undefined;
    const earlier = answered.get(item.key);
    if (earlier) {
      if (!sameCall(earlier.item.mutation, item.mutation)) return this.otherRequest(caller, item, index);
      return { ...earlier.outcome, replayed: true };
    }
    const row = stored.get(item.key);
    return row ? this.fromStored(caller, item, index, row) : undefined;
  }

  /** A call refused before it runs (a bad sync value, no intent's call): its 400, not stored. */
  private async refusal(caller: PushCaller, item: PushItem, index: number): Promise<PushedOutcome> {
    const appError = 'refused' in item ? item.refused : new AppError('badRequest');
    await caller.logFailure(appError, appError, index);
    return this.errorOutcome(caller, item.key, appError, index);
  }

  private async otherRequest(caller: PushCaller, item: Runnable, index: number): Promise<PushedOutcome> {
    // One key is one intent: another call or another user under it is a client error, never a replay.
    const appError = new AppError('badRequest', { detail: 'Idempotency-Key belongs to another request' });
    await caller.logFailure(appError, appError, index);
    return this.errorOutcome(caller, item.key, appError, index);
  }

  /** A stored mutation's outcome again (or why it has none yet). */
  private async fromStored(
    caller: PushCaller,
    item: Runnable,
    index: number,
    row: StoredMutation,
  ): Promise<PushedOutcome> {
    if (
      row.userId !== item.mutation.userId ||
      row.method !== item.mutation.method ||
      row.path !== item.mutation.path
    )
      return this.otherRequest(caller, item, index);
    if (row.statusCode === null) {
      if (this.ctx.clock.now() - row.createdAt.getTime() < lostOutcomeAfterMs)
        return this.errorOutcome(caller, item.key, new AppError('mutationInProgress'), index);
      // Committed, but the answer never got stored: the change is in the feed, say it succeeded.
      return {
        idempotencyKey: item.key,
        status: 200,
        body: {},
        text: '{}',
        contentType: jsonType,
        replayed: true,
        final: true,
      };
    }
    const text = row.response?.body ?? '';
    const contentType = row.response?.contentType ?? null;
    let body: unknown;
    if (text !== '') {
      try {
        body = contentType?.includes('json') ? JSON.parse(text) : text;
      } catch {
        body = text;
      }
    }
    return {
      idempotencyKey: item.key,
      status: row.statusCode,
      ...(body === undefined ? {} : { body }),
      text,
      contentType,
      replayed: true,
      final: true,
    };
  }

  /**
   * Runs `group` in one unit of work and commits it with their records when every call succeeded. Otherwise rolls
   * back: `failedAt` names the call that did not succeed (undefined: the records or the commit failed).
   */
  private async runGroup(
    caller: PushCaller,
    group: readonly Runnable[],
    first: number,
  ): Promise<
    { committed: true; outcomes: PushedOutcome[] } | { committed: false; failedAt: number | undefined }
  > {
    let failedAt: number | undefined;
    let unit: UnitOfWork | undefined;
    try {
      const hints = group.map((g) => intentRegistry[g.kind].prefetch?.(g.call));
      const outcomes = await this.ctx.db.transaction(async (tx) => {
        const grouped: UnitOfWork = new UnitOfWork(tx, {
          ahead: (): PrefetchHints =>
            merge(hints.slice(grouped.call).filter((h): h is PrefetchHints => h !== undefined)),
        });
        unit = grouped;
        const done: PushedOutcome[] = [];
        for (const [k, item] of group.entries()) {
          grouped.beginCall();
          let outcome: Outcome;
          try {
            outcome = await this.handlers[item.kind](grouped, caller.scope, item.call);
          } catch {
            failedAt = k;
            throw new GroupRollback();
          }
          if (!succeeded(outcome.status)) {
            failedAt = k;
            throw new GroupRollback();
          }
          done.push(this.successOutcome(item.key, outcome));
        }
        // Last steps (document numbers) hold their locks only from here to the commit; the answers then name the
        // final numbers instead of the pending ones, and so do the records written with them — the group's changes
        // and their records commit together. Renamed here, the records take one statement after the numbers, not
        // a second one to rename what was recorded: a statement less while the stock rows and the counter are held.
        const renames = await grouped.finish();
        const final = renames.length ? done.map((o) => renamedOutcome(o, renames)) : done;
        await recordMutations(
          tx,
          group.map((item, k) => ({ ...item.mutation, ...recordedOf(final[k] as PushedOutcome) })),
        );
        return final;
      });
      if (unit) publishCommitted(this.ctx, unit);
      return { committed: true, outcomes };
    } catch (err) {
      // The calls run again on their own, where an error shows in their own outcomes.
      if (!(err instanceof GroupRollback))
        caller.warn(
          err,
          `a push group of ${group.length} calls from call ${first + 1} failed; they run one by one`,
        );
      return { committed: false, failedAt };
    }
  }

  /** One call in a unit of its own: committed with its record, or refused (a final refusal stored on its own). */
  private async runAlone(caller: PushCaller, item: Runnable, index: number): Promise<PushedOutcome> {
    let unit: UnitOfWork | undefined;
    try {
      const outcome = await this.ctx.db.transaction(async (tx) => {
        unit = new UnitOfWork(tx);
        unit.beginCall();
        const answer = await this.handlers[item.kind](unit, caller.scope, item.call);
        if (!succeeded(answer.status)) throw new AppError('badRequest', { status: answer.status });
        const result = this.successOutcome(item.key, answer);
        await recordMutations(tx, [{ ...item.mutation, ...recordedOf(result) }]);
        return result;
      });
      if (unit) publishCommitted(this.ctx, unit);
      return outcome;
    } catch (err) {
      return this.failed(caller, item, index, err);
    }
  }

  /**
   * A call that failed. Another attempt of the same intent may have committed meanwhile (its record, or the
   * record it made, stood in the way): then its outcome answers. A final refusal is stored (unless another
   * attempt's row got there first: then that one answers); anything else is answered for the engine to retry.
   */
  private async failed(
    caller: PushCaller,
    item: Runnable,
    index: number,
    err: unknown,
  ): Promise<PushedOutcome> {
    const accountId = caller.scope.clientAccountId;
    const before = (await storedMutations(this.ctx.db, accountId, [item.key])).get(item.key);
    if (before) return this.fromStored(caller, item, index, before);
    const appError = toAppError(err);
    await caller.logFailure(err, appError, index);
    const outcome = this.errorOutcome(caller, item.key, appError, index);
    if (!outcome.final) return outcome;
    const written = await recordMutations(this.ctx.db, [{ ...item.mutation, ...recordedOf(outcome) }], true);
    if (written.has(item.key)) return outcome;
    const now = (await storedMutations(this.ctx.db, accountId, [item.key])).get(item.key);
    return now ? this.fromStored(caller, item, index, now) : outcome;
  }

  private successOutcome(key: string, outcome: Outcome): PushedOutcome {
    const text = outcome.body === undefined ? '' : JSON.stringify(outcome.body);
    return {
      idempotencyKey: key,
      status: outcome.status,
      ...(outcome.body === undefined ? {} : { body: outcome.body }),
      text,
      contentType: text === '' ? null : jsonType,
      replayed: false,
      final: true,
    };
  }

  private errorOutcome(caller: PushCaller, key: string, appError: AppError, index: number): PushedOutcome {
    const body = errorBody(appError, caller.language, caller.requestIdOf(index));
    return {
      idempotencyKey: key,
      status: appError.status,
      body,
      text: JSON.stringify(body),
      contentType: jsonType,
      replayed: false,
      final: isFinalOutcome(appError.status, appError.code),
    };
  }
}

/** One key, one intent: the same user, method and path. */
const sameCall = (a: PushedMutation, b: PushedMutation): boolean =>
  a.userId === b.userId && a.method === b.method && a.path === b.path;

const recordedOf = (outcome: PushedOutcome): RecordedOutcome => ({
  statusCode: outcome.status,
  response: { contentType: outcome.contentType, body: outcome.text },
});

/** An outcome with the texts its group's last steps renamed (its body and the text stored and sent). */
const renamedOutcome = (outcome: PushedOutcome, renames: readonly Rename[]): PushedOutcome => {
  if (outcome.body === undefined) return outcome;
  const body = renamedJson(outcome.body, renames);
  return { ...outcome, body, text: JSON.stringify(body) };
};
