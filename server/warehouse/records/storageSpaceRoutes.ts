import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../domain/errors';
import type { AppContext } from '../../context';
import { authFromQuery } from '../../files/queryToken';
import { sendSvg } from '../../files/svgResponse';
import { scopeOf } from '../../resources/scope';
import { GenerationJobs } from './generationJobs';
import { LocationGenerator } from './locationGenerator';
import { MapPlaces } from './mapPlaces';
import { MapSchemas } from './mapSchema';
import { storageSpaceChildren } from './storageSpaceTree';

type IdParams = { id: string };
type JobParams = { jobId: string };
type PlaceParams = { id: string; childId: string };

export const treeQuery = z.object({ parentId: z.union([z.uuid(), z.literal('')]).optional() });

/** Storage locations beyond CRUD (docs/warehouse-api.md): tree, generator with progress, map schema and places. */
export const registerStorageSpaceRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const jobs = new GenerationJobs();
  const generator = new LocationGenerator(ctx, jobs);
  const maps = new MapSchemas(ctx);
  const places = new MapPlaces(ctx, maps);
  // Running generations stop after their current batch before the database closes.
  app.addHook('onClose', async () => jobs.close());

  app.get('/api/StorageSpace/tree', async (request) => {
    const q = treeQuery.safeParse(request.query);
    if (!q.success)
      throw new AppError('badRequest', { fields: [{ field: 'parentId', rule: 'invalidValue' }] });
    return { results: await storageSpaceChildren(ctx, scopeOf(request), q.data.parentId || null) };
  });

  app.post('/api/StorageSpace/generate', async (request, reply) => {
    const job = await generator.start(scopeOf(request), request.body);
    return reply.status(202).send({ jobId: job.jobId, total: job.total });
  });

  app.get<{ Params: JobParams }>('/api/StorageSpace/generate/:jobId', async (request) => {
    const scope = scopeOf(request);
    return jobs.get(scope.clientAccountId, request.params.jobId).progress;
  });

  // Server-sent events of the same progress objects; the stream ends with the job.
  app.get<{ Params: JobParams }>('/api/StorageSpace/generate/:jobId/events', async (request, reply) => {
    await authFromQuery(request, ctx);
    const scope = scopeOf(request);
    const job = jobs.get(scope.clientAccountId, request.params.jobId);
    const stream = new PassThrough();
    const unsubscribe = job.subscribe((progress) => {
      if (stream.writableEnded) return;
      stream.write(`data: ${JSON.stringify(progress)}\n\n`);
      if (progress.status !== 'running') stream.end();
    });
    reply.raw.on('close', () => {
      unsubscribe();
      if (!stream.writableEnded) stream.end();
    });
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });

  app.get<{ Params: IdParams }>('/api/StorageSpace/:id/schema', async (request) =>
    maps.get(scopeOf(request), request.params.id),
  );

  // The drawing itself, for <img src> (bearer or ?access_token=): served as an image that cannot run anything.
  app.get<{ Params: IdParams }>('/api/StorageSpace/:id/schema/svg', async (request, reply) => {
    await authFromQuery(request, ctx);
    const schema = await maps.get(scopeOf(request), request.params.id);
    if (schema.svg === null) throw new AppError('locationHasNoMap');
    return sendSvg(reply, schema.svg);
  });

  app.post<{ Params: IdParams }>('/api/StorageSpace/:id/schema', async (request, reply) => {
    const { created, schema } = await maps.put(scopeOf(request), request.params.id, request.body);
    return reply.status(created ? 201 : 200).send(schema);
  });

  app.patch<{ Params: IdParams }>('/api/StorageSpace/:id/schema', async (request) =>
    maps.patch(scopeOf(request), request.params.id, request.body),
  );

  // The location planner: the map's child locations with their stock, and placing one on the map.
  app.get<{ Params: IdParams }>('/api/StorageSpace/:id/schema/places', async (request) => ({
    results: await places.list(scopeOf(request), request.params.id),
  }));

  app.put<{ Params: PlaceParams }>('/api/StorageSpace/:id/schema/places/:childId', async (request) =>
    places.place(scopeOf(request), request.params.id, request.params.childId, request.body),
  );
};
