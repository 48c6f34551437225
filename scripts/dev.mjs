// npm run dev: API server (tsx watch, port API_PORT=3001) and vite dev server (proxying /api and /dataHub) together.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './buildIfStale.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);

const children = [];
let stopping = false;

const stopAll = (signal = 'SIGTERM') => {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
};

const run = (label, command, args, env) => {
  const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('error', (error) => {
    console.error(`[dev] ${label} failed to start: ${error.message}`);
    stopAll();
    process.exitCode = 1;
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${label} exited (${signal ?? code}); stopping the other process.`);
      process.exitCode = code || 1;
      stopAll();
    }
  });
  children.push(child);
  return child;
};

console.log(
  `[dev] API server on http://127.0.0.1:${apiPort} (tsx watch), web app via vite (proxy /api, /dataHub).`,
);
run('api', bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
  PORT: apiPort,
  API_PORT: apiPort,
});
run('vite', bin('vite'), [], { API_PORT: apiPort });

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(signal));
}
