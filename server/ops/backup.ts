import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../db/pgliteExtensions';

/** Where the data is: PostgreSQL when a URL is given, else PGlite in dataDir/pglite (as the server opens it). */
export interface DataLocation {
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
}

const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

/**
 * PGlite writes postmaster.pid while a process has the database open and removes it on close: refuse to copy
 * or replace files another process is writing.
 */
const assertClosed = (dir: string): void => {
  if (existsSync(join(dir, 'postmaster.pid')))
    throw new Error(
      `the PGlite database in ${dir} is open (postmaster.pid): stop the server first (after a crash, start and stop it once)`,
    );
};

/**
 * Runs PGlite work with the process kept alive: its gzip stream holds no handle of its own, so a CLI awaiting it
 * would otherwise see Node exit (code 0) in the middle of the dump.
 */
const keepingAlive = async <T>(work: () => Promise<T>): Promise<T> => {
  const alive = setInterval(() => undefined, 60_000);
  try {
    return await work();
  } finally {
    clearInterval(alive);
  }
};

const stamp = (now = new Date()) =>
  now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

/** The default file of a new backup: backups/aisle-<UTC time>.<dump | tar.gz> under the current directory. */
export const defaultBackupFile = (where: DataLocation, now = new Date()): string =>
  resolve('backups', `aisle-${stamp(now)}.${where.databaseUrl ? 'dump' : 'tar.gz'}`);

/** Runs a PostgreSQL client tool, failing with its own message. */
const run = (command: string, args: readonly string[]): Promise<void> =>
  new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) => fail(new Error(`${command} could not be started: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} failed (exit ${code}): ${errors.trim()}`)),
    );
  });

/**
 * A consistent copy of the whole database in one file. PostgreSQL: `pg_dump --format=custom` (taken while the
 * servers run: one snapshot). PGlite: its data directory as a gzipped tar written by PGlite itself — the server
 * must be stopped first, PGlite's files are one process's.
 */
export const backup = async (where: DataLocation, file: string): Promise<string> => {
  mkdirSync(dirname(file), { recursive: true });
  if (where.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', where.databaseUrl]);
    return file;
  }
  const dir = pgliteDir(where.dataDir);
  if (!existsSync(dir) || readdirSync(dir).length === 0) throw new Error(`no PGlite database in ${dir}`);
  assertClosed(dir);
  await keepingAlive(async () => {
    const db = new PGlite(dir, { extensions: pgliteExtensions });
    try {
      // dumpDataDir does not wait for the database to be ready: without a first query it never settles.
      await db.query('select 1');
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  });
  return file;
};

/**
 * Puts a backup back. PostgreSQL: `pg_restore --clean --if-exists` into the database of the URL, in one
 * transaction (all or nothing); stop the servers first. PGlite: the current data directory is kept aside as
 * pglite.before-restore-<time> and the backup's becomes the database. Either way the server migrates a backup of
 * an older version on its next start.
 */
export const restore = async (where: DataLocation, file: string, now = new Date()): Promise<void> => {
  if (!existsSync(file)) throw new Error(`no backup file ${file}`);
  if (where.databaseUrl) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      where.databaseUrl,
      file,
    ]);
    return;
  }
  const dir = pgliteDir(where.dataDir);
  if (existsSync(dir)) assertClosed(dir);
  if (existsSync(dir) && readdirSync(dir).length > 0) renameSync(dir, `${dir}.before-restore-${stamp(now)}`);
  mkdirSync(dir, { recursive: true });
  const data = new Blob([await readFile(file)]);
  await keepingAlive(async () => {
    const db = new PGlite(dir, { loadDataDir: data, extensions: pgliteExtensions });
    try {
      await db.query('select 1');
    } finally {
      await db.close();
    }
  });
};
