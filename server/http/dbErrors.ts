import type { FieldError } from '../../domain/errors';
import { AppError } from '../../domain/errors';
import type { Db, Tx } from '../db/client';
import { mutationKeyIndex } from '../db/syncTables';

interface PgLikeError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  column?: unknown;
  cause?: unknown;
}

/** Finds the PostgreSQL error inside drizzle's wrapper (node-postgres and PGlite both carry `code`). */
const pgError = (err: unknown): PgLikeError | undefined => {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    const candidate = e as PgLikeError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    e = candidate.cause;
  }
  return undefined;
};

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Columns named in a constraint's detail, e.g. `Key (client_account_id, short_name)=(…) already exists`. */
const detailFields = (detail: unknown): FieldError[] => {
  const m = typeof detail === 'string' ? /Key \(([^)]+)\)/.exec(detail) : null;
  if (!m?.[1]) return [];
  return m[1]
    .split(',')
    .map((c) => camel(c.trim().replace(/^lower\(|\)$/g, '')))
    .filter((c) => c !== 'clientAccountId')
    .map((field) => ({ field, rule: 'uniqueConflict' as const }));
};

/** node-postgres' pool gave up waiting for a free connection (`connectionTimeoutMillis`). */
const isPoolWaitTimeout = (err: unknown): boolean => {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof Error && e.message === 'timeout exceeded when trying to connect') return true;
    e = (e as PgLikeError).cause;
  }
  return false;
};

/** Turns database constraint violations into the catalogue's errors; undefined for anything else. */
export const fromDatabaseError = (err: unknown): AppError | undefined => {
  if (isPoolWaitTimeout(err)) return new AppError('serverBusy');
  const e = pgError(err);
  if (!e) return undefined;
  switch (e.code) {
    case '23505':
      // The key of pushed mutations (recorded with a handler's first statement): the same intent is in flight.
      if (e.constraint === mutationKeyIndex) return new AppError('mutationInProgress');
      return new AppError('uniqueConflict', { fields: detailFields(e.detail) });
    // 23503 foreign_key_violation; 23001 restrict_violation (ON DELETE RESTRICT).
    case '23503':
    case '23001':
      return new AppError('foreignKeyConflict');
    case '23502':
      return new AppError('formHasErrors', {
        fields: typeof e.column === 'string' ? [{ field: camel(e.column), rule: 'required' }] : [],
      });
    // Data exceptions: a value the column cannot take. The input boundary and the field rules refuse these
    // first, with the field named; this is the last line behind them.
    case '22P02':
    case '22007':
    case '22008':
    case '22009':
    case '22003':
    case '22001':
    case '22021':
    case '22P05':
      return new AppError('badRequest');
    case '40001':
    case '40P01':
      return new AppError('saveFailed', { status: 409 });
    default:
      return undefined;
  }
};

/** Runs `fn` in one transaction; a database constraint failure leaves it as the catalogue's error. */
export const inTransaction = async <T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> => {
  try {
    return await db.transaction(fn);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fromDatabaseError(err) ?? err;
  }
};
