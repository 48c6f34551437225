import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { migrationsDigest } from './migrationsDigest';

export type TestDatabase = {
  /** URL of a fresh, empty PostgreSQL database; undefined when DATABASE_URL is not set (use in-memory PGlite). */
  url: string | undefined;
  /** Drops the database (terminating its connections). No-op for PGlite. */
  drop: () => Promise<void>;
};

const withAdminClient = async <T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/**
 * When env DATABASE_URL is set: creates a fresh database `aisle_t_<random>` on that server and returns its URL
 * (the same URL with the database name replaced); empty, or with every migration applied when `migrated`.
 * Otherwise returns `{ url: undefined }`.
 *
 *   const db = await createTestDatabaseUrl();
 *   const app = await buildApp({ databaseUrl: db.url, ... });
 *   afterAll(async () => { await app.close(); await db.drop(); });
 */
const databaseUrlOf = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * The name of a database on the DATABASE_URL server with every migration applied, made once per migrations digest
 * (built under another name and renamed when complete, so a parallel worker never copies half of it). Copying it
 * (CREATE DATABASE … TEMPLATE) is cheaper than migrating each test file's database.
 */
export const migratedTemplate = async (adminUrl: string): Promise<string> => {
  const name = `aisle_template_${migrationsDigest()}`;
  const exists = await withAdminClient(
    adminUrl,
    async (client) =>
      (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
  );
  if (exists) return name;
  const building = `${name}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${building}"`));
  const database = await openDatabase({ databaseUrl: databaseUrlOf(adminUrl, building) });
  await database.close();
  await withAdminClient(adminUrl, async (client) => {
    try {
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } catch {
      // Another worker finished first: its copy is the template.
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    }
  });
  return name;
};

let copyStrategy: Promise<string> | undefined;

/**
 * How CREATE DATABASE copies the template. PostgreSQL 15's default (WAL_LOG) writes every page of the template to
 * the write-ahead log; FILE_COPY copies the files and forces two checkpoints, which is about three times cheaper
 * when the server does not flush to disk (CI's throwaway server runs with fsync off) and twice as dear when it
 * does (a developer's server). Older servers know only the file copy (no STRATEGY clause).
 */
const templateCopyStrategy = (adminUrl: string): Promise<string> => {
  copyStrategy ??= withAdminClient(adminUrl, async (client) => {
    const settings = await client.query<{ name: string; setting: string }>(
      "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'server_version_num')",
    );
    const value = (name: string) => settings.rows.find((row) => row.name === name)?.setting;
    return Number(value('server_version_num')) >= 150000 && value('fsync') === 'off'
      ? ' STRATEGY FILE_COPY'
      : '';
  });
  return copyStrategy;
};

export const createTestDatabaseUrl = async (opts: { migrated?: boolean } = {}): Promise<TestDatabase> => {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };

  const name = `aisle_t_${randomBytes(6).toString('hex')}`;
  const template = opts.migrated
    ? ` TEMPLATE "${await migratedTemplate(adminUrl)}"${await templateCopyStrategy(adminUrl)}`
    : '';
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"${template}`));
  const url = databaseUrlOf(adminUrl, name);

  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await withAdminClient(adminUrl, async (client) => {
      await client.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  };
  return { url, drop };
};
