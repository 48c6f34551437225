import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceDefinition } from '../../domain/resources/types';
import type { AppContext } from '../context';
import type { ResourceTable } from './resourceTables';

/**
 * Tables, columns and definitions of resources by name (tables are built from the definitions at start, so
 * their columns are only known by name). A missing one is a programming error, never a user's.
 */

export const tableOf = (ctx: AppContext, name: string): ResourceTable => {
  const t = ctx.schema.resourceTables[name];
  if (!t) throw new Error(`no table for ${name}`);
  return t;
};

/** A column of a resource table by field name. */
export const col = (t: ResourceTable, name: string): PgColumn => {
  const c = t[name] as PgColumn | undefined;
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

export const definitionOf = (ctx: AppContext, name: string): ResourceDefinition => {
  const def = ctx.schema.definitions.find((d) => d.name === name);
  if (!def) throw new Error(`no resource ${name}`);
  return def;
};
