import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { AppContext } from '../context';
import type { ResourceTable } from '../db/resourceTables';
import { ResourceService } from '../resources/resourceService';

/** The resource tables, definitions and generic services shipping, calendar and sell offers work with. */
export interface ShippingTables {
  readonly tickets: ResourceTable;
  readonly offers: ResourceTable;
  readonly loads: ResourceTable;
  readonly companies: ResourceTable;
  readonly users: ResourceTable;
  readonly documents: ResourceTable;
  readonly documentPositions: ResourceTable;
  readonly orders: ResourceTable;
  readonly orderPositions: ResourceTable;
  readonly products: ResourceTable;
  readonly events: ResourceTable;
  readonly calendarResources: ResourceTable;
  readonly ticketDef: ResourceDefinition;
  readonly offerDef: ResourceDefinition;
  readonly loadDef: ResourceDefinition;
  /** Generic services: tenancy conditions, lists, the record log and change events. */
  readonly ticketService: ResourceService;
  readonly offerService: ResourceService;
  readonly loadService: ResourceService;
  readonly service: (name: string) => ResourceService;
}

/** A column of a table built from a definition; a missing one is a programming error. */
export const column = (t: ResourceTable, name: string): PgColumn => {
  const c = t[name] as PgColumn | undefined;
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

const cache = new WeakMap<AppContext, ShippingTables>();

export const shippingTablesOf = (ctx: AppContext): ShippingTables => {
  const found = cache.get(ctx);
  if (found) return found;
  const table = (name: string): ResourceTable => {
    const t = ctx.schema.resourceTables[name];
    if (!t) throw new Error(`no table for ${name}`);
    return t;
  };
  const services = new Map<string, ResourceService>();
  const service = (name: string): ResourceService => {
    let s = services.get(name);
    if (!s) {
      const def = ctx.schema.definitions.find((d) => d.name === name);
      if (!def) throw new Error(`the ${name} resource is missing`);
      s = new ResourceService(ctx, def);
      services.set(name, s);
    }
    return s;
  };
  const tables: ShippingTables = {
    tickets: table('shipmentTicket'),
    offers: table('freightOffer'),
    loads: table('shipmentTicketLoad'),
    companies: table('company'),
    users: table('user'),
    documents: table('wmsDocument'),
    documentPositions: table('wmsDocumentPosition'),
    orders: table('wmsOrder'),
    orderPositions: table('wmsOrderPosition'),
    products: table('product'),
    events: table('calendarEvent'),
    calendarResources: table('calendarResource'),
    ticketDef: service('shipmentTicket').def,
    offerDef: service('freightOffer').def,
    loadDef: service('shipmentTicketLoad').def,
    ticketService: service('shipmentTicket'),
    offerService: service('freightOffer'),
    loadService: service('shipmentTicketLoad'),
    service,
  };
  cache.set(ctx, tables);
  return tables;
};
