import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { statusOf } from '../../../../domain/errors';
import { type Database, openDatabase } from '../../../../server/db/client';
import { toAppError } from '../../../../server/http/errorHandler';
import { createTestDatabaseUrl, type TestDatabase } from '../../../support/pgDatabase';
import { migratedPgliteDump } from '../../../support/pgliteTemplate';

let testDb: TestDatabase | undefined;
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  await testDb?.drop();
});

/** The test database's URL, or (PGlite) the migrated dump to start from: no initdb and migrations per open. */
const whereFrom = async (db: TestDatabase) =>
  db.url ? { databaseUrl: db.url } : { pgliteFrom: await migratedPgliteDump() };

/** Resolves once `check` holds, polling; the test's own timeout bounds it. */
const eventually = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('database pool errors', () => {
  it('an idle connection killed by the server is logged and replaced, never an uncaught error', async () => {
    testDb = await createTestDatabaseUrl({ migrated: true });
    const errors: Error[] = [];
    database = await openDatabase({
      ...(await whereFrom(testDb)),
      onPoolError: (error) => errors.push(error),
    });
    const { pool } = database;
    if (!testDb.url || !pool) {
      // PGlite runs in this process: there is no pool and no connection to lose.
      expect(database.kind).toBe('pglite');
      expect(pool).toBeUndefined();
      return;
    }
    // An idle connection in the pool, then the server ends it.
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    client.release();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
    } finally {
      await admin.end();
    }
    await eventually(() => errors.length > 0);
    expect(errors[0]?.message).toMatch(/terminat/i);
    // The pool opens a fresh connection for the next query.
    const { rows: after } = await pool.query<{ one: number }>('select 1 as one');
    expect(after).toEqual([{ one: 1 }]);
  });

  it('a request that cannot get a connection in time fails with serverBusy instead of waiting forever', async () => {
    const own = await createTestDatabaseUrl({ migrated: true });
    const small = await openDatabase({
      ...(await whereFrom(own)),
      poolSize: 3,
      poolWaitMs: 5_000,
    });
    try {
      if (!own.url || !small.pool) {
        expect(small.kind).toBe('pglite');
        return;
      }
      // Every connection is held (a transaction, and two other clients) while the transaction asks the pool for one
      // more: the pattern that drained a fleet bench's pool for good. The wait gives up, the transaction rolls back,
      // and the pool serves again.
      const others = [await small.pool.connect(), await small.pool.connect()];
      const held = small.db.transaction(async () => {
        await small.pool?.query('select 1');
      });
      await held.catch(() => undefined);
      for (const other of others) other.release();
      await expect(held).rejects.toThrow('timeout exceeded when trying to connect');
      const failure = await held.catch((err: unknown) => err);
      expect(toAppError(failure).code).toBe('serverBusy');
      expect(statusOf('serverBusy')).toBe(503);
      const { rows } = await small.pool.query<{ one: number }>('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await small.close();
      await own.drop();
    }
  });
});
