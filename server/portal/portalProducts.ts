import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { matchLanguage } from '../../domain/languages';
import type { PortalProduct } from '../../domain/portal/portalTypes';
import { textOf } from '../../domain/rowValues';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { col, tableOf } from '../db/resourceColumns';
import { productVisible } from '../resources/contractorScope';
import type { PortalScope } from './portalScope';

/** The product columns the portal reads, with the translation of `lng` joined as `t`. */
export const portalProductColumns = (ctx: AppContext) => {
  const p = tableOf(ctx, 'product');
  const t = tableOf(ctx, 'portalTranslation');
  return {
    id: col(p, 'id'),
    index: col(p, 'index'),
    name: sql<string>`coalesce(${col(t, 'name')}, ${col(p, 'name')})`,
    description: col(t, 'description'),
    unit: col(p, 'unit'),
    groupId: col(p, 'mainGroupId'),
    barcodes: col(p, 'barcodes'),
    imageUrl: col(p, 'imageUrl'),
    portalComment: col(p, 'portalComment'),
  };
};

/** The product columns as a statement's select list (`expression as "alias"`), for statements written as SQL. */
export const portalProductSelection = (ctx: AppContext): SQL =>
  sql.join(
    Object.entries(portalProductColumns(ctx)).map(
      ([alias, expr]) => sql`${expr} as ${sql.identifier(alias)}`,
    ),
    sql`, `,
  );

/** The join condition of a product's translation into `lng`. */
export const translationJoin = (ctx: AppContext, lng: string | undefined) => {
  const p = tableOf(ctx, 'product');
  const t = tableOf(ctx, 'portalTranslation');
  return and(
    eq(col(t, 'productId'), col(p, 'id')),
    eq(col(t, 'clientAccountId'), col(p, 'clientAccountId')),
    eq(col(t, 'language'), matchLanguage(lng)),
  );
};

export const toPortalProduct = (r: Record<string, unknown>): PortalProduct => ({
  id: String(r.id),
  index: String(r.index ?? ''),
  name: String(r.name ?? ''),
  description: textOf(r.description),
  unit: textOf(r.unit),
  groupId: textOf(r.groupId),
  barcodes: Array.isArray(r.barcodes) ? r.barcodes.map(String) : [],
  imageUrl: textOf(r.imageUrl),
  portalComment: textOf(r.portalComment),
});

/** The products of these ids the contractor may see (server/resources/contractorScope.ts), by id. */
export const visiblePortalProducts = async (
  ctx: AppContext,
  db: Executor,
  scope: PortalScope,
  ids: readonly string[],
  lng: string | undefined,
): Promise<Map<string, PortalProduct>> => {
  const out = new Map<string, PortalProduct>();
  if (ids.length === 0) return out;
  const p = tableOf(ctx, 'product');
  const rows = await db
    .select(portalProductColumns(ctx))
    .from(p)
    .leftJoin(tableOf(ctx, 'portalTranslation'), translationJoin(ctx, lng))
    .where(
      and(
        eq(col(p, 'clientAccountId'), scope.clientAccountId),
        inArray(col(p, 'id'), [...new Set(ids)]),
        productVisible(p, scope.contractorId),
      ),
    );
  for (const r of rows) out.set(String(r.id), toPortalProduct(r));
  return out;
};
