import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import {
  type PushOutcome,
  type PushResponse,
  pushRequestSchema,
  syncPaths,
  syncWireVersion,
} from '../../domain/sync/wire';
import { type AppContext, requestLanguage } from '../context';
import { logFailure } from '../http/errorHandler';
import { scopeOf } from '../resources/scope';
import type { ExactlyOnce, PushCaller } from './exactlyOnce';
import { pushItemOf } from './pushedCalls';

/** The push's caller: its session, language, request id and log, for each pushed call. */
export const pushCallerOf = (
  ctx: AppContext,
  request: FastifyRequest,
  calls: readonly { readonly method: string; readonly path: string }[],
  requestIdOf: (index: number) => string,
): PushCaller => ({
  scope: scopeOf(request),
  language: requestLanguage(request),
  requestIdOf,
  logFailure: (err, appError, index) =>
    logFailure(ctx, request, err, appError, {
      method: calls[index]?.method ?? '',
      url: calls[index]?.path ?? '',
      requestId: requestIdOf(index),
    }),
  warn: (err, message) => request.log.warn({ err }, message),
});

/**
 * POST /api/sync/push (docs/sync-contract.md, "Batch push"): several pushed intents in one request, run one
 * after the other in the given order, each exactly once by its handler (exactlyOnce.ts); the answer lists each
 * call's outcome as its own request would have got it. A call that is no intent of the registry (after canonical
 * decoding of its path) or carries a bad sync value is that call's 400. The batch stops after the first outcome
 * that is not final (the engine retries from there); the calls after it do not run.
 */
export const registerPushBatch = (app: FastifyInstance, ctx: AppContext, exactlyOnce: ExactlyOnce): void => {
  app.post(syncPaths.push, async (request): Promise<PushResponse> => {
    const scope = scopeOf(request);
    const parsed = pushRequestSchema.safeParse(request.body);
    if (!parsed.success) throw new AppError('badRequest', { detail: 'mutations' });
    const calls = parsed.data.mutations;
    const items = calls.map((c) =>
      pushItemOf(scope, {
        idempotencyKey: c.idempotencyKey,
        deviceId: c.deviceId,
        mutationId: String(c.mutationId),
        method: c.method,
        path: c.path,
        query: c.query ?? {},
        body: c.body,
      }),
    );
    const caller = pushCallerOf(ctx, request, calls, (i) => `${request.id}.${i + 1}`.slice(0, 100));
    const outcomes = await exactlyOnce.run(caller, items);
    const results: PushOutcome[] = outcomes.map((o) => ({
      idempotencyKey: o.idempotencyKey,
      status: o.status,
      ...(o.body === undefined ? {} : { body: o.body }),
      replayed: o.replayed,
    }));
    return { version: syncWireVersion, results };
  });
};
