import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { scopeOf } from '../resources/scope';
import { ExternalCredentialsService } from './externalCredentialsService';
import { ProductImport } from './productImport';
import type { FetchLike } from './wooCommerce';

/**
 * GET ExternalCredentials/config/{id}, GET ExternalCredentials/activate/{credentialsId}/{activationCode} and
 * GET ProductExternal/import/{id} (the import runs in the background: 202, then live notices).
 */
export const registerExternalRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  fetchFn: FetchLike = fetch,
): void => {
  const credentials = new ExternalCredentialsService(ctx, fetchFn);
  const importer = new ProductImport(ctx, credentials);

  app.get<{ Params: { id: string } }>('/api/ExternalCredentials/config/:id', async (request) =>
    credentials.config(scopeOf(request), request.params.id),
  );

  app.get<{ Params: { id: string; code: string } }>(
    '/api/ExternalCredentials/activate/:id/:code',
    async (request) => credentials.activate(scopeOf(request), request.params.id, request.params.code),
  );

  app.get<{ Params: { id: string } }>('/api/ProductExternal/import/:id', async (request, reply) => {
    const { started } = await importer.start(scopeOf(request), request.params.id);
    return reply.status(202).send({ started, running: !started });
  });
};
