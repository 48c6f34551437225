import fc from 'fast-check';
import { describe, it } from 'vitest';
import { command, Run } from './support/propertyRun';

/**
 * Several terminals work against one simulated server (test/sync/support/simServer.ts) with random offline
 * windows, lost requests, answers lost after the server committed, tokens expiring mid-push, refreshes that
 * fail (the user signs in again later) and provisional numbers already taken. Once everyone is back online:
 * every accepted mutation was applied exactly once, every rejected one is listed on its device, every
 * replica equals the server, and the server's stock never went negative.
 */

describe('sync engine property', () => {
  it('converges: exactly once, rejections listed, replicas equal the server, stock never negative', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(command, { minLength: 1, maxLength: 50 }),
        async (reserving, commands) => {
          const run = new Run(reserving);
          try {
            for (const d of run.devices) await d.sync();
            for (const c of commands) await run.run(c);
            await run.settle();
            await run.check();
          } finally {
            run.stop();
          }
        },
      ),
      { numRuns: 500 },
    );
  }, 120_000);
});
