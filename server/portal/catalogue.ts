import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { matchLanguage } from '../../domain/languages';
import { catalogueView } from '../../domain/portal/catalogueView';
import type { CatalogueEntry } from '../../domain/portal/portalTypes';
import { type Page, parsePageQuery } from '../../domain/resources/query';
import type { AppContext } from '../context';
import { productBarcode } from '../db/internalTables';
import { rowsOf } from '../db/rawRows';
import { col, tableOf } from '../db/resourceColumns';
import type { ResourceTable } from '../db/resourceTables';
import { productVisible } from '../resources/contractorScope';
import { filterCondition } from '../resources/sqlFilters';
import { barcodeKey } from '../warehouse/records/productBarcodes';
import { jsonRows, orderableFrom, orderableOf, orderableStatements } from './orderableStock';
import {
  portalProductColumns,
  portalProductSelection,
  toPortalProduct,
  translationJoin,
} from './portalProducts';
import type { PortalScope } from './portalScope';

export const searchSchema = z.string().max(200).optional();

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The contractor's catalogue and product groups (only products the contractor may see, never hidden ones). */
export class Catalogue {
  constructor(private readonly ctx: AppContext) {}

  private get product(): ResourceTable {
    return tableOf(this.ctx, 'product');
  }

  /** The WHERE of a catalogue question: the contractor's visible products, the filters and the search. */
  private where(
    scope: PortalScope,
    raw: Record<string, unknown>,
    lng: string | undefined,
  ): { where: SQL; order: SQL[]; pageSize: number; offset: number; translated: boolean } {
    const query = parsePageQuery(catalogueView, raw);
    const p = this.product;
    const search = searchSchema.safeParse(typeof raw.search === 'string' ? raw.search : undefined);
    if (!search.success)
      throw new AppError('badRequest', {
        fields: [{ field: 'search', rule: 'maxLength', params: { max: 200 } }],
      });
    const groupId = typeof raw.groupId === 'string' && raw.groupId !== '' ? raw.groupId : undefined;
    const expressions: Record<string, SQL | ReturnType<typeof col>> = {
      id: col(p, 'id'),
      createdAt: col(p, 'createdAt'),
      updatedAt: col(p, 'updatedAt'),
      index: col(p, 'index'),
      name: portalProductColumns(this.ctx).name,
      unit: col(p, 'unit'),
      mainGroupId: col(p, 'mainGroupId'),
    };
    const filters = [
      ...query.filters,
      ...(groupId ? [{ field: 'mainGroupId', operator: 'eq' as const, value: groupId }] : []),
    ].map((f) => filterCondition(catalogueView, expressions as unknown as ResourceTable, f));
    const conditions: SQL[] = [
      eq(col(p, 'clientAccountId'), scope.clientAccountId),
      productVisible(p, scope.contractorId),
      ...filters,
    ];
    const term = search.data?.trim();
    if (term) {
      // The products whose index or name holds the term, whose name in the reader's language holds it, or that
      // carry it as a barcode: one OR the planner answers as a single bitmap scan of product (trigram index,
      // migration 0012_product_search, for index and name; the primary key for the few ids the translation and
      // barcode arrays hold), filtered there by account and visibility. The ids were a union joined back to
      // product before: for terms whose trigrams are common the join was planned as a hash join over every
      // product of the company (docs/decisions.md, "Portal catalogue search").
      const pattern = `%${likeEscape(term)}%`;
      const t = tableOf(this.ctx, 'portalTranslation');
      conditions.push(sql`(${col(p, 'index')} ilike ${pattern} or ${col(p, 'name')} ilike ${pattern}
        or ${col(p, 'id')} = any(array(select tr.product_id from ${t} tr
          where tr.client_account_id = ${scope.clientAccountId}::uuid and tr.language = ${matchLanguage(lng)}
            and tr.name ilike ${pattern}))
        or ${col(p, 'id')} = any(array(select ${productBarcode.productId} from ${productBarcode}
          where ${productBarcode.clientAccountId} = ${scope.clientAccountId}::uuid
            and ${productBarcode.barcode} = ${barcodeKey(term)})))`);
    }
    const sorted = query.sortColumn ? expressions[query.sortColumn] : undefined;
    // The index is unique in the account (product_index_uq): ordered by it, the id adds nothing but a sort step
    // over every row a deep page skips.
    const unique = query.sortColumn === 'index' || query.sortColumn === 'id';
    const order = [
      ...(sorted ? [query.sortDescending ? desc(sorted) : asc(sorted)] : []),
      ...(sorted && unique ? [] : [asc(col(p, 'id'))]),
    ];
    return {
      where: and(...conditions) as SQL,
      order,
      pageSize: query.pageSize,
      offset: (query.pageNumber - 1) * query.pageSize,
      // The name a reader sees is the translation's when there is one: sorting or filtering by it needs the join.
      translated: query.sortColumn === 'name' || query.filters.some((f) => f.field === 'name'),
    };
  }

