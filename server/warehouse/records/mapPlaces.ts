import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { AppError, type FieldError } from '../../../domain/errors';
import { compareLocations } from '../../../domain/warehouse/locationOrder';
import { insideBounds, locationFill, type MapPlace } from '../../../domain/warehouse/mapFill';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/rawRows';
import type { ResourceTable } from '../../db/resourceTables';
import { ResourceService } from '../../resources/resourceService';
import type { Scope } from '../../resources/scope';
import { fieldErrorsOf } from './fieldErrors';
import type { MapSchemas } from './mapSchema';

const fail = (code: 'invalidValue') => ({ error: code });
const coordinate = z.number(fail('invalidValue')).finite(fail('invalidValue'));
export const placeSchema = z.object({ x: coordinate, y: coordinate });

/** The form rule a coordinate beyond one edge of the map breaks. */
const boundErrors = (field: string, v: number, min: number, max: number): FieldError[] => {
  if (v < min) return [{ field, rule: 'minValue', params: { min } }];
  if (v > max) return [{ field, rule: 'maxValue', params: { max } }];
  return [];
};

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const name = (t: ResourceTable, column: string): string => {
  const c = t[column] as PgColumn | undefined;
  if (!c) throw new Error(`no column ${column}`);
  return c.name;
};

/**
 * The location planner (GET/PUT StorageSpace/{id}/schema/places): where each child location lies on its
 * parent's map. A place is the child's own x/y (the location's coordinates, in the units of the map's bounds),
 * written through the generic resource so history, sync and the live feed carry it like any edit; here the
 * point must lie within the map's bounds.
 */
export class MapPlaces {
  private readonly ctx: AppContext;
  private readonly maps: MapSchemas;
  private readonly service: ResourceService;

  constructor(ctx: AppContext, maps: MapSchemas) {
    const def = ctx.schema.definitions.find((d) => d.name === 'storageSpace');
    if (!def) throw new Error('the storageSpace resource is missing');
    this.ctx = ctx;
    this.maps = maps;
    this.service = new ResourceService(ctx, def);
  }

  /** Every child of the mapped location, placed or not, with its stock and fill level. */
  async list(scope: Scope, mapId: string): Promise<MapPlace[]> {
    await this.maps.get(scope, mapId);
    const table = this.ctx.schema.resourceTables.storageSpace;
    const product = this.ctx.schema.resourceTables.product;
    if (!table || !product) throw new Error('the storageSpace resources are missing');
    const { stock } = this.ctx.schema.warehouseTables;
    const s = sql.identifier(getTableName(table));
    const p = sql.identifier(getTableName(product));
    const st = sql.identifier(getTableName(stock));
    const parent = sql.identifier(name(table, 'parentId'));
    const account = sql.identifier(name(table, 'clientAccountId'));
    // Children and, for each, the goods in it and in every location under it (a rack's bins).
    const result = await this.ctx.db.execute(sql`
      with recursive under_child(root, id) as (
        select c.id, c.id from ${s} c where c.${account} = ${scope.clientAccountId}::uuid and c.${parent} = ${mapId}::uuid
        union all
        select u.root, d.id from ${s} d join under_child u on d.${parent} = u.id
        where d.${account} = ${scope.clientAccountId}::uuid
      ),
      goods as (
        select u.root, sum(k.quantity) as quantity, sum(k.quantity * coalesce(g.weight, 0)) as kg
        from under_child u
        join ${st} k on k.location_id = u.id and k.client_account_id = ${scope.clientAccountId}::uuid
        join ${p} g on g.id = k.product_id
        group by u.root
      )
      select c.id, c.label, c.x, c.y, c.capacity_kg, c.pickup_order, c.locked_in, c.locked_out,
        coalesce(goods.quantity, 0) as quantity, coalesce(goods.kg, 0) as kg
      from ${s} c left join goods on goods.root = c.id
      where c.${account} = ${scope.clientAccountId}::uuid and c.${parent} = ${mapId}::uuid
    `);
    const rows = rowsOf(result);
    const places = rows.map((r) => {
      const quantity = Number(r.quantity);
      const loadKg = Number(r.kg);
      const capacityKg = num(r.capacity_kg);
      const fill = locationFill(loadKg, quantity, capacityKg);
      return {
        place: {
          id: String(r.id),
          label: String(r.label ?? ''),
          x: num(r.x),
          y: num(r.y),
          capacityKg,
          quantity,
          loadKg,
          fill: fill.band,
          percent: fill.percent,
        },
        order: {
          id: String(r.id),
          label: String(r.label ?? ''),
          lockedIn: r.locked_in === true,
          lockedOut: r.locked_out === true,
          temperature: null,
          capacityKg,
          pickupOrder: num(r.pickup_order),
          handleStock: true,
        },
      };
    });
    return places.sort((a, b) => compareLocations(a.order, b.order)).map((e) => e.place);
  }

  /** Places (or moves) a child of the mapped location at x/y, which must lie within the map's bounds. */
  async place(scope: Scope, mapId: string, childId: string, body: unknown): Promise<MapPlace> {
    this.service.assertWrite(scope);
    const map = await this.maps.get(scope, mapId);
    const child = await this.service.get(scope, childId);
    // Only the map's own children lie on it (another company's location is not found at all).
    if (child.parentId !== mapId) throw new AppError('notFoundOrNoPermission');
    const parsed = placeSchema.safeParse(body);
    if (!parsed.success) throw new AppError('formHasErrors', { fields: fieldErrorsOf(parsed.error) });
    const { x, y } = parsed.data;
    if (!insideBounds(map.bounds, x, y))
      throw new AppError('locationOutsideMap', {
        fields: [
          ...boundErrors('x', x, map.bounds.southWestX, map.bounds.northEastX),
          ...boundErrors('y', y, map.bounds.southWestY, map.bounds.northEastY),
        ],
      });
    await this.service.update(scope, childId, { x, y });
    const placed = (await this.list(scope, mapId)).find((p) => p.id === childId);
    if (!placed) throw new AppError('notFoundOrNoPermission');
    return placed;
  }
}
