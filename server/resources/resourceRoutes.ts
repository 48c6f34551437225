import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { parsePageQuery } from '../../domain/resources/query';
import { type AppContext, requestLanguage } from '../context';
import { bulkDelete } from './bulkDelete';
import { exportFile } from './exportFile';
import { ResourceService } from './resourceService';
import { scopeOf } from './scope';

export const selectSchema = z.object({
  search: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
type Query = Record<string, unknown>;
type IdParams = { id: string };

/**
 * The generic resource pattern (docs/api.md, "Generic resources"): one set of routes per definition, thin
 * over ResourceService.
 */
export const registerResourceRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
): Map<string, ResourceService> => {
  const services = new Map<string, ResourceService>();
  for (const def of ctx.schema.definitions) {
    const service = new ResourceService(ctx, def);
    services.set(def.name, service);
    const base = `/api/${def.path}`;

    app.get(base, async (request) =>
      service.list(scopeOf(request), parsePageQuery(def, request.query as Query)),
    );

    app.get(`${base}/select`, async (request) => {
      const q = selectSchema.safeParse(request.query);
      if (!q.success) throw new AppError('badRequest');
      return { results: await service.select(scopeOf(request), q.data.search, q.data.limit) };
    });

    app.get(`${base}/export`, async (request, reply) => {
      const raw = request.query as Query;
      const format =
        raw.format === 'xlsx' ? 'xlsx' : raw.format === 'csv' || raw.format === undefined ? 'csv' : undefined;
      if (!format) throw new AppError('badRequest');
      const query = parsePageQuery(def, { ...raw, PageNumber: 1, PageSize: 1 });
      const rows = await service.all(scopeOf(request), query);
      const file = await exportFile(def, rows, format, requestLanguage(request));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    });

    app.get<{ Params: IdParams }>(`${base}/:id`, async (request) =>
      service.get(scopeOf(request), request.params.id),
    );

    if (def.readOnly || def.customWrite) continue;

    app.post(base, async (request, reply) =>
      reply.status(201).send(await service.create(scopeOf(request), request.body)),
    );

    app.put<{ Params: IdParams }>(`${base}/:id`, async (request) =>
      service.update(scopeOf(request), request.params.id, request.body),
    );

    app.delete<{ Params: IdParams }>(`${base}/:id`, async (request, reply) => {
      await service.remove(scopeOf(request), request.params.id);
      return reply.status(204).send();
    });

    app.post(`${base}/bulk-delete`, async (request) => {
      const scope = scopeOf(request);
      service.assertWrite(scope);
      return bulkDelete(request.body, requestLanguage(request), (id) => service.remove(scope, id));
    });
  }
  return services;
};
