import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../../server/db/client';
import { pgliteExtensions } from '../../server/db/pgliteExtensions';

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');

/** Runs SQL text straight on the driver (no ORM, no HTTP): the "raw SQL" side of every comparison. */
export interface RawSql {
  query(text: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  /** One transaction on one connection; the callback's queries run inside it. */
  transaction<T>(work: (q: RawSql['query']) => Promise<T>): Promise<T>;
}

export interface BenchDatabase {
  readonly kind: 'pglite' | 'postgres';
  /** What the app is built on (buildApp({ database })). */
  readonly database: Database;
  readonly raw: RawSql;
  close(): Promise<void>;
}

/** Where cached benchmark data lives between runs (BENCH_DATA_DIR, default <tmp>/aisle-bench). */
export const benchDataDir = (): string => {
  const dir = process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'aisle-bench');
  mkdirSync(dir, { recursive: true });
  return dir;
};

/** PGlite in memory (no dir) or in a directory, migrated like the server's, with its raw client beside. */
export const openPgliteBench = async (dir?: string): Promise<BenchDatabase> => {
  if (dir) mkdirSync(dir, { recursive: true });
  // In memory, the options are the only argument: new PGlite(undefined, options) drops them.
  const client = dir
    ? new PGlite(dir, { extensions: pgliteExtensions })
    : new PGlite({ extensions: pgliteExtensions });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder });
  const query: RawSql['query'] = async (text, params = []) =>
    (await client.query<Record<string, unknown>>(text, [...params])).rows;
  const database: Database = {
    db: db as unknown as Db,
    kind: 'pglite',
    pool: undefined,
    close: () => client.close(),
  };
  return {
    kind: 'pglite',
    database,
    raw: {
      query,
      transaction: (work) =>
        client.transaction((tx) =>
          work(
            async (text, params = []) => (await tx.query<Record<string, unknown>>(text, [...params])).rows,
          ),
        ),
    },
    close: () => client.close(),
  };
};

/** The app's pool size (server/db/client.ts); the raw side gets a pool of the same size. */
export const poolSize = (): number => Number(process.env.DB_POOL_SIZE ?? 20);

/** A database on PostgreSQL for the app (its own pool) and a second pool of the same size for raw SQL. */
export const openPostgresBench = async (url: string): Promise<BenchDatabase> => {
  const database = await openDatabase({ databaseUrl: url });
  const pool = new pg.Pool({ connectionString: url, max: poolSize() });
  // Idle connections ended by the server (the bench drops its databases WITH (FORCE)) are no error here.
  const ignore = () => undefined;
  pool.on('error', ignore);
  database.pool?.on('error', ignore);
  const query: RawSql['query'] = async (text, params = []) => (await pool.query(text, [...params])).rows;
  return {
    kind: 'postgres',
    database,
    raw: {
      query,
      transaction: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await work(
            async (text, params = []) => (await client.query(text, [...params])).rows,
          );
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
    },
    close: async () => {
      await pool.end();
      await database.close();
    },
  };
};

const withAdmin = async <T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** The URL of database `name` on the server of `adminUrl`. */
export const databaseUrl = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Creates database `name` unless it exists; returns its URL. */
export const ensureDatabase = async (adminUrl: string, name: string): Promise<string> => {
  await withAdmin(adminUrl, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name}"`);
  });
  return databaseUrl(adminUrl, name);
};

