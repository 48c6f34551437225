import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { scopeOf } from '../../resources/scope';
import { OrderService } from '../orders/orderService';
import { ProductionService } from './productionService';

type IdParams = { id: string };

/** Production (000 §7): documents of a production order and their confirmation. */
export const registerProductionRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const production = new ProductionService(ctx, new OrderService(ctx));
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