  /** The pieces of a catalogue question's statements: the selection, joins and the picking of the page's ids. */
  private parts(scope: PortalScope, raw: Record<string, unknown>, lng: string | undefined) {
    const q = this.where(scope, raw, lng);
    const p = this.product;
    const translations = tableOf(this.ctx, 'portalTranslation');
    const cart = this.ctx.schema.portalTables.cartLine;
    const selection = portalProductSelection(this.ctx);
    const joined = sql`${p} left join ${translations} on ${translationJoin(this.ctx, lng)}`;
    const order = sql.join(q.order, sql`, `);
    const basketJoin = sql`left join ${cart} on ${cart.productId} = ${col(p, 'id')}
      and ${cart.userId} = ${scope.userId}::uuid and ${cart.clientAccountId} = ${scope.clientAccountId}::uuid`;
    // Unless the translated name orders or filters the list, the page's ids are picked from the products alone
    // (the (account, index) index) and only those rows are joined to translations and the basket: joined before
    // the limit, a deep page joined every row it skipped.
    const picked = sql`select ${col(p, 'id')} as picked from ${q.translated ? joined : p} where ${q.where}
      order by ${order} limit ${q.pageSize} offset ${q.offset}`;
    const counter = q.translated
      ? sql`select count(*)::int as n from ${joined} where ${q.where}`
      : sql`select count(*)::int as n from ${p} where ${q.where}`;
    return { q, selection, joined, order, basketJoin, picked, counter, basket: cart.quantity };
  }

  /**
   * The page and count statements of a catalogue question, as the benchmark runs them on the driver next to the
   * API (with orderableStatements). The page carries the caller's basket quantity of each product (one basket line
   * per user and product), so the basket is not a statement of its own; both are SQL text, not the query builder,
   * which cost more than the statements' own work on the embedded database (docs/decisions.md, "Portal catalogue
   * statements").
   */
  statements(
    scope: PortalScope,
    raw: Record<string, unknown>,
    lng: string | undefined,
  ): { page: SQL; counter: SQL } {
    const { q, selection, joined, order, basketJoin, picked, counter, basket } = this.parts(scope, raw, lng);
    const page = q.translated
      ? sql`select ${selection}, ${basket} as "inBasket"
          from ${joined} ${basketJoin}
          where ${q.where}
          order by ${order}
          limit ${q.pageSize} offset ${q.offset}`
      : sql`select ${selection}, ${basket} as "inBasket"
          from (${picked}) picked
          join ${joined} on ${col(this.product, 'id')} = picked.picked
          ${basketJoin}
          order by ${order}`;
    return { page, counter };
  }

