import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Page, parsePageQuery } from '../../../domain/resources/query';
import type { AppContext } from '../../context';
import { col, tableOf } from '../../db/resourceColumns';
import { handlerRoute } from '../../handlerRoute';
import { type Row, toApiRow } from '../../resources/rows';
import { type Scope, scopeOf } from '../../resources/scope';
import { filterCondition } from '../../resources/sqlFilters';
import { assertWarehouseStaff } from '../stock/stockAccess';
import { documentHandlersOf } from './documentHandlers';
import { documentServiceOf } from './documentService';

type IdParams = { id: string };

/** GET WmsDocument/{id}/Positions: the document's positions, paged and filtered like any resource list. */
const positionsPage = async (ctx: AppContext, scope: Scope, id: string, raw: Record<string, unknown>) => {
  const def = ctx.schema.definitions.find((d) => d.name === 'wmsDocumentPosition');
  if (!def) throw new Error('no wmsDocumentPosition resource');
  const query = parsePageQuery(def, raw);
  // The document must be the caller's: another account's is 404, not an empty page.
  await documentServiceOf(ctx).get(ctx.db, scope, id);
  const table = tableOf(ctx, 'wmsDocumentPosition');
  const where = and(
    eq(col(table, 'clientAccountId'), scope.clientAccountId),
    eq(col(table, 'documentId'), id),
    ...query.filters.map((f) => filterCondition(def, table, f)),
  ) as SQL;
  const order: SQL[] = [];
  if (query.sortColumn) {
    const c = col(table, query.sortColumn);
    order.push(query.sortDescending ? sql`${desc(c)} nulls last` : sql`${asc(c)} nulls last`);
  }
  order.push(asc(col(table, 'id')));
  const [rows, total] = await Promise.all([
    ctx.db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(table).where(where),
  ]);
  const page: Page<Row> = {
    results: rows.map((r) => toApiRow(def, r)),
    allFilteredRowCount: Number(total[0]?.n ?? 0),
  };
  return page;
};

/**
 * Document routes (docs/warehouse-api.md "Documents"): thin adapters over the document handlers, each in a unit
 * of work of its own. The calls the terminal pushes as intents (create, confirm, delete, lines) are routed from
 * the intent registry (server/intents/intentRoutes.ts) to the same handlers; reads of document rows stay
 * generic.
 */
export const registerDocumentRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const handlers = documentHandlersOf(ctx);
  app.put('/api/WmsDocument/:id', handlerRoute(ctx, handlers.update));
  app.post('/api/WmsDocument/:id/revert', handlerRoute(ctx, handlers.revert));
  app.delete('/api/WmsDocument/ByPrecedingDocumentId/:id', handlerRoute(ctx, handlers.removeByPreceding));
  app.post('/api/WmsDocumentPosition/groupmovement', handlerRoute(ctx, handlers.groupMovement));
  app.post(
    '/api/WmsDocumentPosition/ReleaseStorageSpace/:id',
    handlerRoute(ctx, handlers.releaseStorageSpace),
  );

  app.get<{ Params: IdParams }>('/api/WmsDocument/:id/Positions', async (request) => {
    const scope = scopeOf(request);
    assertWarehouseStaff(scope);
    return positionsPage(ctx, scope, request.params.id, request.query as Record<string, unknown>);
  });
};
