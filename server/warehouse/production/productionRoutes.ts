import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { scopeOf } from '../../resources/scope';
import { orderServicesOf } from '../orders/orderHandlers';

type IdParams = { id: string };

/** Production: documents of a production order and their confirmation (docs/warehouse-api.md). */
export const registerProductionRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const { production } = orderServicesOf(ctx);
  app.post('/api/Production/GenerateDocuments', async (request) =>
    production.generateDocuments(scopeOf(request), request.body),
  );
  app.get<{ Params: IdParams }>('/api/Production/:id/GetProductionDocuments', async (request) =>
    production.documents(scopeOf(request), request.params.id),
  );
  app.get<{ Params: IdParams }>('/api/Production/:id/ConfirmDocuments', async (request) =>
    production.confirmDocuments(scopeOf(request), request.params.id),
  );
};
