import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { canRead } from '../../domain/resources/access';
import { type Page, type PageQuery, parsePageQuery } from '../../domain/resources/query';
import type { ResourceDefinition } from '../../domain/resources/types';
import { isUuid } from '../../domain/rowValues';
import { type AppContext, requestLanguage } from '../context';
import type { ResourceTable } from '../db/resourceTables';
import { bulkDelete } from '../resources/bulkDelete';
import { exportFile } from '../resources/exportFile';
import type { Row } from '../resources/rows';
import { type Scope, scopeOf } from '../resources/scope';
import { filterCondition } from '../resources/sqlFilters';

/**
 * A resource of the module kept in a table it does not own (admin users in the user table, carts in the
 * module's cart table): the generic calls over it, with the rows it may see and how they are written.
 */
export interface SyntheticResource {
  readonly def: ResourceDefinition;
  readonly table: ResourceTable;
  /** Tenancy and what else makes a row part of the resource. */
  readonly where: (scope: Scope) => SQL;
  readonly toApi: (row: Row) => Row;
  readonly create?: (scope: Scope, input: unknown) => Promise<Row>;
  readonly update?: (scope: Scope, id: string, input: unknown) => Promise<Row>;
  readonly remove?: (scope: Scope, id: string) => Promise<void>;
  /** The answer of GET /{id} when it is more than the row (a cart with its lines). */
  readonly detail?: (scope: Scope, row: Row) => Promise<Row>;
}

const selectSchema = z.object({
  search: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The paged list, select, export, get, and (when the resource writes) add, edit, delete and bulk delete. */
export const registerSyntheticRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  res: SyntheticResource,
): void => {
  const { def, table } = res;
  const base = `/api/${def.path}`;
  const col = (name: string): PgColumn => {
    const c = table[name];
    if (!c) throw new AppError('badRequest', { detail: name });
    return c;
  };
  const readScope = (request: Parameters<typeof scopeOf>[0]): Scope => {
    const scope = scopeOf(request);
    if (!canRead(def, scope.claims)) throw new AppError('forbidden');
    return scope;
  };
  const where = (scope: Scope, query: Pick<PageQuery, 'filters'>) =>
    and(res.where(scope), ...query.filters.map((f) => filterCondition(def, table, f))) as SQL;
  const orderBy = (query: Pick<PageQuery, 'sortColumn' | 'sortDescending'>): SQL[] => {
    const order: SQL[] = [];
    if (query.sortColumn) {
      const c = col(query.sortColumn);
      order.push(query.sortDescending ? sql`${desc(c)} nulls last` : sql`${asc(c)} nulls last`);
    }
    order.push(asc(col('id')));
    return order;
  };
  const list = async (scope: Scope, query: PageQuery, paged = true): Promise<Page<Row>> => {
    const condition = where(scope, query);
    const rowsQuery = ctx.db
      .select()
      .from(table)
      .where(condition)
      .orderBy(...orderBy(query));
    const [rows, total] = await Promise.all([
      paged
        ? rowsQuery.limit(query.pageSize).offset((query.pageNumber - 1) * query.pageSize)
        : rowsQuery.limit(100_000),
      ctx.db.select({ n: count() }).from(table).where(condition),
    ]);
    return { results: rows.map(res.toApi), allFilteredRowCount: Number(total[0]?.n ?? 0) };
  };
  const find = async (scope: Scope, id: string): Promise<Row> => {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const [row] = await ctx.db
      .select()
      .from(table)
      .where(and(res.where(scope), sql`${col('id')} = ${id}::uuid`));
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  };

  app.get(base, async (request) => list(readScope(request), parsePageQuery(def, request.query as Row)));

  app.get(`${base}/select`, async (request) => {
    const scope = readScope(request);
    const q = selectSchema.safeParse(request.query);
    if (!q.success) throw new AppError('badRequest');
    const title = col(def.titleField);
    const search = q.data.search.replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await ctx.db
      .select({ id: col('id'), title })
      .from(table)
      .where(and(res.where(scope), search ? sql`${title}::text ilike ${`%${search}%`}` : undefined))
      .orderBy(asc(title))
      .limit(q.data.limit);
    return {
      results: rows.map((r) => ({ id: String(r.id), title: r.title === null ? '' : String(r.title) })),
    };
  });

  app.get(`${base}/export`, async (request, reply) => {
    const raw = request.query as Row;
    const format =
      raw.format === 'xlsx' ? 'xlsx' : raw.format === 'csv' || raw.format === undefined ? 'csv' : undefined;
    if (!format) throw new AppError('badRequest');
    const page = await list(
      readScope(request),
      parsePageQuery(def, { ...raw, PageNumber: 1, PageSize: 1 }),
      false,
    );
    const file = await exportFile(def, page.results, format, requestLanguage(request));
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  });

  app.get<{ Params: { id: string } }>(`${base}/:id`, async (request) => {
    const scope = readScope(request);
    const row = await find(scope, request.params.id);
    return res.detail ? res.detail(scope, row) : res.toApi(row);
  });

  const { create, update, remove } = res;
  if (create)
    app.post(base, async (request, reply) =>
      reply.status(201).send(await create(scopeOf(request), request.body)),
    );
  if (update)
    app.put<{ Params: { id: string } }>(`${base}/:id`, async (request) =>
      update(scopeOf(request), request.params.id, request.body),
    );
  if (remove) {
    app.delete<{ Params: { id: string } }>(`${base}/:id`, async (request, reply) => {
      await remove(scopeOf(request), request.params.id);
      return reply.status(204).send();
    });
    app.post(`${base}/bulk-delete`, async (request) => {
      const scope = scopeOf(request);
      return bulkDelete(request.body, requestLanguage(request), (id) => remove(scope, id));
    });
  }
};
