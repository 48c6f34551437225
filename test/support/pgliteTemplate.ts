import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../server/db/pgliteExtensions';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../../server/db/client';
import { migrationsDigest } from './migrationsDigest';

const cacheDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.tmp', 'pglite-template');

let loaded: Blob | undefined;

/**
 * An in-memory PGlite data directory with every migration applied, dumped once and kept in `.tmp/` under the
 * migrations' digest. Opening a test database from it skips PGlite's initdb and the migrations (seconds each,
 * for every test file). The first caller writes it (to a temporary name, then renamed, so a parallel worker never
 * reads half a file); the server project's global set-up makes it before any worker starts.
 */
export const migratedPgliteDump = async (): Promise<Blob> => {
  if (loaded) return loaded;
  const file = join(cacheDir, `${migrationsDigest()}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite({ extensions: pgliteExtensions });
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsDir });
      const dump = await client.dumpDataDir('none');
      mkdirSync(cacheDir, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await client.close();
    }
  }
  loaded = new Blob([readFileSync(file)]);
  return loaded;
};
