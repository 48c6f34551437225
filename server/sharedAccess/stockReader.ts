import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { SharedView } from '../../domain/sharedAccess/sharedLinks';
import { type Scope, scopeOf } from '../resources/scope';
import { assertStockRead } from '../warehouse/stock/stockAccess';
import type { SharedLinks } from './sharedLinks';

/** Who reads an inventory call: a signed-in user allowed to read stock, or a shared link (session or API token). */
export type StockReader = (request: FastifyRequest, view: SharedView) => Promise<Scope>;

/**
 * The read-only inventory and stock calls accept a shared link's credential as bearer besides a user's access
 * token; nothing else does (every other call wants an access token and answers 401 to a link's).
 */
export const stockReaderOf =
  (links: SharedLinks): StockReader =>
  async (request, view) => {
    if (request.auth) {
      const scope = scopeOf(request);
      assertStockRead(scope);
      return scope;
    }
    const header = request.headers.authorization;
    const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!bearer || bearer.length > 4000) throw new AppError('unauthorized');
    return links.readerOf(bearer, view, request.ip);
  };
