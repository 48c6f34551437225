import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { sharedColumns, sharedViews } from '../../domain/sharedAccess/sharedLinks';
import { type AppContext, requestLanguage } from '../context';
import { translate } from '../i18n';
import { csvFile } from '../resources/exportFile';
import type { Row } from '../resources/rows';
import { scopeOf } from '../resources/scope';
import { InventoryQueries } from '../warehouse/stock/inventoryQueries';
import { SharedLinks } from './sharedLinks';
import { stockReaderOf } from './stockReader';

type Query = Record<string, unknown>;
type IdParams = { id: string };

export const openBody = z.object({ key: z.string().max(200) });
/** Rows one export may hold (as the generic export). */
const maxExportRows = 100_000;
const exportPage = 1000;

/**
 * Shared access links: staff make (POST), withdraw and delete them (reads are the generic SharedAccess routes);
 * the public pages open a link by its key (POST /api/shared/open) and read the inventory calls with the session it
 * gives, or export them as CSV (GET /api/shared/export/{view}).
 */
export const registerSharedAccessRoutes = (app: FastifyInstance, ctx: AppContext): SharedLinks => {
  const links = new SharedLinks(ctx);
  const queries = new InventoryQueries(ctx);
  const readerOf = stockReaderOf(links);

  app.post('/api/SharedAccess', async (request, reply) => {
    const created = await links.create(scopeOf(request), request.body, requestLanguage(request));
    return reply
      .status(201)
      .send({ ...created.record, link: created.link, apiToken: created.token, mailedTo: created.mailedTo });
  });
  app.post<{ Params: IdParams }>('/api/SharedAccess/:id/withdraw', async (request) =>
    links.withdraw(scopeOf(request), request.params.id),
  );
  app.delete<{ Params: IdParams }>('/api/SharedAccess/:id', async (request, reply) => {
    await links.remove(scopeOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/shared/open', async (request) => {
    const body = openBody.safeParse(request.body ?? {});
    if (!body.success) throw new AppError('sharedLinkNotFound');
    return links.open(body.data.key, request.ip);
  });

  app.get<{ Params: { view: string } }>('/api/shared/export/:view', async (request, reply) => {
    const view = sharedViews.find((v) => v.toLowerCase() === request.params.view.toLowerCase());
    if (!view) throw new AppError('notFoundOrNoPermission');
    const raw = request.query as Query;
    if (raw.format !== undefined && raw.format !== 'csv') throw new AppError('badRequest');
    const scope = await readerOf(request, view);
    const rows: Row[] = [];
    for (let page = 1; rows.length < maxExportRows; page++) {
      const query = { ...raw, PageNumber: String(page), PageSize: String(exportPage) };
      const found =
        view === 'inventory'
          ? await queries.inventory(scope, query)
          : await queries.productStock(scope, query);
      rows.push(...(found.results as unknown as Row[]));
      if (found.results.length < exportPage) break;
    }
    const lng = requestLanguage(request);
    const fields = sharedColumns[view];
    const file = csvFile(
      fields.map((f) => translate(lng, 'portal', `shared.columns.${f}`)),
      fields,
      rows.slice(0, maxExportRows),
    );
    const name = `${view === 'inventory' ? 'inventory' : 'stock'}-${new Date(ctx.clock.now()).toISOString().slice(0, 10)}.csv`;
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  return links;
};
