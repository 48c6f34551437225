// npm run test:fuzz [-- <vitest args>]: the input fuzzer with a larger budget than npm test's
// (FUZZ_RUNS cases per route, default 60; FUZZ_SEED to try another seed). With DATABASE_URL set it runs on
// PostgreSQL, as npm run test:pg does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './buildIfStale.mjs';

const env = { ...process.env, FUZZ_RUNS: process.env.FUZZ_RUNS ?? '60' };
console.log(`[test:fuzz] ${env.FUZZ_RUNS} cases per route, seed ${env.FUZZ_SEED ?? 'fixed'}`);
const child = spawn(
  join(repoRoot, 'node_modules', '.bin', 'vitest'),
  ['run', '--project', 'server', 'test/server/fuzz/routes.fuzz.test.ts', ...process.argv.slice(2)],
  { cwd: repoRoot, stdio: 'inherit', env },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
