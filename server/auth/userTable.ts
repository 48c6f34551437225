import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceTable } from '../db/resourceTables';
import type { Schema } from '../db/schema';

export interface UserTable {
  readonly table: ResourceTable;
  /** A column of the user table by field name; throws at start-up when the definition lacks it. */
  col(name: string): PgColumn;
}

/** The user resource table as the sign-in code needs it. */
export const userTable = (schema: Schema): UserTable => {
  const table = schema.resourceTables.user;
  if (!table) throw new Error('the user resource is missing');
  const col = (name: string): PgColumn => {
    const c = table[name];
    if (!c) throw new Error(`the user table has no column ${name}`);
    return c;
  };
  for (const name of [
    'id',
    'clientAccountId',
    'username',
    'email',
    'passwordHash',
    'isBlocked',
    'isActivated',
    'lastLogin',
  ])
    col(name);
  return { table, col };
};
