import type { ResourceDefinition } from '../../domain/resources/types';
import { catalystTables } from '../catalyst/catalystTables';
import { importTables } from '../import/importTables';
import { officeTables } from '../office/officeTables';
import { loadDefinitions } from '../resources/registry';
import { dashboardTables } from './dashboardTables';
import { internalTables } from './internalTables';
import { buildPortalTables, type PortalTables } from './portalTables';
import { buildResourceTables, type ResourceTable } from './resourceTables';
import { syncTables } from './syncTables';
import { buildWarehouseTables, type WarehouseTables } from './warehouseTables';

export interface Schema {
  readonly definitions: ResourceDefinition[];
  readonly resourceTables: Record<string, ResourceTable>;
  /** Stock, stock ledger, reservations and document counters (server/warehouse). */
  readonly warehouseTables: WarehouseTables;
  /** The contractor portal's basket and the shared links' attempt log (server/portal, server/sharedAccess). */
  readonly portalTables: PortalTables;
  /** Everything Drizzle should know about, for migrations. */
  readonly all: Record<string, unknown>;
}

/** The whole database schema: the fixed internal tables plus one table per resource definition. */
export const loadSchema = async (): Promise<Schema> => {
  const definitions = await loadDefinitions();
  const resourceTables = buildResourceTables(definitions);
  const all: Record<string, unknown> = {
    ...internalTables,
    ...syncTables,
    ...officeTables,
    ...dashboardTables,
    ...catalystTables,
    ...importTables,
  };
  for (const [name, table] of Object.entries(resourceTables)) all[`resource_${name}`] = table;
  const warehouseTables = buildWarehouseTables(resourceTables);
  for (const [name, table] of Object.entries(warehouseTables)) all[`warehouse_${name}`] = table;
  const portalTables = buildPortalTables(resourceTables);
  for (const [name, table] of Object.entries(portalTables)) all[`portal_${name}`] = table;
  return { definitions, resourceTables, warehouseTables, portalTables, all };
};
