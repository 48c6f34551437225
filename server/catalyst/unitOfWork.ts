import { AppError } from '../../domain/errors';
import type { AppContext, DataChange } from '../context';
import type { Tx } from '../db/client';
import { fromDatabaseError } from '../http/dbErrors';

/**
 * One transaction of the catalyst module and what it changed: handlers receive it explicitly, write through
 * `tx` and list their changes; the changes are announced only after the commit.
 */
export interface CatalystUnit {
  readonly ctx: AppContext;
  readonly tx: Tx;
  /** Changes to announce once committed (live connection, client notices). */
  readonly changes: DataChange[];
}

/** Runs `work` in a transaction; database refusals become catalogue errors; changes go out after commit. */
export const inUnit = async <T>(ctx: AppContext, work: (unit: CatalystUnit) => Promise<T>): Promise<T> => {
  const changes: DataChange[] = [];
  let result: T;
  try {
    result = await ctx.db.transaction((tx) => work({ ctx, tx, changes }));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fromDatabaseError(err) ?? err;
  }
  for (const change of changes) ctx.changes.next(change);
  return result;
};
