import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { loadSchema } from '../../server/db/schema';
import { generateLargeData } from '../../server/demo/largeData';
import {
  type BenchDatabase,
  benchDataDir,
  databaseUrl,
  dropDatabase,
  ensureDatabase,
  openPgliteBench,
  openPostgresBench,
} from '../support/benchDatabases';

/** The data set of issue 4's browser benchmarks. */
export const shape = { products: 20_000, locations: 10_000, stock: 100_000 } as const;
// Bump when the generator or the shape changes, so a kept data set is made again.
const version = 'v1';
const accountName = `Bench browser ${version}`;
const baseName = `aisle_bench_browser_${version}`;
const runName = 'aisle_bench_browser_run';

export interface ServerData {
  readonly bench: BenchDatabase;
  readonly accountId: string;
  readonly userId: string;
  /** Text in the process titles of the run database's PostgreSQL backends (none on PGlite: in process). */
  readonly pgMarker: string | undefined;
  /** Closes the run's copy and deletes it (the kept data set stays). */
  dispose(): Promise<void>;
}

type Log = (line: string) => void;

/** The account of the kept data set when it is complete, else null. */
const findComplete = async (bench: BenchDatabase): Promise<{ accountId: string; userId: string } | null> => {
  const [row] = await bench.raw.query(
    `select a.id as account_id,
            (select count(*) from stock s where s.client_account_id = a.id)::int as stock,
            (select count(*) from product p where p.client_account_id = a.id)::int as products,
            (select id from "user" u where u.client_account_id = a.id order by created_at limit 1) as user_id
       from client_account a where a.name = $1`,
    [accountName],
  );
  if (!row || Number(row.stock) !== shape.stock || Number(row.products) !== shape.products || !row.user_id)
    return null;
  return { accountId: String(row.account_id), userId: String(row.user_id) };
};

/** Makes the data set in `bench` unless a complete one is there. */
const ensureData = async (bench: BenchDatabase, log: Log): Promise<void> => {
  if (await findComplete(bench)) {
    log(`  using the kept data set "${accountName}"`);
    return;
  }
  log(
    `  generating "${accountName}" (kept for later runs): ${shape.products.toLocaleString('en')} products, ` +
      `${shape.locations.toLocaleString('en')} bins, ${shape.stock.toLocaleString('en')} stock rows`,
  );
  await generateLargeData(bench.database.db, await loadSchema(), {
    accountName,
    ...shape,
    replace: true,
    username: `bench-browser-${bench.kind}-${version}`,
    log: (line) => {
      if (!line.startsWith('stock rows') || line.includes(`${shape.stock.toLocaleString('en')} /`))
        log(`    ${line}`);
    },
  });
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

const opened = async (
  bench: BenchDatabase,
  pgMarker: string | undefined,
  dispose: () => Promise<void>,
): Promise<ServerData> => {
  const found = await findComplete(bench);
  if (!found) throw new Error('the copy of the data set is incomplete');
  return { bench, ...found, pgMarker, dispose };
};

/**
 * PostgreSQL: the data set is kept in its own database and every run works on a fresh copy of it (CREATE
 * DATABASE … TEMPLATE), so what one run pushed never reaches the next run's feed.
 */
export const openPostgresData = async (adminUrl: string, log: Log): Promise<ServerData> => {
  const base = await openPostgresBench(await ensureDatabase(adminUrl, baseName));
  try {
    await ensureData(base, log);
  } finally {
    await base.close();
  }
  await dropDatabase(adminUrl, runName);
  await withAdmin(adminUrl, (client) => client.query(`create database "${runName}" template "${baseName}"`));
  const bench = await openPostgresBench(databaseUrl(adminUrl, runName));
  return opened(bench, ` ${runName} `, async () => {
    await bench.close();
    await dropDatabase(adminUrl, runName);
  });
};

/** PGlite: the same with directories (BENCH_DATA_DIR), the copy made while no one has the data set open. */
export const openPgliteData = async (log: Log): Promise<ServerData> => {
  const baseDir = join(benchDataDir(), `pglite-browser-${version}`);
  const runDir = join(benchDataDir(), 'pglite-browser-run');
  const base = await openPgliteBench(baseDir);
  try {
    await ensureData(base, log);
  } finally {
    await base.close();
  }
  if (existsSync(runDir)) rmSync(runDir, { recursive: true, force: true });
  cpSync(baseDir, runDir, { recursive: true });
  const bench = await openPgliteBench(runDir);
  return opened(bench, undefined, async () => {
    await bench.close();
    rmSync(runDir, { recursive: true, force: true });
  });
};
