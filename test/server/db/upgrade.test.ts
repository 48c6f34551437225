import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { tokenDataSchema } from '../../../domain/auth/claims';
import { buildApp } from '../../../server/app';
import { hashPassword } from '../../../server/auth/password';
import { openDatabase } from '../../../server/db/client';
import { pgliteExtensions } from '../../../server/db/pgliteExtensions';
import { hangGuardMs } from '../../support/hangGuard';
import { createTestDatabaseUrl } from '../../support/pgDatabase';
import { testConfig } from '../../support/testApp';

/**
 * An upgrade from the first release: a database made by the first migration only, with a company, a user and a
 * product in it, is opened by today's server, which applies every later migration on start. The data is still
 * there and usable through the API (the user signs in, the product is listed). PGlite on disk in the server
 * project, PostgreSQL with DATABASE_URL (npm run test:pg).
 */
const migrations = join(process.cwd(), 'server', 'db', 'migrations');
const work = mkdtempSync(join(tmpdir(), 'aisle-upgrade-'));
const database = await createTestDatabaseUrl();
const onPostgres = database.url !== undefined;
const dataDir = join(work, 'data');

/** A migrations folder holding the first migration only (as the first release shipped it). */
const firstReleaseMigrations = (): string => {
  const folder = join(work, 'migrations-v1');
  mkdirSync(join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(readFileSync(join(migrations, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const [first] = journal.entries;
  if (!first) throw new Error('no migrations');
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: [first] }));
  copyFileSync(join(migrations, `${first.tag}.sql`), join(folder, `${first.tag}.sql`));
  return folder;
};

const firstReleaseData = async (run: (query: ReturnType<typeof sql>) => Promise<unknown>) => {
  const passwordHash = await hashPassword('Secret-pass-1');
  await run(
    sql`insert into client_account (id, name) values ('00000000-0000-4000-8000-000000000001', 'Old Co')`,
  );
  await run(sql`insert into "user" (client_account_id, username, email, password_hash, is_super_user)
    values ('00000000-0000-4000-8000-000000000001', 'old-admin', 'old@example.com', ${passwordHash}, true)`);
  await run(sql`insert into product (client_account_id, index, name)
    values ('00000000-0000-4000-8000-000000000001', 'P-1', 'Pallet from the first release')`);
};

afterAll(async () => {
  await database.drop();
  rmSync(work, { recursive: true, force: true });
});

describe(`upgrade from the first migration (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keeps the data and serves it after every later migration', async () => {
    const folder = firstReleaseMigrations();
    if (database.url) {
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      try {
        const db = drizzlePg(pool);
        await migratePg(db, { migrationsFolder: folder });
        await firstReleaseData((q) => db.execute(q));
      } finally {
        await pool.end();
      }
    } else {
      mkdirSync(join(dataDir, 'pglite'), { recursive: true });
      const client = new PGlite(join(dataDir, 'pglite'), { extensions: pgliteExtensions });
      try {
        const db = drizzlePglite(client);
        await migratePglite(db, { migrationsFolder: folder });
        await firstReleaseData((q) => db.execute(q));
      } finally {
        await client.close();
      }
    }

    // Today's server opens it as it would on start: every later migration is applied.
    const opened = await openDatabase(onPostgres ? { databaseUrl: database.url } : { dataDir });
    const app = await buildApp({
      database: opened,
      config: { ...testConfig, databaseUrl: database.url, dataDir: undefined },
    });
    try {
      const applied = await opened.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(readFileSync(join(migrations, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(journal.entries.length);

      const signIn = await app.inject({
        method: 'POST',
        url: '/api/Auth',
        payload: { username: 'old-admin', password: 'Secret-pass-1' },
      });
      expect(signIn.statusCode).toBe(200);
      const { token } = tokenDataSchema.parse(signIn.json());
      const products = await app.inject({
        method: 'GET',
        url: '/api/Product',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(products.statusCode).toBe(200);
      expect(products.body).toContain('Pallet from the first release');
    } finally {
      await app.close();
      await opened.close();
    }
  }, hangGuardMs);
});
