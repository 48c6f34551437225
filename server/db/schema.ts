import type { ResourceDefinition } from '../../domain/resources/types';
import { loadDefinitions } from '../resources/registry';
import { internalTables } from './internalTables';
import { buildResourceTables, type ResourceTable } from './resourceTables';

export interface Schema {
  readonly definitions: ResourceDefinition[];
  readonly resourceTables: Record<string, ResourceTable>;
  /** Everything Drizzle should know about, for migrations. */
  readonly all: Record<string, unknown>;
}

/** The whole database schema: the fixed internal tables plus one table per resource definition. */
export const loadSchema = async (): Promise<Schema> => {
  const definitions = await loadDefinitions();
  const resourceTables = buildResourceTables(definitions);
  const all: Record<string, unknown> = { ...internalTables };
  for (const [name, table] of Object.entries(resourceTables)) all[`resource_${name}`] = table;
  return { definitions, resourceTables, all };
};
