import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { compareLocations } from '../../../domain/warehouse/locationOrder';
import type { AppContext } from '../../context';
import type { ResourceTable } from '../../db/resourceTables';
import { ResourceService } from '../../resources/resourceService';
import { type Row, toApiRow } from '../../resources/rows';
import type { Scope } from '../../resources/scope';

const col = (t: ResourceTable, name: string): PgColumn => {
  const c = t[name] as PgColumn | undefined;
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/**
 * GET StorageSpace/tree?parentId=: the children of one location (top-level ones without parentId), in
 * walking order, each with how many children it has and whether it may hold stock (its type's
 * handleStock; a location without a type may, like the type's default).
 */
export const storageSpaceChildren = async (
  ctx: AppContext,
  scope: Scope,
  parentId: string | null,
): Promise<(Row & { childCount: number; handleStock: boolean })[]> => {
  const def = ctx.schema.definitions.find((d) => d.name === 'storageSpace');
  const table = ctx.schema.resourceTables.storageSpace;
  const types = ctx.schema.resourceTables.storageSpaceType;
  if (!def || !table || !types) throw new Error('the storageSpace resources are missing');
  const service = new ResourceService(ctx, def);
  service.assertRead(scope);
  if (parentId) await service.get(scope, parentId);
  const parent = col(table, 'parentId');
  const rows = await ctx.db
    .select()
    .from(table)
    .where(and(service.scopeCondition(scope), parentId ? eq(parent, parentId) : isNull(parent)));
  if (!rows.length) return [];
  const ids = rows.map((r) => String(r.id));
  const counts = new Map<string, number>();
  const countRows = await ctx.db
    .select({ parentId: parent, n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(service.scopeCondition(scope), inArray(parent, ids)))
    .groupBy(parent);
  for (const c of countRows) counts.set(String(c.parentId), Number(c.n));
  const typeIds = [...new Set(rows.map((r) => r.typeId).filter((v): v is string => typeof v === 'string'))];
  const handles = new Map<string, boolean>();
  if (typeIds.length)
    for (const t of await ctx.db
      .select({ id: col(types, 'id'), handleStock: col(types, 'handleStock') })
      .from(types)
      .where(
        and(eq(col(types, 'clientAccountId'), scope.clientAccountId), inArray(col(types, 'id'), typeIds)),
      ))
      handles.set(String(t.id), t.handleStock === true);
  const out = rows.map((r) => ({
    ...toApiRow(def, r),
    childCount: counts.get(String(r.id)) ?? 0,
    handleStock: typeof r.typeId === 'string' ? (handles.get(r.typeId) ?? true) : true,
  }));
  return out.sort((a, b) =>
    compareLocations(
      { ...rules(a), handleStock: a.handleStock },
      { ...rules(b), handleStock: b.handleStock },
    ),
  );
};

const rules = (r: Row) => ({
  id: String(r.id),
  label: String(r.label ?? ''),
  lockedIn: r.lockedIn === true,
  lockedOut: r.lockedOut === true,
  temperature: num(r.temperature),
  capacityKg: num(r.capacityKg),
  pickupOrder: num(r.pickupOrder),
});
