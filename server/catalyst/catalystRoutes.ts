import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientCatalystView } from '../../domain/catalyst/clientView';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { requestLanguage } from '../context';
import { downloadUrlOf, FileStore } from '../files/fileStore';
import { bulkDelete } from '../resources/bulkDelete';
import { ResourceService } from '../resources/resourceService';
import { deleteCatalyst, saveCatalyst } from './catalystWrite';
import { priceRow, readCatalogueRows } from './clientCatalogue';
import { loadPricingSnapshot } from './pricingSnapshot';
import { staffScope } from './staffScope';
import { inUnit } from './unitOfWork';

type IdParams = { id: string };
export const whySchema = z.object({ clientUserId: z.uuid().optional(), userGroupId: z.uuid().optional() });

/**
 * The catalyst's own calls: add, edit, delete and bulk delete through the module's write handler (reads are
 * the generic ones), its photos (uploaded with POST /api/File/upload, the first one the avatar), and
 * "why this price" for any client or client group.
 */
export const registerCatalystRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const base = '/api/catalyst/catalyst';
  const files = new FileStore(ctx);

  app.post(base, async (request, reply) => {
    const scope = staffScope(request);
    const row = await inUnit(ctx, (unit) => saveCatalyst(unit, scope, request.body));
    return reply.status(201).send(row);
  });

  app.put<{ Params: IdParams }>(`${base}/:id`, async (request) => {
    const scope = staffScope(request);
    return inUnit(ctx, (unit) => saveCatalyst(unit, scope, request.body, request.params.id));
  });

  app.delete<{ Params: IdParams }>(`${base}/:id`, async (request, reply) => {
    const scope = staffScope(request);
    await inUnit(ctx, (unit) => deleteCatalyst(unit, scope, request.params.id));
    return reply.status(204).send();
  });

  app.post(`${base}/bulk-delete`, async (request) => {
    const scope = staffScope(request);
    return bulkDelete(request.body, requestLanguage(request), (id) =>
      inUnit(ctx, (unit) => deleteCatalyst(unit, scope, id)),
    );
  });

  app.get<{ Params: IdParams }>(`${base}/:id/images`, async (request) => {
    const scope = staffScope(request);
    const owner = await files.owner(scope, 'catalyst', request.params.id, 'read');
    return { results: await files.list(scope, owner) };
  });

  app.delete<{ Params: IdParams & { fileInfoId: string } }>(
    `${base}/:id/delete-image/:fileInfoId`,
    async (request, reply) => {
      const scope = staffScope(request);
      const info = await files.info(ctx.db, scope, request.params.fileInfoId);
      if (info.refResourceType !== 'catalyst' || info.refResourceId !== request.params.id)
        throw new AppError('notFoundOrNoPermission');
      await files.remove(scope, request.params.fileInfoId);
      return reply.status(204).send();
    },
  );

  /** Makes one of the catalyst's photos its avatar (the picture clients see). */
  app.put<{ Params: IdParams & { fileInfoId: string } }>(
    `${base}/:id/avatar/:fileInfoId`,
    async (request) => {
      const scope = staffScope(request);
      const owner = await files.owner(scope, 'catalyst', request.params.id, 'write');
      const info = await files.info(ctx.db, scope, request.params.fileInfoId);
      if (
        info.refResourceType !== 'catalyst' ||
        info.refResourceId !== request.params.id ||
        !String(info.contentType).startsWith('image/')
      )
        throw new AppError('notFoundOrNoPermission');
      const table = ctx.schema.resourceTables.catalyst;
      if (!table?.id || !table.clientAccountId) throw new Error('the catalyst table is missing');
      const service = new ResourceService(ctx, owner.def);
      const row = await inUnit(ctx, async (unit) => {
        const where = and(
          eq(table.id as never, owner.id),
          eq(table.clientAccountId as never, scope.clientAccountId),
        );
        const [before] = await unit.tx.select().from(table).where(where).for('update');
        const [after] = await unit.tx
          .update(table)
          .set({ imageUrl: downloadUrlOf(String(info.id)), updatedAt: new Date(), version: sql`version + 1` })
          .where(where)
          .returning();
        if (!before || !after) throw new AppError('notFoundOrNoPermission');
        await service.log(unit.tx, scope, 'update', owner.id, before, after);
        unit.changes.push({
          clientAccountId: scope.clientAccountId,
          resourceType: 'catalyst',
          id: owner.id,
          action: 'update',
        });
        return after;
      });
      return { imageUrl: row.imageUrl };
    },
  );

  /** Why this price: the breakdown of a catalyst for a client account or a client group, and what they see. */
  app.get<{ Params: IdParams }>(`${base}/:id/why`, async (request) => {
    const scope = staffScope(request);
    const q = whySchema.safeParse(request.query);
    if (!q.success) throw new AppError('badRequest');
    return whyThisPrice(ctx, scope.clientAccountId, request.params.id, q.data);
  });
};

/** The engine's breakdown of one catalyst for a client (its group and rules) or a group, with the client's view. */
export const whyThisPrice = async (
  ctx: AppContext,
  clientAccountId: string,
  catalystId: string,
  who: { clientUserId?: string; userGroupId?: string },
) => {
  if (!z.uuid().safeParse(catalystId).success) throw new AppError('notFoundOrNoPermission');
  const snapshot = await loadPricingSnapshot(ctx.db, { clientAccountId, ...who });
  if (who.clientUserId && !snapshot.client) throw new AppError('notFoundOrNoPermission');
  const [row] = await readCatalogueRows(
    ctx.db,
    snapshot,
    { clientAccountId, ids: [catalystId], includeHidden: true },
    {},
  );
  if (!row) throw new AppError('notFoundOrNoPermission');
  const clientUserId = who.clientUserId ?? null;
  const breakdown = priceRow(snapshot, row, clientUserId);
  return {
    catalystId,
    clientUserId,
    group: { id: snapshot.group.id, name: snapshot.group.name },
    hiddenFromClients: row.entry.hiddenFromClients,
    breakdown,
    // What the client receives: nothing at all for a hidden catalyst.
    clientView: clientCatalystView(row.entry, snapshot.group, breakdown, undefined) ?? null,
  };
};
