import type { PgColumn } from 'drizzle-orm/pg-core';
import type { LinkTimes } from '../../domain/sharedAccess/sharedLinks';
import type { ResourceTable } from '../db/resourceTables';
import type { Row } from '../resources/rows';

/** A column of the shared access table by field name. */
export const column = (t: ResourceTable, name: string): PgColumn => {
  const c = t[name] as PgColumn | undefined;
  if (!c) throw new Error(`no column ${name}`);
  return c;
};

const dateOf = (v: unknown): Date | null =>
  v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null;

/** The times a stored link's state is judged by (domain/sharedAccess/sharedLinks.ts). */
export const linkTimesOf = (row: Row): LinkTimes => ({
  expiresAt: dateOf(row.expiresAt),
  singleUse: row.singleUse === true,
  usedAt: dateOf(row.usedAt),
  withdrawnAt: dateOf(row.withdrawedAt),
});

/** What the record shows of a secret so it can be recognised: its first and last four characters. */
export const hintOf = (secret: string): string => `${secret.slice(0, 4)}…${secret.slice(-4)}`;
