import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { AppContext } from '../../../server/context';
import { anAccount, aProduct } from '../../support/builders';
import { createTestDatabaseUrl } from '../../support/pgDatabase';
import { testConfig } from '../../support/testApp';

/**
 * `npm run backup` / `npm run restore` round trip, run as a person runs them (the CLI in its own process): data
 * written before the backup comes back after the restore, data written after it is gone, and the server opens
 * the restored database. PGlite (a DATA_DIR on disk) in the server project; PostgreSQL (pg_dump / pg_restore)
 * when DATABASE_URL is set (npm run test:pg).
 */
const run = promisify(execFile);
/** Four database opens and two CLI processes per test: minutes on a loaded machine, nothing here is timed. */
const slow = 600_000;
const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const cli = (args: readonly string[], env: Record<string, string | undefined>) =>
  run(tsx, ['server/ops/backupCli.ts', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
  });

const work = mkdtempSync(join(tmpdir(), 'aisle-backup-'));
const database = await createTestDatabaseUrl();
const onPostgres = database.url !== undefined;
/** Where the data lives, as the CLI and the server read it from the environment. */
const env = onPostgres ? { DATABASE_URL: database.url } : { DATA_DIR: join(work, 'data') };

const open = () =>
  buildApp({
    config: { ...testConfig, databaseUrl: database.url, dataDir: onPostgres ? undefined : env.DATA_DIR },
  });

const productNames = async (ctx: AppContext, accountId: string): Promise<string[]> => {
  const table = ctx.schema.resourceTables.product;
  if (!table) throw new Error('no product table');
  const rows = await ctx.db
    .select()
    .from(table)
    .where(
      eq((table as unknown as { clientAccountId: Parameters<typeof eq>[0] }).clientAccountId, accountId),
    );
  return rows.map((r) => String((r as { name?: unknown }).name)).sort();
};

afterAll(async () => {
  await database.drop();
  rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(
    'brings back the data of the backup and drops what came after it',
    async () => {
      const before = await open();
      const accountId = await anAccount(before.ctx);
      await aProduct(before.ctx, accountId, { name: 'Kept pallet' });
      await before.close();

      const file = join(work, onPostgres ? 'aisle.dump' : 'aisle.tar.gz');
      const saved = await cli(['backup', file], env);
      expect(saved.stdout).toContain(`Backup written: ${file}`);
      expect(statSync(file).size).toBeGreaterThan(0);

      const after = await open();
      await aProduct(after.ctx, accountId, { name: 'Written after the backup' });
      expect(await productNames(after.ctx, accountId)).toEqual(['Kept pallet', 'Written after the backup']);
      await after.close();

      const restored = await cli(['restore', file], env);
      expect(restored.stdout).toContain('Restored.');

      const again = await open();
      try {
        expect(await productNames(again.ctx, accountId)).toEqual(['Kept pallet']);
      } finally {
        await again.close();
      }
      // PGlite: the database that was replaced is kept aside, not deleted.
      if (!onPostgres)
        expect(
          readdirSync(join(work, 'data')).some((name) => name.startsWith('pglite.before-restore-')),
        ).toBe(true);
    },
    slow,
  );

  it(
    'refuses a missing backup file, a missing database and an open PGlite with a clear message',
    async () => {
      await expect(cli(['restore', join(work, 'no-such-file')], env)).rejects.toMatchObject({
        stderr: expect.stringContaining('no backup file'),
      });
      if (!onPostgres) {
        const empty = join(work, 'empty');
        await expect(cli(['backup', join(work, 'x.tar.gz')], { DATA_DIR: empty })).rejects.toMatchObject({
          stderr: expect.stringContaining('no PGlite database'),
        });
        expect(existsSync(join(work, 'x.tar.gz'))).toBe(false);
        // A running server's PGlite files are not copied while it writes them.
        const running = await open();
        try {
          await expect(cli(['backup', join(work, 'y.tar.gz')], env)).rejects.toMatchObject({
            stderr: expect.stringContaining('stop the server first'),
          });
        } finally {
          await running.close();
        }
      }
    },
    slow,
  );
});
