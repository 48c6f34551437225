import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { AppError } from '../../domain/errors';
import {
  type PushedCall,
  type PushOutcome,
  type PushResponse,
  pushRequestSchema,
  syncHeaders,
  syncPaths,
  syncWireVersion,
} from '../../domain/sync/wire';
import { type AppContext, requireAuth } from '../context';
import { DeferredOutcomes, deferredOutcomeStore } from './deferredOutcomes';
import { isFinal } from './outcome';
import { isGroupable, PushGroup, renamedJson } from './pushGroup';

/** Headers of the batch request its calls inherit (the session, the language). */
const inherited = ['authorization', 'accept-language'] as const;

const urlOf = (call: PushedCall): string => {
  const query = call.query ? new URLSearchParams(call.query).toString() : '';
  return query ? `${call.path}?${query}` : call.path;
};

/** A call's path must name one API route: no sync route (no batch in a batch), no dot segments. */
const checkPath = (path: string): void => {
  const lower = path.toLowerCase();
  if (
    lower === '/api/sync' ||
    lower.startsWith('/api/sync/') ||
    /\/\.{1,2}(\/|$)/.test(path) ||
    path.includes('//')
  )
    throw new AppError('badRequest', { detail: 'path' });
};

const bodyOf = (response: LightMyRequestResponse): unknown => {
  if (response.payload === '') return undefined;
  const type = response.headers['content-type'];
  if (typeof type === 'string' && type.includes('json')) {
    try {
      return JSON.parse(response.payload);
    } catch {
      return response.payload;
    }
  }
  return response.payload;
};

/**
 * POST /api/sync/push (docs/sync-contract.md §2): several pushed calls in one request. Each runs as its own
 * request would — the same route, hooks and idempotency (stored outcome, first transaction records it) — one
 * after the other in the given order; the answer lists each call's outcome. The batch stops after the first
 * outcome that is not final (the engine retries from there); the calls after it do not run.
 */
export const registerPushBatch = (app: FastifyInstance, ctx: AppContext): void => {
  app.post(syncPaths.push, async (request: FastifyRequest): Promise<PushResponse> => {
    const claims = requireAuth(request);
    const parsed = pushRequestSchema.safeParse(request.body);
    if (!parsed.success) throw new AppError('badRequest', { detail: 'mutations' });
    const calls = parsed.data.mutations;
    for (const call of calls) checkPath(call.path);
    const outcomes = new DeferredOutcomes();
    // One look-up for the whole batch: calls never pushed before skip their own (answerFromStore).
    await outcomes.markFresh(
      ctx.db,
      claims.acc,
      calls.map((c) => c.idempotencyKey),
    );
    try {
      const results = await deferredOutcomeStore.run(outcomes, () =>
        runCalls(app, ctx, request, calls, outcomes),
      );
      return { version: syncWireVersion, results };
    } finally {
      try {
        await outcomes.flush(ctx.db);
      } catch (err) {
        // The changes are committed; a repeat of such a call meets its row without an outcome.
        request.log.error({ err }, 'could not store the outcomes of a batch push');
      }
    }
  });
};

/** Calls one push group takes at most: its transaction holds its locks (documents, stock rows) until it ends. */
export const maxGroupCalls = 25;

const outcomeOf = (call: PushedCall, response: LightMyRequestResponse): PushOutcome => {
  const body = bodyOf(response);
  return {
    idempotencyKey: call.idempotencyKey,
    status: response.statusCode,
    ...(body === undefined ? {} : { body }),
    replayed: response.headers[syncHeaders.replayed] === 'true',
  };
};

/** A call's outcome, and whether it is final (isFinal on its raw answer). */
interface RunOutcome {
  readonly outcome: PushOutcome;
  readonly final: boolean;
}

/** A group's attempt: committed with every call's outcome, or rolled back because of the call at `failedAt`. */
type GroupAttempt =
  | { readonly committed: true; readonly results: PushOutcome[] }
  /** `failedAt` undefined: the group's own statements or its commit failed. */
  | { readonly committed: false; readonly failedAt: number | undefined };

/** Thrown in a group's transaction to roll it back. */
class GroupRollback extends Error {}

