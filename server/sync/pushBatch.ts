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
      const results = await deferredOutcomeStore.run(outcomes, () => runCalls(app, request, calls));
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

/** Runs the calls in order as requests of their own; stops after the first outcome that is not final. */
const runCalls = async (
  app: FastifyInstance,
  request: FastifyRequest,
  calls: readonly PushedCall[],
): Promise<PushOutcome[]> => {
  const headers: Record<string, string> = {};
  for (const name of inherited) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const results: PushOutcome[] = [];
  for (const [i, call] of calls.entries()) {
    const response = await app.inject({
      method: call.method,
      url: urlOf(call),
      headers: {
        ...headers,
        'x-request-id': `${request.id}.${i + 1}`.slice(0, 100),
        [syncHeaders.idempotencyKey]: call.idempotencyKey,
        [syncHeaders.deviceId]: call.deviceId,
        [syncHeaders.mutationId]: String(call.mutationId),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
    });
    const body = bodyOf(response);
    results.push({
      idempotencyKey: call.idempotencyKey,
      status: response.statusCode,
      ...(body === undefined ? {} : { body }),
      replayed: response.headers[syncHeaders.replayed] === 'true',
    });
    if (!isFinal(response.statusCode, response.payload)) break;
  }
  return results;
};
