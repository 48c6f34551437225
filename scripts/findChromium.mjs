// Finds a Chromium for the browser tests: CHROMIUM_PATH, Debian's chromium, or Playwright's own download.
// Installs one when none is found (apt-get as root, else `npx playwright install chromium`).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const systemCandidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

const playwrightChromium = () => {
  try {
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
};

const locate = () => {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    console.warn(`[chromium] CHROMIUM_PATH=${fromEnv} does not exist; looking elsewhere.`);
  }
  return systemCandidates.find((path) => existsSync(path)) ?? playwrightChromium();
};

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Returns the path of a Chromium executable, installing one if needed. Throws when none can be had. */
export const findChromium = () => {
  const found = locate();
  if (found) return found;

  if (hasCommand('apt-get') && isRoot()) {
    console.log('Installing Debian chromium for the browser tests…');
    execFileSync(
      'sh',
      ['-c', 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium'],
      {
        stdio: 'inherit',
      },
    );
  } else {
    console.log(
      'No Chromium found: running `npx playwright install chromium` (downloads Playwright’s Chromium)…',
    );
    execFileSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  }

  const installed = locate();
  if (!installed) {
    throw new Error(
      'No Chromium found after installing. Set CHROMIUM_PATH to a Chromium/Chrome executable and run again.',
    );
  }
  return installed;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(findChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
