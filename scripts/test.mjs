// npm test: vitest (both projects) then the browser tests (scripts/e2e.mjs). Prints a summary and, as the very
// last line, "N passed, N failed" summed over vitest and Playwright. Exits non-zero if any step fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { repoRoot } from './buildIfStale.mjs';

const tmpDir = join(repoRoot, '.tmp');
mkdirSync(tmpDir, { recursive: true });
const vitestJson = join(tmpDir, 'vitest-results.json');
const playwrightJson = join(tmpDir, 'playwright-results.json');

const run = (command, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
    const forward = (signal) => () => child.exitCode === null && child.kill(signal);
    process.on('SIGINT', forward('SIGINT'));
    process.on('SIGTERM', forward('SIGTERM'));
    child.on('error', (error) => {
      console.error(`[test] could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const readJson = (file) => {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
};

/** vitest's json reporter (jest-compatible). */
const vitestCounts = () => {
  const report = readJson(vitestJson);
  if (!report) return undefined;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
};

/** The first line of a failure message, without terminal colours. */
const firstLine = (message) =>
  stripVTControlCharacters(String(message ?? ''))
    .split('\n')[0]
    .slice(0, 300);

/** Failing vitest tests as "file › title: first line of the message" (the summary is what a CI log shows). */
const vitestFailures = () =>
  (readJson(vitestJson)?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((t) => t.status === 'failed')
      .map(
        (t) =>
          `${file.name.replace(`${repoRoot}/`, '')} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`,
      ),
  );

/** Failing Playwright tests, the same way. */
const playwrightFailures = () => {
  const out = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected')
          out.push(
            `${spec.file} › ${[...path, spec.title].join(' › ')}: ${firstLine(test.results?.at(-1)?.error?.message)}`,
          );
    for (const child of suite.suites ?? []) walk(child, [...path, child.title].filter(Boolean));
  };
  for (const suite of readJson(playwrightJson)?.suites ?? []) walk(suite, []);
  return out;
};

/** Playwright's json reporter: stats.expected / unexpected / flaky / skipped. */
const playwrightCounts = () => {
  const report = readJson(playwrightJson);
  if (!report?.stats) return undefined;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected, skipped };
};

const steps = [];
const step = async (name, command, args, env, counts) => {
  console.log(`\n━━━ ${name} ━━━`);
  const started = Date.now();
  const code = await run(command, args, env);
  const seconds = (Date.now() - started) / 1000;
  const result = counts() ?? { passed: 0, failed: 0, skipped: 0 };
  // A step that failed without a failing test (config error, server did not start, no report) counts as one failure.
  const stepError = code !== 0 && result.failed === 0;
  steps.push({ name, code, seconds, ...result, failed: result.failed + (stepError ? 1 : 0), stepError });
};

const started = Date.now();
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

await step(
  'vitest (unit + server)',
  join(repoRoot, 'node_modules', '.bin', 'vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  {},
  vitestCounts,
);
await step(
  'playwright (e2e)',
  process.execPath,
  [join(repoRoot, 'scripts', 'e2e.mjs'), '--reporter=list,json'],
  { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightJson },
  playwrightCounts,
);

const total = steps.reduce((sum, s) => ({ passed: sum.passed + s.passed, failed: sum.failed + s.failed }), {
  passed: 0,
  failed: 0,
});
const ok = steps.every((s) => s.code === 0);

console.log('\n━━━ Summary ━━━');
for (const s of steps) {
  const status = s.code === 0 ? 'ok' : `FAILED (exit ${s.code})`;
  const skipped = s.skipped ? `, ${s.skipped} skipped` : '';
  const note = s.stepError ? ' — the step itself failed (see its output above)' : '';
  console.log(
    `  ${s.name.padEnd(24)} ${status.padEnd(16)} ${s.passed} passed, ${s.failed} failed${skipped}  ` +
      `(${s.seconds.toFixed(1)} s)${note}`,
  );
}
const failures = [...vitestFailures(), ...playwrightFailures()];
if (failures.length > 0) {
  console.log('  failed tests:');
  for (const line of failures) console.log(`    ✗ ${line}`);
}
console.log(
  `  total time ${((Date.now() - started) / 1000).toFixed(1)} s — ${ok ? 'all steps passed' : 'SOME STEPS FAILED'}`,
);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(ok ? 0 : 1);
