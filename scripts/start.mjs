// npm start: build the web app if stale, then run the server (tsx server/main.ts) in the foreground.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale, repoRoot } from './buildIfStale.mjs';

if (!buildIfStale()) process.exit(1);

const child = spawn(join(repoRoot, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: process.env,
});

const forward = (signal) => () => {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward(signal));

child.on('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Re-raise the same signal so our parent sees how the server ended.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 1);
});
