import type { FastifyRequest } from 'fastify';
import { authenticate } from '../auth/authenticate';
import type { AppContext } from '../context';

/**
 * Accepts the access token as `?access_token=` where a browser cannot send a header (<img src>,
 * EventSource). Only the routes that call this take it; a bearer header still wins.
 */
export const authFromQuery = async (request: FastifyRequest, ctx: AppContext): Promise<void> => {
  if (request.auth) return;
  const token = (request.query as Record<string, unknown> | undefined)?.access_token;
  if (typeof token === 'string' && token.length > 0 && token.length < 4096)
    request.auth = await authenticate(ctx, token);
};
