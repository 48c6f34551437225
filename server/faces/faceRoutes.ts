import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';
import { analyseFaceSchema } from '../../domain/faces/enrolment';
import type { AppContext } from '../context';
import { scopeOf } from '../resources/scope';
import { FaceService } from './faceService';

type IdParams = { id: string };

/**
 * The face database's own writes (its reads are the generic GET routes of ComputerVision):
 * POST /api/ComputerVision (enrol descriptors of a user or a contact), DELETE /api/ComputerVision/{id},
 * POST /api/ComputerVision/analyse (who is this descriptor, within the caller's company). Thin over FaceService.
 */
export const registerFaceRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = new FaceService(ctx);

  app.post('/api/ComputerVision', async (request, reply) => {
    const { row, created } = await service.enrol(scopeOf(request), request.body ?? {});
    return reply.status(created ? 201 : 200).send(row);
  });

  app.post('/api/ComputerVision/analyse', async (request) => {
    const scope = scopeOf(request);
    const body = analyseFaceSchema.safeParse(request.body ?? {});
    if (!body.success)
      throw new AppError('formHasErrors', { fields: [{ field: 'descriptor', rule: 'invalidValue' }] });
    return service.analyse(scope, body.data.descriptor);
  });

  app.delete<{ Params: IdParams }>('/api/ComputerVision/:id', async (request, reply) => {
    await service.remove(scopeOf(request), request.params.id);
    return reply.status(204).send();
  });
};
