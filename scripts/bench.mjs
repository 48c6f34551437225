// npm run bench: runs every bench/*.bench.ts with tsx, one after the other, and prints their output.
// The PostgreSQL half of a benchmark uses DATABASE_URL; without it, a private PostgreSQL is started here when
// initdb and pg_ctl are installed (its data kept in BENCH_DATA_DIR, default <tmp>/aisle-bench, so generated
// data sets survive between runs) and stopped at the end; otherwise the benchmarks say why they skip it.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { repoRoot } from './buildIfStale.mjs';

const benchDir = join(repoRoot, 'bench');
// BENCH_ONLY (a comma list of database kinds and bench names, bench/support/benchDatabases.ts): the benches it
// names run, every bench when it names none — decided here, so a bench that does not read BENCH_ONLY itself is
// not run for nothing.
const named = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter((s) => s && s !== 'pglite' && s !== 'postgres');
const files = existsSync(benchDir)
  ? readdirSync(benchDir)
      .filter((name) => name.endsWith('.bench.ts'))
      .filter((name) => named.length === 0 || named.includes(name.slice(0, -'.bench.ts'.length).toLowerCase()))
      .sort()
  : [];

if (files.length === 0) {
  console.log(named.length ? `no benchmark is named ${named.join(', ')} (BENCH_ONLY)` : 'no benchmarks yet');
  process.exit(0);
}

/** A directory holding both initdb and pg_ctl, as .ci/run looks for them. */
const findPgBin = () => {
  const candidates = ['/usr/local/bin'];
  const versions = '/usr/lib/postgresql';
  if (existsSync(versions))
    for (const v of readdirSync(versions).sort().reverse()) candidates.push(join(versions, v, 'bin'));
  candidates.push(...(process.env.PATH ?? '').split(delimiter).filter(Boolean));
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const userId = (name) => {
  const found = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  return found.status === 0 ? Number(found.stdout.trim()) : undefined;
};
const groupId = (name) => {
  const found = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  return found.status === 0 ? Number(found.stdout.trim()) : undefined;
};

/** Runs a PostgreSQL binary; as root through `su postgres` (the server refuses to run as root). */
const pgRun = (bin, args) => {
  if (!isRoot) return spawnSync(bin, args, { encoding: 'utf8' });
  const quoted = [bin, ...args].map((a) => `'${String(a).replace(/'/g, `'\\''`)}'`).join(' ');
  return spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { encoding: 'utf8' });
};

/** Starts a private PostgreSQL; returns its URL and a stop function, or the reason it could not. */
const startPrivatePostgres = async () => {
  const bin = findPgBin();
  if (!bin)
    return { skipped: 'DATABASE_URL is not set and no initdb/pg_ctl were found (install PostgreSQL)' };
  if (isRoot && userId('postgres') === undefined)
    return {
      skipped: 'DATABASE_URL is not set and there is no postgres user to run a private server as root',
    };
  const base = join(process.env.BENCH_DATA_DIR ?? join(tmpdir(), 'aisle-bench'), 'postgres');
  const data = join(base, 'data');
  mkdirSync(base, { recursive: true });
  if (isRoot) {
    chownSync(base, userId('postgres'), groupId('postgres'));
    chmodSync(base, 0o700);
  }
  if (!existsSync(join(data, 'PG_VERSION'))) {
    rmSync(data, { recursive: true, force: true });
    const init = pgRun(join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    if (init.status !== 0)
      return { skipped: `initdb failed: ${(init.stderr || init.stdout).trim().slice(0, 500)}` };
  }
  // A server left running by an interrupted run holds the directory: stop it first.
  if (pgRun(join(bin, 'pg_ctl'), ['-D', data, 'status']).status === 0)
    pgRun(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  const port = await freePort();
  const options = `-h 127.0.0.1 -p ${port} -k ${base} -c max_connections=200 -c shared_buffers=256MB`;
  const started = pgRun(join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-o',
    options,
    '-l',
    join(base, 'server.log'),
    '-w',
    'start',
  ]);
  if (started.status !== 0)
    return { skipped: `pg_ctl start failed: ${(started.stderr || started.stdout).trim().slice(0, 500)}` };
  console.log(`private PostgreSQL (${bin}) on 127.0.0.1:${port}, data in ${data}`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => pgRun(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
  };
};

const env = { ...process.env };
let stopPostgres;
if (!env.DATABASE_URL) {
  const server = await startPrivatePostgres();
  if (server.url) {
    env.DATABASE_URL = server.url;
    stopPostgres = server.stop;
  } else {
    env.BENCH_PG_SKIPPED = server.skipped;
    console.log(`PostgreSQL half skipped: ${server.skipped}`);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopPostgres?.();
    process.exit(130);
  });

const failed = [];
const allStarted = Date.now();
try {
  for (const file of files) {
    console.log(`\n=== bench/${file} ===`);
    const started = Date.now();
    const result = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsx'), [join('bench', file)], {
      cwd: repoRoot,
      stdio: 'inherit',
      env,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (result.status !== 0) failed.push(file);
    console.log(
      `=== bench/${file}: ${result.status === 0 ? 'done' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s ===`,
    );
  }
} finally {
  stopPostgres?.();
}
const total = ((Date.now() - allStarted) / 1000).toFixed(0);
if (failed.length) {
  console.error(`\n${failed.length} of ${files.length} benchmarks failed: ${failed.join(', ')} (${total} s)`);
  process.exit(1);
}
console.log(`\n${files.length} benchmark${files.length === 1 ? '' : 's'} done in ${total} s.`);
