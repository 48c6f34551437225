// npm run test:busy [-- <vitest args>]: the vitest suite (both projects) while one process per core spins, so
// every core is busy for the whole run. A test that passes only on an idle machine fails here.
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './buildIfStale.mjs';

const cores = availableParallelism();
const burners = Array.from({ length: cores }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopBurners = () => {
  for (const b of burners) if (b.exitCode === null && b.signalCode === null) b.kill('SIGKILL');
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopBurners);
process.on('exit', stopBurners);

const started = Date.now();
console.log(
  `[test:busy] ${cores} core(s), ${burners.length} spinning process(es); load ${loadavg()[0].toFixed(1)}`,
);
const code = await new Promise((resolve) => {
  const child = spawn(join(repoRoot, 'node_modules', '.bin', 'vitest'), ['run', ...process.argv.slice(2)], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`[test:busy] could not run vitest: ${error.message}`);
    resolve(1);
  });
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
stopBurners();
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`[test:busy] vitest ${code === 0 ? 'passed' : 'FAILED'} in ${minutes} min with every core busy`);
process.exit(code);
