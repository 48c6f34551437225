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

/**
 * A Blob of bytes already in memory that hands them over as they are: PGlite reads the dump with arrayBuffer(),
 * which for a plain Blob streams and concatenates 45 MB in small chunks on every open (a fifth of opening a test
 * database). PGlite only reads the buffer, so every open may share it.
 */
class ReadBlob extends Blob {
  readonly #bytes: ArrayBuffer;

  constructor(bytes: Buffer) {
    super([]);
    this.#bytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  override get size(): number {
    return this.#bytes.byteLength;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes);
  }
}

let loaded: Blob | undefined;
const sharedBuffers = '32MB';

/**
 * An in-memory PGlite data directory with every migration applied, dumped once and kept in `.tmp/` under the
 * migrations' digest. Opening a test database from it skips PGlite's initdb and the migrations (seconds each,
 * for every test file). The first caller writes it (to a temporary name, then renamed, so a parallel worker never
 * reads half a file); the server project's global set-up makes it before any worker starts.
 */
export const migratedPgliteDump = async (): Promise<Blob> => {
  if (loaded) return loaded;
  const file = join(cacheDir, `${migrationsDigest()}-${sharedBuffers}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite({ extensions: pgliteExtensions });
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsDir });
      // A test database holds a few megabytes: PostgreSQL's default 128 MB of shared buffers only made each open
      // set up memory it never used (about a fifth of an open's time).
      await client.exec(`ALTER SYSTEM SET shared_buffers = '${sharedBuffers}'`);
      const dump = await client.dumpDataDir('none');
      mkdirSync(cacheDir, { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await client.close();
    }
  }
  loaded = new ReadBlob(readFileSync(file));
  return loaded;
};
