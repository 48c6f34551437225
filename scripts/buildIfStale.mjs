// Builds the web app (vite build → dist/) when dist/index.html is missing or older than any source it depends on,
// or when it was built without the brotli copies and they are wanted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Inputs of the web build: directories are scanned recursively, files are taken as they are. */
const buildInputs = [
  'src',
  'locales',
  'domain',
  'public',
  'sw',
  'sync',
  'index.html',
  'vite.config.ts',
  'scripts/faceAssetsPlugin.ts',
  'scripts/classicChunksPlugin.ts',
  'scripts/mantineIdPlugin.ts',
  'package.json',
];

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
};

/**
 * How the last build here precompressed its files: 'all' (brotli and gzip, what `npm start` and the benchmarks
 * serve) or 'gzip' (the browser tests' cheaper build, see vite.config.ts). Kept out of dist/, which is served.
 */
const precompressFile = (root) => join(root, '.tmp', 'build-precompress');
const builtPrecompress = (root) => {
  const file = precompressFile(root);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : 'all';
};

/**
 * Returns a reason string when a build is needed, or undefined when dist/ is up to date. `precompress: 'gzip'`
 * takes either build; 'all' (the default) wants the brotli copies too.
 */
export const buildStaleReason = (root = repoRoot, { precompress = 'all' } = {}) => {
  const indexFile = join(root, 'dist', 'index.html');
  if (!existsSync(indexFile)) return 'dist/index.html is missing';
  const builtAt = statSync(indexFile).mtimeMs;
  const newestSource = Math.max(...buildInputs.map((input) => newestMtime(join(root, input))));
  if (newestSource > builtAt) return 'sources changed since the last build';
  if (precompress === 'all' && builtPrecompress(root) !== 'all') return 'the last build has no brotli copies';
  return undefined;
};

/**
 * Runs `vite build` if needed. Returns true on success (or nothing to do); prints what it does. `precompress:
 * 'gzip'` builds without the brotli copies (AISLE_PRECOMPRESS=gzip) when a build is needed.
 */
export const buildIfStale = (root = repoRoot, { precompress = 'all' } = {}) => {
  const reason = buildStaleReason(root, { precompress });
  if (!reason) return true;
  if (!existsSync(join(root, 'index.html'))) {
    console.error('[build] index.html is missing at the repository root: cannot build the web app.');
    return false;
  }
  console.log(`[build] Building the web app (vite build) — ${reason}…`);
  const started = Date.now();
  const result = spawnSync(join(root, 'node_modules', '.bin', 'vite'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, AISLE_PRECOMPRESS: precompress },
  });
  if (result.status !== 0) {
    console.error(`[build] vite build failed (exit ${result.status ?? result.signal}).`);
    return false;
  }
  mkdirSync(dirname(precompressFile(root)), { recursive: true });
  writeFileSync(precompressFile(root), `${precompress}\n`);
  console.log(`[build] Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(buildIfStale() ? 0 : 1);
}
