// npm run test:pg [-- <vitest args>]: the server test project against PostgreSQL (DATABASE_URL).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './buildIfStale.mjs';

if (!process.env.DATABASE_URL) {
  console.error(
    [
      'npm run test:pg needs a PostgreSQL server: set DATABASE_URL to a role that may CREATE DATABASE, e.g.',
      '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:pg',
      'Each test file creates (and drops) its own database aisle_t_<random> there (test/support/pgDatabase.ts).',
    ].join('\n'),
  );
  process.exit(2);
}

const safeUrl = (() => {
  try {
    const url = new URL(process.env.DATABASE_URL);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparsable URL)';
  }
})();
console.log(`[test:pg] vitest --project server against ${safeUrl}`);

const child = spawn(
  join(repoRoot, 'node_modules', '.bin', 'vitest'),
  ['run', '--project', 'server', ...process.argv.slice(2)],
  { cwd: repoRoot, stdio: 'inherit', env: process.env },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.exitCode === null && child.kill(signal));
}
child.on('error', (error) => {
  console.error(`[test:pg] could not run vitest: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
