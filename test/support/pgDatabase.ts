import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
 * (the same URL with the database name replaced). Otherwise returns `{ url: undefined }`.
 *
 *   const db = await createTestDatabaseUrl();
 *   const app = await buildApp({ databaseUrl: db.url, ... });
 *   afterAll(async () => { await app.close(); await db.drop(); });
 */
export const createTestDatabaseUrl = async (): Promise<TestDatabase> => {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { url: undefined, drop: async () => {} };

  const name = `aisle_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

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
  return { url: url.toString(), drop };
};
