import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { translate } from '../i18n';

export const bulkSchema = z.object({ ids: z.array(z.string()).min(1).max(1000) });

export interface BulkDeleteResult {
  readonly deleted: string[];
  readonly failed: { id: string; code: string; message: string }[];
}

/**
 * POST …/bulk-delete: each id deleted on its own (`remove` runs its own transaction), so one linked record
 * does not keep the others; the refused ones are reported with their translated reason.
 */
export const bulkDelete = async (
  body: unknown,
  lng: string | undefined,
  remove: (id: string) => Promise<void>,
): Promise<BulkDeleteResult> => {
  const parsed = bulkSchema.safeParse(body);
  if (!parsed.success) throw new AppError('badRequest');
  const deleted: string[] = [];
  const failed: { id: string; code: string; message: string }[] = [];
  for (const id of parsed.data.ids) {
    try {
      await remove(id);
      deleted.push(id);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      failed.push({ id, code: err.code, message: translate(lng, 'errors', err.code) });
    }
  }
  return { deleted, failed };
};
