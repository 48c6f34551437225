import type { ResourceDefinition } from '../../domain/resources/types';
import { officeTables } from '../office/officeTables';
import { loadDefinitions } from '../resources/registry';
import { dashboardTables } from './dashboardTables';
import { internalTables } from './internalTables';
import { buildResourceTables, type ResourceTable } from './resourceTables';
import { syncTables } from './syncTables';
import { buildWarehouseTables, type WarehouseTables } from './warehouseTables';

export interface Schema {
  readonly definitions: ResourceDefinition[];
  readonly resourceTables: Record<string, ResourceTable>;
  /** Stock, stock ledger, reservations and document counters (server/warehouse). */
  readonly warehouseTables: WarehouseTables;
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
  };
  for (const [name, table] of Object.entries(resourceTables)) all[`resource_${name}`] = table;
  const warehouseTables = buildWarehouseTables(resourceTables);
  for (const [name, table] of Object.entries(warehouseTables)) all[`warehouse_${name}`] = table;
  return { definitions, resourceTables, warehouseTables, all };
};
