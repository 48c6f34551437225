import { buildApp } from './app';
import { type Clock, systemClock } from './clock';
import { demoPassword, seedDemo } from './demo/seedDemo';
import { writeRuntimeStats } from './ops/runtimeStats';
import { movableClock, registerTestClockRoutes } from './testClock';

/**
 * AISLE_CLOCK_OFFSET_SECONDS starts the server's clock that far ahead; AISLE_TEST_CLOCK=1 lets the end-to-end
 * tests move it while the server runs (PUT /api/test/clock). Neither is ever set in production.
 */
const offsetSeconds = Number(process.env.AISLE_CLOCK_OFFSET_SECONDS ?? 0);
const testClock = process.env.AISLE_TEST_CLOCK === '1' ? movableClock(offsetSeconds) : undefined;
const clockOf = (seconds: number): Clock =>
  Number.isFinite(seconds) && seconds !== 0
    ? { ...systemClock, now: () => Date.now() + seconds * 1000 }
    : systemClock;

/** `npm start`: one process serving the web app and the API. */
const main = async () => {
  // Benchmarks only: a line a second of event-loop delay, GC pauses and memory (server/ops/runtimeStats.ts).
  const statsFile = process.env.AISLE_RUNTIME_STATS;
  if (statsFile) writeRuntimeStats(statsFile);
  const app = await buildApp({
    logger: process.env.LOG_REQUESTS === '1',
    clock: testClock ?? clockOf(offsetSeconds),
  });
  if (testClock) {
    registerTestClockRoutes(app, testClock);
    console.log(
      'AISLE_TEST_CLOCK=1: the server clock can be moved (PUT /api/test/clock); never in production.',
    );
  }
  const { config } = app.ctx;
  const seeded = config.demo ? await seedDemo(app.ctx) : undefined;
  if (seeded) {
    console.log('Seeded the demo company "Demo Logistics".');
    // Shared links keep no readable key: this one is shown now or never.
    if (seeded.sharedLink) console.log(`Demo shared link to ACME's stock (7 days): ${seeded.sharedLink}`);
  }
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '0.0.0.0';
  await app.listen({ port, host });
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `PGlite in ${config.dataDir} — for trying Aisle or one small site; use PostgreSQL in production (README)`;
  console.log(`Aisle is running at http://localhost:${port}  (data: ${where})`);
  if (config.demo) console.log(`Demo sign-in: admin / ${demoPassword}  (also manager, picker, contractor)`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
