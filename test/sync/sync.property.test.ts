import { describe, it } from 'vitest';
import { assertConverges } from './support/propertyRun';

/**
 * Several terminals work against one simulated server (test/sync/support/simServer.ts) with random offline
 * windows, lost requests, answers lost after the server committed, tokens expiring mid-push, refreshes that
 * fail (the user signs in again later) and provisional numbers already taken. Once everyone is back online:
 * every accepted mutation was applied exactly once, every rejected one is listed on its device, every
 * replica equals the server, and the server's stock never went negative.
 */

describe('sync engine property', () => {
  it('converges: exactly once, rejections listed, replicas equal the server, stock never negative', async () => {
    await assertConverges(500);
  }, 120_000);
});