export const dropDatabase = async (adminUrl: string, name: string): Promise<void> => {
  await withAdmin(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
};

/**
 * The PostgreSQL server of the benchmark: DATABASE_URL (npm run bench sets it to a private server it starts
 * when none is given and initdb/pg_ctl exist). Undefined with the reason when there is none.
 */
export const postgresAdminUrl = (): { url: string } | { skipped: string } => {
  const url = process.env.DATABASE_URL;
  if (url) return { url };
  return {
    skipped:
      process.env.BENCH_PG_SKIPPED ??
      'DATABASE_URL is not set (npm run bench starts a private PostgreSQL when initdb and pg_ctl are installed)',
  };
};

/** Percentile (0–100) of a sample, nearest rank. */
export const percentile = (values: readonly number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
};

/** One question a bench asks many times through the API and on the driver. */
export interface QueryScenario {
  readonly name: string;
  /** Shown for information, outside the target (e.g. a list as first opened counts every row). */
  readonly info?: boolean;
  /** The query string of sample `i` (the values vary so every sample is a fresh question). */
  readonly query: (i: number) => Record<string, string>;
}

export const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');

const databaseKinds = ['pglite', 'postgres'] as const;

/** BENCH_ONLY, a comma list: database kinds and bench names (the file name without .bench.ts). */
const only = (): string[] =>
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/**
 * BENCH_ONLY=pglite or BENCH_ONLY=postgres runs one half (while working on one); naming only benches
 * (BENCH_ONLY=confirmations) runs both halves of those.
 */
export const runs = (kind: 'pglite' | 'postgres'): boolean => {
  const kinds = only().filter((s) => (databaseKinds as readonly string[]).includes(s));
  return kinds.length === 0 || kinds.includes(kind);
};

/** Whether BENCH_ONLY selects this bench (BENCH_ONLY=confirmations,postgres); no bench named = every bench. */
export const benchSelected = (name: string): boolean => {
  const names = only().filter((s) => !(databaseKinds as readonly string[]).includes(s));
  return names.length === 0 || names.includes(name.toLowerCase());
};

/**
 * A bench's main: its `benchOn` on PostgreSQL (database `postgresName` on DATABASE_URL's server) first, then on
 * PGlite (folder `pgliteFolder` of the bench data dir), each half as BENCH_ONLY selects; a failure exits 1.
 * PostgreSQL goes first: run after the PGlite half in the same process, one inventory scenario's API p95 once
 * came out at 52 ms against 17 ms when run alone.
 */
export const runBench = (
  name: string,
  where: { readonly postgresName: string; readonly pgliteFolder: string },
  benchOn: (bench: BenchDatabase) => Promise<void>,
): void => {
  const main = async () => {
    if (!benchSelected(name)) {
      console.log('skipped: BENCH_ONLY names other benches');
      return;
    }
    if (runs('postgres')) {
      const server = postgresAdminUrl();
      if ('skipped' in server) console.log(`\n[postgres] skipped: ${server.skipped}`);
      else {
        const postgres = await openPostgresBench(await ensureDatabase(server.url, where.postgresName));
        try {
          await benchOn(postgres);
        } finally {
          await postgres.close();
        }
      }
    }
    if (runs('pglite')) {
      const pglite = await openPgliteBench(join(benchDataDir(), where.pgliteFolder));
      try {
        await benchOn(pglite);
      } finally {
        await pglite.close();
      }
    }
  };
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
};

/** Both sides of one comparison, taking turns at going first: whoever asks first reads the question's rows cold. */
export const takingTurns = async <A, B>(
  i: number,
  api: () => Promise<A>,
  raw: () => Promise<B>,
): Promise<[A, B]> => {
  if (i % 2 === 0) {
    const a = await api();
    return [a, await raw()];
  }
  const r = await raw();
  return [await api(), r];
};

/**
 * One scenario's line of an "API next to raw SQL" table: p50 / p95 of both, the p95 ratio and the verdict against
 * an API p95 ceiling and a ratio ceiling.
 */
export const comparisonLine = (
  scenario: { readonly name: string; readonly width: number; readonly rows: number },
  api: readonly number[],
  raw: readonly number[],
  target: { readonly p95Ms: number; readonly ratio: number },
): { ok: boolean; line: string } => {
  const [a50, a95, r50, r95] = [
    percentile(api, 50),
    percentile(api, 95),
    percentile(raw, 50),
    percentile(raw, 95),
  ];
  const ok = a95 <= target.p95Ms && a95 <= target.ratio * r95;
  return {
    ok,
    line:
      `  ${scenario.name.padEnd(scenario.width)} ${scenario.rows.toLocaleString('en').padStart(8)}  ` +
      `${a50.toFixed(1).padStart(6)} / ${a95.toFixed(1).padStart(6)} ms  ${r50.toFixed(1).padStart(6)} / ${r95.toFixed(1).padStart(6)} ms  ` +
      `${(a95 / r95).toFixed(2).padStart(5)}×  ${verdict(ok)}`,
  };
};
