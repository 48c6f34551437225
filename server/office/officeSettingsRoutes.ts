import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';
import { officeSettingsInput } from '../../domain/office/officeSettings';
import type { AppContext } from '../context';
import { scopeOf } from '../resources/scope';
import { OfficeSettingsService } from './officeSettingsService';

/** GET /api/OfficeSettings (staff), PUT /api/OfficeSettings (super users). */
export const registerOfficeSettingsRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = new OfficeSettingsService(ctx);
  app.get('/api/OfficeSettings', async (request) => service.get(scopeOf(request)));
  app.put('/api/OfficeSettings', async (request) => {
    const parsed = officeSettingsInput.safeParse(request.body ?? {});
    if (!parsed.success)
      throw new AppError('formHasErrors', {
        fields: parsed.error.issues.map((i) => ({
          field: String(i.path[0] ?? ''),
          rule:
            (['minValue', 'maxValue', 'maxLength'] as const).find((r) => r === i.message) ?? 'invalidValue',
        })),
      });
    return service.update(scopeOf(request), parsed.data);
  });
};
