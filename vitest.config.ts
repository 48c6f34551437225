import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects:
 * - `unit`:   pure/domain/client/meta tests, node environment.
 * - `server`: API + database tests; forked processes (PGlite/pg are happier outside worker threads),
 *             files in parallel, generous timeouts (PGlite's first open takes seconds).
 * `npm run test:unit` runs both; `vitest run --project server` runs one.
 */
export const vitestConfig = defineConfig({
  test: {
    passWithNoTests: true,
    // vitest's default is one worker less than the cores: on a 2-core CI machine that is one file at a time, with
    // the second core idle while a server test waits on its database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // A bound that only catches a hang: scanning every source file takes seconds on a loaded machine.
          testTimeout: 60_000,
          include: [
            'test/domain/**/*.test.{ts,tsx}',
            'test/sync/**/*.test.{ts,tsx}',
            'test/src/**/*.test.{ts,tsx}',
            'test/meta/**/*.test.{ts,tsx}',
            'test/bench/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          globalSetup: ['test/support/migratedDatabaseSetup.ts'],
          pool: 'forks',
          fileParallelism: true,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One process per worker for every file (not a new one per file): the server's modules load once per worker
          // instead of once per file, which took most of the suite's time. Test apps share nothing but modules (each has
          // its own database and context), and module-level caches are keyed by context.
          isolate: false,
        },
      },
    ],
  },
});

export default vitestConfig;
