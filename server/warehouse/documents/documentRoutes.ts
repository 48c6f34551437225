import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Page, parsePageQuery } from '../../../domain/resources/query';
import type { AppContext } from '../../context';
import { col, tableOf } from '../../db/resourceColumns';
import { type Row, toApiRow } from '../../resources/rows';
import { type Scope, scopeOf } from '../../resources/scope';
import { filterCondition } from '../../resources/sqlFilters';
import { assertWarehouseStaff } from '../stock/stockAccess';
import { documentServiceOf } from './documentService';
import { groupMovement, releaseStorageSpace } from './stockActions';

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
 * Document writes (docs/warehouse-api.md "Documents"); reads of document rows stay generic. Each call is one
 * transaction of the DocumentService; change events go out after commit.
 */
export const registerDocumentRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = documentServiceOf(ctx);
  const staff = (request: Parameters<typeof scopeOf>[0]): Scope => {
    const scope = scopeOf(request);
    assertWarehouseStaff(scope);
    return scope;
  };

  app.post('/api/WmsDocument', async (request, reply) => {
    const scope = staff(request);
    const document = await service.transaction((tx) => service.create(tx, scope, request.body));
    return reply.status(201).send(document);
  });

  app.put<{ Params: IdParams }>('/api/WmsDocument/:id', async (request) => {
    const scope = staff(request);
    return service.transaction((tx) => service.update(tx, scope, request.params.id, request.body));
  });

  app.post<{ Params: IdParams }>('/api/WmsDocument/:id/confirm', async (request) => {
    const scope = staff(request);
    return service.transaction((tx) => service.confirm(tx, scope, request.params.id));
  });

  app.post<{ Params: IdParams }>('/api/WmsDocument/:id/revert', async (request) => {
    const scope = staff(request);
    return service.transaction((tx) => service.revert(tx, scope, request.params.id));
  });

  app.delete<{ Params: IdParams }>('/api/WmsDocument/ByPrecedingDocumentId/:id', async (request) => {
    const scope = staff(request);
    const deleted = await service.transaction((tx) =>
      service.removeByPreceding(tx, scope, request.params.id),
    );
    return { deleted };
  });

  app.delete<{ Params: IdParams }>('/api/WmsDocument/:id', async (request, reply) => {
    const scope = staff(request);
    await service.transaction((tx) => service.remove(tx, scope, request.params.id));
    return reply.status(204).send();
  });

  app.get<{ Params: IdParams }>('/api/WmsDocument/:id/Positions', async (request) => {
    const scope = staff(request);
    return positionsPage(ctx, scope, request.params.id, request.query as Record<string, unknown>);
  });

  // Document lines (docs/sync-contract.md §3): each call is one transaction of its document.
  app.post('/api/WmsDocumentPosition', async (request, reply) => {
    const scope = staff(request);
    const line = await service.transaction((tx) => service.addLine(tx, scope, request.body));
    return reply.status(201).send(line);
  });

  app.put<{ Params: IdParams }>('/api/WmsDocumentPosition/:id', async (request) => {
    const scope = staff(request);
    return service.transaction((tx) => service.updateLine(tx, scope, request.params.id, request.body));
  });

  app.delete<{ Params: IdParams }>('/api/WmsDocumentPosition/:id', async (request, reply) => {
    const scope = staff(request);
    await service.transaction((tx) => service.removeLine(tx, scope, request.params.id));
    return reply.status(204).send();
  });

  app.post('/api/WmsDocumentPosition/groupmovement', async (request, reply) => {
    const scope = staff(request);
    const document = await service.transaction((tx) => groupMovement(ctx, tx, scope, request.body));
    return reply.status(201).send(document);
  });

  app.post<{ Params: IdParams }>(
    '/api/WmsDocumentPosition/ReleaseStorageSpace/:id',
    async (request, reply) => {
      const scope = staff(request);
      const document = await service.transaction((tx) =>
        releaseStorageSpace(ctx, tx, scope, request.params.id),
      );
      return reply.status(201).send(document);
    },
  );
};
