// npm run e2e [-- <playwright args>]: build the web app if stale, find Chromium, run `playwright test`.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale, repoRoot } from './buildIfStale.mjs';
import { findChromium } from './findChromium.mjs';

const hasSpecs = (dir) =>
  existsSync(dir) &&
  readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? entry.name !== 'node_modules' && hasSpecs(join(dir, entry.name))
      : entry.name.endsWith('.spec.ts'),
  );

const main = async () => {
  if (!hasSpecs(join(repoRoot, 'e2e'))) {
    console.log('[e2e] No e2e/**/*.spec.ts files yet: nothing to run.');
    return 0;
  }
  // No brotli copies: no browser test reads them, and brotli at its best setting was most of the build's time.
  if (!buildIfStale(repoRoot, { precompress: 'gzip' })) return 1;

  let chromium;
  try {
    chromium = findChromium();
  } catch (error) {
    console.error(`[e2e] ${error instanceof Error ? error.message : error}`);
    return 1;
  }
  console.log(`[e2e] Chromium: ${chromium}`);

  const args = ['test', ...process.argv.slice(2)];
  const child = spawn(join(repoRoot, 'node_modules', '.bin', 'playwright'), args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => child.exitCode === null && child.kill(signal));
  }
  return await new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`[e2e] could not run playwright: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
};

process.exit(await main());
