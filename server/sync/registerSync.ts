import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { changesLimits, syncHeaders, syncPaths } from '../../domain/sync/wire';
import { type AppContext, requireAuth } from '../context';
import { readChanges } from './changeFeed';
import { parseCursor } from './cursor';
import { DeviceLastSeen } from './deviceLastSeen';
import { feedScopeOf } from './feedScope';
import { registerIdempotentPush } from './idempotentPush';
import { registerPushBatch } from './pushBatch';

const devicePattern = /^[A-Za-z0-9._:-]{1,128}$/;

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

/** The change feed, idempotent push and batch push (docs/sync-contract.md §1–2). */
export const registerSync = (app: FastifyInstance, ctx: AppContext): void => {
  registerIdempotentPush(app, ctx);
  registerPushBatch(app, ctx);
  const lastSeen = new DeviceLastSeen(ctx.db, () => ctx.clock.now());

  app.get(syncPaths.changes, async (request) => {
    const scope = feedScopeOf(requireAuth(request));
    const query = (request.query ?? {}) as Record<string, unknown>;
    const since = parseCursor(query.since);
    const limit = parseLimit(query.limit);
    const deviceId = deviceOf(request);
    const page = await readChanges(ctx, { scope, since, limit, deviceId });
    if (deviceId !== null) await lastSeen.seen(scope.clientAccountId, deviceId, scope.userId);
    return page;
  });
};
