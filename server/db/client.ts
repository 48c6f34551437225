import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { namePreparedStatements } from './preparedStatements';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything that runs queries: the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL pool (for LISTEN/NOTIFY and benchmarks); undefined on PGlite. */
  readonly pool: pg.Pool | undefined;
  close(): Promise<void>;
}

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Advisory lock id so that several server processes starting together migrate one at a time. */
const migrationLock = 7_243_001;

/** Where errors of idle pooled connections are reported (default: one line on stderr). */
export type PoolErrorLogger = (error: Error) => void;

const logPoolError: PoolErrorLogger = (error) => {
  console.error(`database: an idle connection failed and was dropped: ${error.message}`);
};

/** The folder of the migrations, for tools that need to know whether a saved database is current. */
export const migrationsDir = migrationsFolder;

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir/pglite` (in memory without a
 * dataDir), and brings the schema up to date with the same migrations on both.
 * `pgliteFrom`: a data directory dumped by PGlite (`dumpDataDir`) to start an in-memory database from, instead of
 * an empty one. Creating an empty PGlite runs initdb, which costs several seconds; tests open hundreds of
 * throwaway databases from one migrated dump.
 */
export const openDatabase = async (opts: {
  databaseUrl?: string;
  dataDir?: string;
  pgliteFrom?: Blob;
  onPoolError?: PoolErrorLogger;
  /** Connections of the pool (default DB_POOL_SIZE, else 20). */
  poolSize?: number;
  /** How long a statement waits for a free connection before its request fails with serverBusy (ms). */
  poolWaitMs?: number;
}): Promise<Database> => {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? Number(process.env.DB_POOL_SIZE ?? 20),
      // Never wait for a connection forever: a request that cannot get one within this fails (503 serverBusy) and
      // rolls back what it holds, so a pool drained by transactions that each wait for a second connection frees
      // itself instead of hanging every request of the process.
      connectionTimeoutMillis: opts.poolWaitMs ?? Number(process.env.DB_POOL_WAIT_MS ?? 15_000),
    });
    // An idle client whose connection dies (server restart, admin terminate) emits 'error' on the pool; without
    // a listener that is an uncaught exception. The pool drops the client and opens a new one when needed.
    pool.on('error', opts.onPoolError ?? logPoolError);
    // DB_PREPARED_STATEMENTS=off: every statement unnamed, parsed and planned each time (as before).
    if (process.env.DB_PREPARED_STATEMENTS !== 'off') pool.on('connect', namePreparedStatements);
    // pool.end() does not wait for its connections to close; close() does (a database dropped right after
    // would otherwise terminate connections still closing, each an 'error' on the pool).
    const open = new Set<pg.PoolClient>();
    pool.on('connect', (client) => {
      open.add(client);
      client.once('end', () => open.delete(client));
    });
    const close = async () => {
      const closed = Promise.all([...open].map((c) => new Promise((resolve) => c.once('end', resolve))));
      await pool.end();
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    };
    const db = drizzlePg(pool);
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [migrationLock]);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [migrationLock]).catch(() => undefined);
      lockClient.release();
    }
    // The drizzle driver types differ only in their query-result type parameter.
    return { db: db as unknown as Db, kind: 'postgres', pool, close };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  // PGlite (a WebAssembly PostgreSQL, seconds to load) only when it is the database: not on PostgreSQL.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { pgliteExtensions }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
      import('./pgliteExtensions'),
    ]);
  // An in-memory database takes its options as the only argument: new PGlite(undefined, options) drops them.
  const client = dir
    ? new PGlite(dir, { extensions: pgliteExtensions })
    : new PGlite({
        extensions: pgliteExtensions,
        ...(opts.pgliteFrom ? { loadDataDir: opts.pgliteFrom } : {}),
      });
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  await db.execute(sql`select 1`);
  return { db: db as unknown as Db, kind: 'pglite', pool: undefined, close: () => client.close() };
};
