// npm run bench: runs every bench/*.bench.ts with tsx, one after the other, and prints their output.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './buildIfStale.mjs';

const benchDir = join(repoRoot, 'bench');
const files = existsSync(benchDir)
  ? readdirSync(benchDir)
      .filter((name) => name.endsWith('.bench.ts'))
      .sort()
  : [];

if (files.length === 0) {
  console.log('no benchmarks yet');
  process.exit(0);
}

const failed = [];
for (const file of files) {
  console.log(`\n=== bench/${file} ===`);
  const started = Date.now();
  const result = spawnSync(join(repoRoot, 'node_modules', '.bin', 'tsx'), [join('bench', file)], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) failed.push(file);
  console.log(
    `=== bench/${file}: ${result.status === 0 ? 'done' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds} s ===`,
  );
}
if (failed.length) {
  console.error(`\n${failed.length} of ${files.length} benchmarks failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\n${files.length} benchmark${files.length === 1 ? '' : 's'} done.`);