  /**
   * What the API runs on PGlite: the same page, with its count and its products' stock and open order lines as columns of
   * the same statement (each computed once, the page's ids picked once in a CTE). On embedded PGlite every statement
   * costs a round of its own (the protocol, the driver, the ORM) whatever its work: a page is one statement, plus
   * the count alone when the page is empty and the open orders' documents when there are any.
   */
  private folded(scope: PortalScope, raw: Record<string, unknown>, lng: string | undefined) {
    const parts = this.parts(scope, raw, lng);
    const { selection, joined, order, basketJoin, picked, counter, basket } = parts;
    const orderable = orderableStatements(
      scope.clientAccountId,
      (column) => sql`${column} in (select picked from picked)`,
    );
    const page = sql`with picked as (${picked})
      select ${selection}, ${basket} as "inBasket", (${counter}) as "allFiltered",
        (select coalesce(json_agg(s), '[]'::json) from (${orderable.stock}) s) as "stockRows",
        (select coalesce(json_agg(l), '[]'::json) from (${orderable.lines}) l) as "lineRows"
      from picked
      join ${joined} on ${col(this.product, 'id')} = picked.picked
      ${basketJoin}
      order by ${order}`;
    return { page, counter };
  }

  /**
   * GET contractororders/availible-products: a page of the catalogue with what can be ordered now. On PGlite in one
   * statement (`folded`); on PostgreSQL the page and the count run side by side on two connections, then what can
   * be ordered of the page's products, as the benchmark's raw side does.
   */
  async products(
    scope: PortalScope,
    raw: Record<string, unknown>,
    lng: string | undefined,
  ): Promise<Page<CatalogueEntry>> {
    const read =
      this.ctx.database.kind === 'pglite'
        ? await this.readFolded(scope, raw, lng)
        : await this.readApart(scope, raw, lng);
    return {
      results: read.rows.map((r) => {
        const product = toPortalProduct(r);
        return {
          ...product,
          productId: product.id,
          available: read.orderable.get(product.id) ?? 0,
          inBasket: r.inBasket === null || r.inBasket === undefined ? 0 : Number(r.inBasket),
        };
      }),
      allFilteredRowCount: read.count,
    };
  }

  private async readFolded(scope: PortalScope, raw: Record<string, unknown>, lng: string | undefined) {
    const { page, counter } = this.folded(scope, raw, lng);
    const rows = rowsOf(await this.ctx.db.execute(page));
    const [first] = rows;
    if (!first) {
      const count = Number(rowsOf(await this.ctx.db.execute(counter))[0]?.n ?? 0);
      return { rows, count, orderable: new Map<string, number>() };
    }
    const orderable = await orderableFrom(
      this.ctx.db,
      scope.clientAccountId,
      rows.map((r) => String(r.id)),
      { stock: jsonRows(first.stockRows), lines: jsonRows(first.lineRows) },
    );
    return { rows, count: Number(first.allFiltered ?? 0), orderable };
  }

  private async readApart(scope: PortalScope, raw: Record<string, unknown>, lng: string | undefined) {
    const { page, counter } = this.statements(scope, raw, lng);
    const [rows, total] = await Promise.all([
      this.ctx.db.execute(page).then(rowsOf),
      this.ctx.db.execute(counter).then(rowsOf),
    ]);
    const orderable = await orderableOf(
      this.ctx.db,
      scope.clientAccountId,
      rows.map((r) => String(r.id)),
    );
    return { rows, count: Number(total[0]?.n ?? 0), orderable };
  }

  /** GET contractororders/availible-prod-groups: the groups of the contractor's visible products, with counts. */
  async groups(scope: PortalScope) {
    const p = this.product;
    const g = tableOf(this.ctx, 'productGroup');
    const rows = await this.ctx.db
      .select({
        id: col(g, 'id'),
        name: col(g, 'name'),
        color: col(g, 'color'),
        icon: col(g, 'icon'),
        products: sql<number>`count(*)::int`,
      })
      .from(p)
      .innerJoin(
        g,
        and(eq(col(g, 'id'), col(p, 'mainGroupId')), eq(col(g, 'clientAccountId'), scope.clientAccountId)),
      )
      .where(and(eq(col(p, 'clientAccountId'), scope.clientAccountId), productVisible(p, scope.contractorId)))
      .groupBy(col(g, 'id'), col(g, 'name'), col(g, 'color'), col(g, 'icon'))
      .orderBy(asc(col(g, 'name')));
    return {
      results: rows.map((r) => ({
        id: String(r.id),
        name: String(r.name ?? ''),
        color: r.color ?? null,
        icon: r.icon ?? null,
        products: Number(r.products),
      })),
    };
  }
}
