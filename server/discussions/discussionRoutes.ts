import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { discussionPostSchema, openDiscussionSchema } from '../../domain/office/discussion';
import type { AppContext } from '../context';
import { scopeOf } from '../resources/scope';
import { DiscussionService } from './discussionService';

type IdParams = { id: string };

export const pageSchema = z.object({
  PageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  PageSize: z.coerce.number().int().min(1).max(200).default(25),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export const messagesSchema = z.object({
  after: z.string().max(64).optional(),
  before: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const readSchema = z.object({ discussionMessageId: z.string().max(64).optional() }).optional();

/** zod failure → the catalogue's form error, field by field. */
const parse = <T>(schema: z.ZodType<T>, value: unknown): T => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AppError('formHasErrors', {
    fields: result.error.issues.map((i) => ({
      field: String(i.path[0] ?? ''),
      rule: i.message === 'required' || i.message === 'maxLength' ? i.message : 'invalidValue',
    })),
  });
};

/**
 * Discussions (server/discussions/README.md): GET Discussion (my threads, paged; unreadOnly=true for the
 * header), POST Discussion (the record's thread: refResourceType, refResourceId), GET Discussion/unread,
 * GET Discussion/{id}, GET/POST Discussion/{id}/messages, POST Discussion/{id}/read. Thin over
 * DiscussionService.
 */
export const registerDiscussionRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = new DiscussionService(ctx);

  app.get('/api/Discussion', async (request) => {
    const q = parse(pageSchema, request.query);
    return service.mine(scopeOf(request), {
      pageNumber: q.PageNumber,
      pageSize: q.PageSize,
      unreadOnly: q.unreadOnly === 'true',
    });
  });

  app.get('/api/Discussion/unread', async (request) => {
    const { results, unreadTotal } = await service.mine(scopeOf(request), {
      pageNumber: 1,
      pageSize: 20,
      unreadOnly: true,
    });
    return { total: unreadTotal, results };
  });

  app.post('/api/Discussion', async (request) => {
    const body = parse(openDiscussionSchema, request.body ?? {});
    return service.openForRecord(scopeOf(request), body);
  });

  app.get<{ Params: IdParams }>('/api/Discussion/:id', async (request) =>
    service.get(scopeOf(request), request.params.id),
  );

  app.get<{ Params: IdParams }>('/api/Discussion/:id/messages', async (request) => {
    const q = parse(messagesSchema, request.query);
    return { results: await service.messages(scopeOf(request), request.params.id, q) };
  });

  app.post<{ Params: IdParams }>('/api/Discussion/:id/messages', async (request, reply) => {
    const body = parse(discussionPostSchema, request.body ?? {});
    return reply.status(201).send(await service.post(scopeOf(request), request.params.id, body.text));
  });

  app.post<{ Params: IdParams }>('/api/Discussion/:id/read', async (request) => {
    const body = parse(readSchema, request.body ?? undefined);
    return service.markRead(scopeOf(request), request.params.id, body?.discussionMessageId);
  });
};
