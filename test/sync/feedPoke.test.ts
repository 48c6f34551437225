import { describe, expect, it } from 'vitest';
import { isAtOrPast, laterPosition } from '../../sync/feedPosition';
import { createLocks } from '../../sync/leader';
import { MemorySyncStore } from '../../sync/memoryStore';
import type { TransportRequest, TransportResponse } from '../../sync/ports';
import { SyncEngine } from '../../sync/syncEngine';
import { ManualTimers } from './support/harness';

// The live connection's `feed` poke carries the feed position the announced changes lie below: the engine pulls
// only while its replica's cursor is short of it, coalesces pokes that arrive during a pull into one more pull
// (for the latest position), and asks again a little later (on its timers) when a pull ends short of it.

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await flush();
  expect(check()).toBe(true);
};

/** A feed whose end (the watermark of the next answer) the test sets; pulls may be held until released. */
const setup = () => {
  const feed = { end: 100n, held: false, pulls: 0 };
  let release: (() => void) | undefined;
  const timers = new ManualTimers();
  const store = new MemorySyncStore();
  const answer = (): TransportResponse => ({
    status: 200,
    body: {
      version: 1,
      changes: [],
      cursor: `1.${feed.end}.0`,
      hasMore: false,
      remaining: 0,
      lastMutationId: 0,
      serverTime: '2026-03-15T08:00:00.000Z',
    },
  });
  const engine = new SyncEngine({
    store,
    transport: {
      send: async (request: TransportRequest) => {
        if (request.method !== 'GET') throw new Error(`unexpected ${request.method} ${request.path}`);
        feed.pulls++;
        if (feed.held) await new Promise<void>((resolve) => (release = resolve));
        return answer();
      },
    },
    auth: { refresh: async () => 'renewed' },
    clock: { now: () => Date.parse('2026-03-15T08:00:00Z') },
    timers,
    locks: createLocks(),
    deviceId: 'D1',
    userId: 'u1',
    autoSync: false,
  });
  engine.start();
  const cursor = async () => (await store.read((tx) => tx.meta())).cursor;
  const settled = async () => {
    await flush();
    await engine.idle();
  };
  return { feed, timers, engine, cursor, settled, release: () => release?.() };
};

describe('feed positions', () => {
  it('orders cursors by their place in the feed, and reads anything else as "not there"', () => {
    expect(isAtOrPast('1.100.0', '1.100.0')).toBe(true);
    expect(isAtOrPast('1.101.0', '1.100.5')).toBe(true);
    expect(isAtOrPast('1.100.4', '1.100.5')).toBe(false);
    expect(isAtOrPast('1.99.0.80.1200', '1.100.0')).toBe(false);
    expect(isAtOrPast(null, '1.1.0')).toBe(false);
    expect(isAtOrPast('42', '1.1.0')).toBe(false);
    expect(isAtOrPast('1.5.0', 'later')).toBe(false);
    expect(laterPosition('1.100.0', '1.99.9')).toBe('1.100.0');
    expect(laterPosition('1.100.0', '1.100.1')).toBe('1.100.1');
    expect(laterPosition(undefined, '1.7.0')).toBe('1.7.0');
  });
});

describe('the sync engine on feed pokes', () => {
  it('skips the pull when the replica is already at the poked position, and pulls when it is behind', async () => {
    const { feed, engine, cursor, settled } = setup();
    engine.requestPull();
    await settled();
    expect(feed.pulls).toBe(1);
    expect(await cursor()).toBe('1.100.0');

    // The terminal has it already (it pulled after its own push, or for an earlier poke).
    engine.requestPull('1.100.0');
    await settled();
    engine.requestPull('1.64.0');
    await settled();
    expect(feed.pulls).toBe(1);

    // Behind: it pulls, up to the feed's end.
    feed.end = 120n;
    engine.requestPull('1.101.0');
    await settled();
    expect(feed.pulls).toBe(2);
    expect(await cursor()).toBe('1.120.0');

    // A poke without a position (the server could not read one) always pulls.
    engine.requestPull(undefined);
    await settled();
    expect(feed.pulls).toBe(3);
    engine.stop();
  });

  it('coalesces the pokes that arrive during a pull into one more pull, for the latest position', async () => {
    const { feed, engine, cursor, settled, release } = setup();
    engine.requestPull();
    await settled();
    feed.held = true;
    feed.end = 135n;
    engine.requestPull('1.130.0');
    await until(() => feed.pulls === 2);
    engine.requestPull('1.131.0');
    engine.requestPull('1.140.0');
    engine.requestPull('1.135.0');
    feed.held = false;
    release();
    await until(() => feed.pulls === 3);
    await settled();
    // The held pull ended at 135, short of the latest poke (140): one more pull for the three pokes, no other.
    expect(feed.pulls).toBe(3);
    expect(await cursor()).toBe('1.135.0');
    engine.stop();
  });

  it('asks again later when a pull ends short of the poked position, a few times at most', async () => {
    const { feed, timers, engine, cursor, settled } = setup();
    engine.requestPull();
    await settled();
    // The feed's end trails a transaction still running: the poked change is not below it yet.
    feed.end = 190n;
    engine.requestPull('1.200.0');
    await settled();
    expect(feed.pulls).toBe(2);
    expect(await cursor()).toBe('1.190.0');

    // Nothing happens until the engine's timer fires.
    await settled();
    expect(feed.pulls).toBe(2);
    feed.end = 205n;
    timers.fireAll();
    await settled();
    expect(feed.pulls).toBe(3);
    expect(await cursor()).toBe('1.205.0');
    timers.fireAll();
    await settled();
    expect(feed.pulls).toBe(3);

    // A position never reached is pulled for three more times, then left to the periodic pull.
    engine.requestPull('1.999.0');
    await settled();
    for (let i = 0; i < 5; i++) {
      timers.fireAll();
      await settled();
    }
    expect(feed.pulls).toBe(4 + 3);
    engine.stop();
  });
});
