import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { type IntentKind, intentKinds, intentRegistry } from '../../domain/sync/intents';
import { syncHeaders } from '../../domain/sync/wire';
import type { AppContext } from '../context';
import { decodedCallOf, handlerRoute } from '../handlerRoute';
import type { ExactlyOnce } from '../sync/exactlyOnce';
import { pushCallerOf } from '../sync/pushBatch';
import { pushItemOf } from '../sync/pushedCalls';
import type { IntentHandlers } from './intentHandlers';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The synced intent a route is the call of (routes made from the registry). */
    intent?: IntentKind;
  }
}

/** One sync header's value; a repeated header is a bad request. */
const header = (request: FastifyRequest, name: string): string | undefined => {
  const v = request.headers[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new AppError('badRequest', { detail: `one ${name} header` });
  return v.trim();
};

/**
 * A pushed intent sent as its own request (with Idempotency-Key, and X-Device-Id and X-Mutation-Id from a
 * terminal): run exactly once like a batch's call, answered as its route would answer, the stored answer again
 * (Idempotent-Replayed: true) for a repeat.
 */
const pushedAlone = async (
  ctx: AppContext,
  exactlyOnce: ExactlyOnce,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
) => {
  const path = request.url.split('?')[0] ?? '';
  const call = decodedCallOf(request);
  const caller = pushCallerOf(ctx, request, [{ method: request.method, path }], () => request.id);
  const item = pushItemOf(caller.scope, {
    idempotencyKey: key,
    deviceId: header(request, syncHeaders.deviceId),
    mutationId: header(request, syncHeaders.mutationId),
    method: request.method,
    path,
    query: call.query,
    body: call.body,
  });
  if ('refused' in item) throw item.refused;
  const [outcome] = await exactlyOnce.run(caller, [item]);
  if (!outcome) throw new AppError('somethingWentWrong');
  if (outcome.replayed) reply.header(syncHeaders.replayed, 'true');
  if (outcome.contentType) reply.type(outcome.contentType);
  return reply.status(outcome.status).send(outcome.text === '' ? undefined : outcome.text);
};

/**
 * The routes of the synced intents, made from the registry (domain/sync/intents.ts): each a thin adapter over its
 * kind's handler, in a unit of work of its own — or, with an Idempotency-Key, exactly once as a pushed intent.
 * An Idempotency-Key on any other route (but the sync routes, which ignore it) is a bad request: only intents
 * are run exactly once.
 */
export const registerIntentRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  handlers: IntentHandlers,
  exactlyOnce: ExactlyOnce,
): void => {
  for (const kind of intentKinds) {
    const { route } = intentRegistry[kind];
    const plain = handlerRoute(ctx, handlers[kind]);
    app.route({
      method: route.method,
      url: route.path,
      config: { intent: kind },
      handler: async (request, reply) => {
        const key = header(request, syncHeaders.idempotencyKey);
        // Without a session the route answers 401 (plain) and nothing is recorded.
        if (key === undefined || !request.auth) return plain(request, reply);
        return pushedAlone(ctx, exactlyOnce, request, reply, key);
      },
    });
  }
  // A callback hook (no promise per request, an idle pull's included): it never waits for anything.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.headers[syncHeaders.idempotencyKey] === undefined || !request.auth) return done();
    if (request.routeOptions.config.intent !== undefined) return done();
    if (/^\/api\/sync(\/|$)/i.test(request.url)) return done();
    done(
      new AppError('badRequest', {
        detail: 'Idempotency-Key belongs on the calls of synced intents only',
      }),
    );
  });
};
