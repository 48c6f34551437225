import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { changesLimits, syncHeaders, syncPaths } from '../../domain/sync/wire';
import { type AppContext, requireAuth } from '../context';
import { intentHandlersOf } from '../intents/intentHandlers';
import { registerIntentRoutes } from '../intents/intentRoutes';
import { changesResponseText, type FeedPage, feedSharing, readChanges } from './changeFeed';
import { parseCursor } from './cursor';
import { DeviceLastSeen } from './deviceLastSeen';
import { ExactlyOnce } from './exactlyOnce';
import { FeedPageCache } from './feedPageCache';
import { feedScopeOf } from './feedScope';
import { registerPushBatch } from './pushBatch';
import { devicePattern } from './pushedCalls';

/** `limit`: a positive integer; above the maximum it is capped (the engine asks, the server decides). */
const parseLimit = (raw: unknown): number => {
  if (raw === undefined || raw === '') return changesLimits.default;
  if (typeof raw !== 'string' || !/^[0-9]{1,9}$/.test(raw))
    throw new AppError('badRequest', { detail: 'limit' });
  const n = Number(raw);
  if (n < 1) throw new AppError('badRequest', { detail: 'limit' });
  return Math.min(n, changesLimits.max);
};

const deviceOf = (request: FastifyRequest): string | null => {
  const v = request.headers[syncHeaders.deviceId];
  if (v === undefined) return null;
  if (typeof v !== 'string' || !devicePattern.test(v.trim()))
    throw new AppError('badRequest', { detail: 'X-Device-Id' });
  return v.trim();
};

/**
 * The change feed, the routes of the synced intents (each also exactly once with an Idempotency-Key) and the
 * batch push (docs/sync-contract.md, "Change feed" and "Idempotent push").
 */
export const registerSync = (app: FastifyInstance, ctx: AppContext): void => {
  const handlers = intentHandlersOf(ctx);
  const exactlyOnce = new ExactlyOnce(ctx, handlers);
  registerIntentRoutes(app, ctx, handlers, exactlyOnce);
  registerPushBatch(app, ctx, exactlyOnce);
  const lastSeen = new DeviceLastSeen(ctx.db, () => ctx.clock.now());
  // The pages terminals of one account pull at the same cursor, computed once (server/sync/feedPageCache.ts),
  // and the heads of pulls asked for at once, read together.
  const sharing = feedSharing(ctx, new FeedPageCache<FeedPage>());

  app.get(syncPaths.changes, async (request, reply) => {
    const scope = feedScopeOf(requireAuth(request));
    const query = (request.query ?? {}) as Record<string, unknown>;
    const since = parseCursor(query.since);
    const limit = parseLimit(query.limit);
    const deviceId = deviceOf(request);
    const answer = await readChanges(ctx, { scope, since, limit, deviceId }, sharing);
    const written =
      deviceId === null ? undefined : lastSeen.seen(scope.clientAccountId, deviceId, scope.userId);
    if (written) await written;
    // The JSON Fastify would make of the response object, with a shared page's changes serialised once.
    return reply
      .type('application/json; charset=utf-8')
      .send(changesResponseText(answer, new Date().toISOString()));
  });
};
