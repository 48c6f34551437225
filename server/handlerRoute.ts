import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DecodedCall } from '../domain/sync/intentDefinition';
import type { AppContext } from './context';
import { scopeOf } from './resources/scope';
import { type Handler, runInUnit } from './unitOfWork';

/** A request as a handler's input: its path's named segments, its query (first value of each) and its body. */
export const decodedCallOf = (request: FastifyRequest): DecodedCall => {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') query[name] = first;
  }
  return { params: (request.params ?? {}) as Record<string, string>, query, body: request.body };
};

/** Sends a handler's outcome (a body-less one as the bare status). */
export const sendOutcome = (reply: FastifyReply, outcome: { status: number; body?: unknown }) =>
  reply.status(outcome.status).send(outcome.body);

/**
 * A route as a thin adapter over a write handler: the caller's scope (401 without a session), one unit of work
 * of its own for the handler, its outcome sent once the unit committed.
 */
export const handlerRoute =
  (ctx: AppContext, handler: Handler<DecodedCall>) =>
  async (request: FastifyRequest, reply: FastifyReply) => {
    const scope = scopeOf(request);
    const outcome = await runInUnit(ctx, (unit) => handler(unit, scope, decodedCallOf(request)));
    return sendOutcome(reply, outcome);
  };