/**
 * Runs `calls` in one transaction (pushGroup.ts) and commits when every one succeeded (2xx): their outcomes
 * are written in it too. Otherwise rolls back, and the outcomes, fresh keys and change notices of the attempt
 * are forgotten.
 */
const runGroup = async (
  ctx: AppContext,
  outcomes: DeferredOutcomes,
  calls: readonly PushedCall[],
  run: (call: PushedCall, index: number) => Promise<RunOutcome>,
  onError: (err: unknown) => void,
): Promise<GroupAttempt> => {
  const before = outcomes.snapshot();
  const group = new PushGroup(calls);
  let failedAt: number | undefined;
  try {
    const results = await ctx.db.transaction((tx) =>
      group.within(tx, async () => {
        const done: PushOutcome[] = [];
        for (const [i, call] of calls.entries()) {
          group.startCall(i);
          const { outcome } = await run(call, i);
          if (group.failed || outcome.status < 200 || outcome.status >= 300) {
            failedAt = i;
            throw new GroupRollback();
          }
          done.push(outcome);
        }
        if (group.failed) throw new GroupRollback();
        // Last steps (document numbers) hold their locks only from here to the commit.
        const renames = await group.finish();
        outcomes.rename(renames);
        await outcomes.flush(tx);
        // A statement that failed and was caught aborted the transaction: its COMMIT would roll back silently.
        if (group.failed) throw new GroupRollback();
        return done.map((o) => (o.body === undefined ? o : { ...o, body: renamedJson(o.body, renames) }));
      }),
    );
    group.publish(ctx);
    return { committed: true, results };
  } catch (err) {
    outcomes.restore(before);
    // The calls run again on their own, where an error of the database shows in their own outcomes.
    if (!(err instanceof GroupRollback)) onError(err);
    return { committed: false, failedAt };
  }
};

/**
 * Runs the calls in order, each as its own request would; stops after the first outcome that is not final.
 * Consecutive groupable calls run in groups (at most maxGroupCalls). When a call of a group does not succeed,
 * the group rolls back, the calls before it run again as a group, and that call runs on its own — its outcome
 * is what it gets there. So each call's outcome is the one it would get alone, after the calls before it.
 */
const runCalls = async (
  app: FastifyInstance,
  ctx: AppContext,
  request: FastifyRequest,
  calls: readonly PushedCall[],
  outcomes: DeferredOutcomes,
): Promise<PushOutcome[]> => {
  const headers: Record<string, string> = {};
  for (const name of inherited) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const runCall = async (call: PushedCall, index: number): Promise<RunOutcome> => {
    const response = await app.inject({
      method: call.method,
      url: urlOf(call),
      headers: {
        ...headers,
        'x-request-id': `${request.id}.${index + 1}`.slice(0, 100),
        [syncHeaders.idempotencyKey]: call.idempotencyKey,
        [syncHeaders.deviceId]: call.deviceId,
        [syncHeaders.mutationId]: String(call.mutationId),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
    });
    return { outcome: outcomeOf(call, response), final: isFinal(response.statusCode, response.payload) };
  };
  const onError = (err: unknown) =>
    request.log.warn({ err }, 'a push group failed; its calls run on their own');
  const results: PushOutcome[] = [];
  let grouping = true;
  let i = 0;
  // The next group ends before this index (lowered to re-run the calls before a failed one)…
  let limit = calls.length;
  // …and the failed one runs on its own right after them.
  let alone = -1;
  while (i < calls.length) {
    let end = i;
    while (
      grouping &&
      i !== alone &&
      end < limit &&
      end - i < maxGroupCalls &&
      isGroupable(calls[end] as PushedCall)
    )
      end++;
    if (end > i) {
      const attempt = await runGroup(
        ctx,
        outcomes,
        calls.slice(i, end),
        (call, k) => runCall(call, i + k),
        onError,
      );
      if (attempt.committed) {
        results.push(...attempt.results);
        i = end;
        limit = calls.length;
        continue;
      }
      if (attempt.failedAt === undefined) grouping = false;
      else if (attempt.failedAt > 0) {
        limit = i + attempt.failedAt;
        alone = limit;
        continue;
      }
    }
    const call = calls[i] as PushedCall;
    const { outcome, final } = await runCall(call, i);
    results.push(outcome);
    i++;
    limit = calls.length;
    if (!final) break;
  }
  return results;
};
