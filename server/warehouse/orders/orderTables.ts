import type { ResourceDefinition } from '../../../domain/resources/types';
import type { AppContext } from '../../context';
import { definitionOf, tableOf } from '../../db/resourceColumns';
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

const cache = new WeakMap<AppContext, OrderTables>();

export const orderTablesOf = (ctx: AppContext): OrderTables => {
  const found = cache.get(ctx);
  if (found) return found;
  const orderDef = definitionOf(ctx, 'wmsOrder');
  const positionDef = definitionOf(ctx, 'wmsOrderPosition');
  const tables: OrderTables = {
    orderDef,
    positionDef,
    documentDef: definitionOf(ctx, 'wmsDocument'),
    documentPositionDef: definitionOf(ctx, 'wmsDocumentPosition'),
    orders: tableOf(ctx, 'wmsOrder'),
    positions: tableOf(ctx, 'wmsOrderPosition'),
    documents: tableOf(ctx, 'wmsDocument'),
    documentPositions: tableOf(ctx, 'wmsDocumentPosition'),
    products: tableOf(ctx, 'product'),
    locations: tableOf(ctx, 'storageSpace'),
    orderService: new ResourceService(ctx, orderDef),
    positionService: new ResourceService(ctx, positionDef),
  };
  cache.set(ctx, tables);
  return tables;
};
