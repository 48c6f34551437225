import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { scopeOf } from '../resources/scope';
import { runWork } from '../shipping/unitOfWork';
import { CalendarService, moveBodySchema } from './calendarService';

/** GET Calendar (sorted by startDate), GET Calendar/Resources (planner rows), POST Calendar/move (drag). */
export const registerCalendarRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const calendar = new CalendarService(ctx);
  app.get('/api/Calendar', async (request) =>
    calendar.list(scopeOf(request), request.query as Record<string, unknown>),
  );
  app.get('/api/Calendar/Resources', async (request) => calendar.resources(scopeOf(request)));
  app.post('/api/Calendar/move', async (request, reply) => {
    const body = moveBodySchema.safeParse(request.body ?? {});
    if (!body.success)
      throw new AppError('formHasErrors', {
        fields: body.error.issues.map((i) => ({
          field: String(i.path[0] ?? ''),
          rule: 'invalidValue' as const,
        })),
      });
    await runWork(ctx, new Date(), (work) => calendar.move(work, scopeOf(request), body.data));
    return reply.status(204).send();
  });
};
