import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '../../../domain/resources/types';
import type { AppContext } from '../../context';
import type { ResourceTable } from '../../db/resourceTables';
import { ResourceService } from '../../resources/resourceService';

/** The resource tables, definitions and generic services the order module reads and writes. */
export interface OrderTables {
  readonly orderDef: ResourceDefinition;
  readonly positionDef: ResourceDefinition;
  readonly documentDef: ResourceDefinition;
  readonly documentPositionDef: ResourceDefinition;
  readonly orders: ResourceTable;
  readonly positions: ResourceTable;
  readonly documents: ResourceTable;
  readonly documentPositions: ResourceTable;
  readonly products: ResourceTable;
  readonly locations: ResourceTable;
  /** Generic services: tenancy conditions, paged lists, record log and change events. */
  readonly orderService: ResourceService;
  readonly positionService: ResourceService;
}

const definition = (ctx: AppContext, name: string): ResourceDefinition => {
  const def = ctx.schema.definitions.find((d) => d.name === name);
  if (!def) throw new Error(`the ${name} resource is missing`);
  return def;
};

const table = (ctx: AppContext, name: string): ResourceTable => {
  const t = ctx.schema.resourceTables[name];
  if (!t) throw new Error(`no table for ${name}`);
  return t;
};

/** A column of a table built from a definition; a missing one is a programming error. */
export const col = (t: ResourceTable, name: string): PgColumn => {
  const c = t[name] as PgColumn | undefined;
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

const cache = new WeakMap<AppContext, OrderTables>();

export const orderTablesOf = (ctx: AppContext): OrderTables => {
  const found = cache.get(ctx);
  if (found) return found;
  const orderDef = definition(ctx, 'wmsOrder');
  const positionDef = definition(ctx, 'wmsOrderPosition');
  const tables: OrderTables = {
    orderDef,
    positionDef,
    documentDef: definition(ctx, 'wmsDocument'),
    documentPositionDef: definition(ctx, 'wmsDocumentPosition'),
    orders: table(ctx, 'wmsOrder'),
    positions: table(ctx, 'wmsOrderPosition'),
    documents: table(ctx, 'wmsDocument'),
    documentPositions: table(ctx, 'wmsDocumentPosition'),
    products: table(ctx, 'product'),
    locations: table(ctx, 'storageSpace'),
    orderService: new ResourceService(ctx, orderDef),
    positionService: new ResourceService(ctx, positionDef),
  };
  cache.set(ctx, tables);
  return tables;
};
