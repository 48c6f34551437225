import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import { type AppContext, requestLanguage } from '../../context';
import { translate } from '../../i18n';
import { scopeOf } from '../../resources/scope';
import { orderServicesOf } from './orderHandlers';
import { OrderProgress } from './orderProgress';

type Query = Record<string, unknown>;
type IdParams = { id: string };

export const bulkSchema = z.object({ ids: z.array(z.string()).min(1).max(1000) });

/**
 * Orders (docs/warehouse-api.md "Orders"): writes, status, progress, counts, production orders. The floor's calls
 * the terminal pushes as intents (QuantityReal, GenerateDocuments, verify/finish) are routed from the intent
 * registry (server/intents/intentRoutes.ts) to the order handlers.
 */
export const registerWmsOrderRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const { orders, verification, production } = orderServicesOf(ctx);
  const progress = new OrderProgress(ctx);
  const base = '/api/WmsOrder';

  app.post(base, async (request, reply) =>
    reply.status(201).send(await orders.create(scopeOf(request), request.body)),
  );
  app.put<{ Params: IdParams }>(`${base}/:id`, async (request) =>
    orders.update(scopeOf(request), request.params.id, request.body),
  );
  app.delete<{ Params: IdParams }>(`${base}/:id`, async (request, reply) => {
    await orders.remove(scopeOf(request), request.params.id);
    return reply.status(204).send();
  });
  app.post(`${base}/bulk-delete`, async (request) => {
    const body = bulkSchema.safeParse(request.body);
    if (!body.success) throw new AppError('badRequest');
    const scope = scopeOf(request);
    const lng = requestLanguage(request);
    const deleted: string[] = [];
    const failed: { id: string; code: string; message: string }[] = [];
    // Each order stands alone: one that may no longer be deleted does not keep the others.
    for (const id of body.data.ids) {
      try {
        await orders.remove(scope, id);
        deleted.push(id);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.code === 'forbidden') throw err;
        failed.push({ id, code: err.code, message: translate(lng, 'errors', err.code) });
      }
    }
    return { deleted, failed };
  });

  app.post<{ Params: IdParams }>(`${base}/:id/status`, async (request) =>
    orders.changeStatus(scopeOf(request), request.params.id, request.body),
  );
  app.get<{ Params: IdParams & { type: string } }>(`${base}/:id/clonetotype/:type`, async (request) =>
    orders.cloneToType(scopeOf(request), request.params.id, request.params.type.toUpperCase()),
  );
  app.get<{ Params: IdParams }>(`${base}/:id/Positions`, async (request) =>
    progress.positionsPage(scopeOf(request), request.params.id, request.query as Query),
  );

  app.get(`${base}/Move/Progress`, async (request) =>
    progress.moveProgress(scopeOf(request), request.query as Query),
  );
  app.get(`${base}/Verify/Progress`, async (request) =>
    progress.verifyProgress(scopeOf(request), request.query as Query),
  );
  app.get<{ Params: IdParams }>(`${base}/Move/:id/PositionsProgress`, async (request) =>
    progress.positionsProgress(scopeOf(request), request.params.id),
  );
  app.get<{ Params: IdParams }>(`${base}/Move/:id/PositionsProgressWithStock`, async (request) =>
    progress.positionsProgressWithStock(scopeOf(request), request.params.id),
  );
  app.get<{ Params: IdParams }>(`${base}/Verify/:id/PositionsProgress`, async (request) =>
    progress.verifyPositionsProgress(scopeOf(request), request.params.id),
  );
  app.get(`${base}/Offers/Sell`, async (request) =>
    progress.sellOffers(scopeOf(request), request.query as Query),
  );

  app.post<{ Params: IdParams }>(`${base}/:id/verify/approve`, async (request) =>
    verification.approve(scopeOf(request), request.params.id),
  );

  app.post(`${base}/GenerateProduction`, async (request, reply) =>
    reply
      .status(201)
      .send(
        await production.generateProductionOrder(scopeOf(request), request.body, requestLanguage(request)),
      ),
  );
};
