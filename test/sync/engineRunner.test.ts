import { BehaviorSubject, filter, firstValueFrom } from 'rxjs';
import { describe, expect, it } from 'vitest';
import type { Intent } from '../../domain/sync/intents';
import { logisticsConfigSchema } from '../../domain/warehouse/logisticsConfig';
import { createLocks, electLeader, type LockManagerLike } from '../../sync/leader';
import { MemorySyncStore } from '../../sync/memoryStore';
import { SyncEngine } from '../../sync/syncEngine';
import { MemoryStorage } from '../support/memoryStorage';
import { ManualTimers, MemoryCounters } from './support/harness';
import { makeServer } from './support/world';

/** Web Locks in memory: exclusive, queued in request order. */
class FakeLocks implements LockManagerLike {
  private readonly queues = new Map<string, Promise<unknown>>();
  request(name: string, _options: { mode: 'exclusive' }, callback: () => Promise<unknown>): Promise<unknown> {
    const previous = this.queues.get(name) ?? Promise.resolve();
    const next = previous.then(callback);
    this.queues.set(
      name,
      next.catch(() => undefined),
    );
    return next;
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !check(); i++) await flush();
  expect(check()).toBe(true);
};

const receipt = (doc: string): Intent[] => [
  {
    kind: 'document.create',
    document: { id: doc, typeCode: 'DIN', documentNumber: '', destinationLocationId: 'l-2' },
  },
  { kind: 'line.add', line: { id: `${doc}-1`, documentId: doc, productId: 'p-1', quantity: 2 } },
  { kind: 'document.confirm', documentId: doc },
];

const setup = (options: { staleAfterMs?: number; refresh?: 'renewed' | 'failed' } = {}) => {
  const server = makeServer();
  const token = { value: server.signIn('u1') };
  const online = { value: true };
  const browser = new BehaviorSubject(true);
  const clock = { ms: Date.parse('2026-03-15T08:00:00Z') };
  const timers = new ManualTimers();
  const store = new MemorySyncStore();
  const engine = new SyncEngine({
    store,
    transport: {
      send: async (request) =>
        online.value ? server.request(request, 'u1', token.value) : { status: 0, body: undefined },
    },
    auth: {
      refresh: async () => {
        if (options.refresh === 'failed') return 'failed';
        token.value = server.signIn('u1');
        return 'renewed';
      },
    },
    clock: { now: () => clock.ms },
    timers,
    locks: createLocks(),
    counters: new MemoryCounters(),
    deviceId: 'D1',
    userId: 'u1',
    online$: browser,
    ...(options.staleAfterMs ? { staleAfterMs: options.staleAfterMs } : {}),
  });
  return { server, token, online, browser, clock, timers, store, engine };
};

describe('sync engine runner', () => {
  it('syncs on start, pushes new work on its own and pulls after pushing', async () => {
    const { server, store, engine } = setup();
    engine.start();
    await until(() => engine.status.value.lastSyncAt !== null);
    expect(store.table('product').size).toBe(3);
    for (const i of receipt('d1')) expect((await engine.enqueue(i)).ok).toBe(true);
    await until(() => server.applied.size === 3 && store.outbox.size === 0 && !engine.status.value.pulling);
    expect(engine.status.value).toMatchObject({ pending: 0, rejected: 0, online: true, lastError: null });
    engine.stop();
  });

  it('goes offline, keeps the work, retries with backoff and at once when the browser is back online', async () => {
    const { server, online, browser, store, engine } = setup();
    engine.start();
    await until(() => engine.status.value.lastSyncAt !== null);
    online.value = false;
    browser.next(false);
    for (const i of receipt('d1')) expect((await engine.enqueue(i)).ok).toBe(true);
    await until(() => engine.status.value.lastError?.status === 0 && !engine.status.value.pushing);
    expect(engine.status.value).toMatchObject({ online: false, pending: 3 });
    expect(server.applied.size).toBe(0);
    online.value = true;
    browser.next(true);
    await until(() => server.applied.size === 3 && store.outbox.size === 0);
    expect(engine.status.value.online).toBe(true);
    engine.stop();
  });

  it('pulls when asked (the live connection saw a change)', async () => {
    const { server, store, engine } = setup();
    engine.start();
    await until(() => engine.status.value.lastSyncAt !== null && !engine.status.value.pulling);
    server.addProduct({ id: 'p-9', index: 'NEW', name: 'New', barcodes: [] });
    engine.requestPull();
    await until(() => store.table('product').has('p-9'));
    engine.stop();
  });

  it('says the replica is stale past the configured age', async () => {
    const { clock, timers, engine } = setup({ staleAfterMs: 60_000 });
    engine.start();
    await until(() => engine.status.value.lastSyncAt !== null && !engine.status.value.pulling);
    expect(engine.status.value.stale).toBe(false);
    const stale = firstValueFrom(engine.status.stale$.pipe(filter(Boolean)));
    clock.ms += 61_000;
    timers.fireAll();
    expect(await stale).toBe(true);
    expect(engine.status.value.replicaAgeMs).toBeGreaterThan(60_000);
    engine.stop();
  });

  it('follows the age limit the company sets in its logistics configuration', async () => {
    const { server, store, online, clock, timers, engine } = setup();
    engine.start();
    await until(() => engine.status.value.lastSyncAt !== null && !engine.status.value.pulling);
    const limitOnDevice = () =>
      logisticsConfigSchema.safeParse(store.table('logisticsConfig').get('account')).data?.terminal;
    /** Brings the company's new setting to the device, then the device loses the network (no fresh pulls). */
    const pullThenOffline = async (minutes: number) => {
      online.value = true;
      engine.requestPull();
      await until(() => limitOnDevice()?.staleAfterMinutes === minutes && !engine.status.value.pulling);
      online.value = false;
    };
    const aged = async (minutes: number) => {
      clock.ms += minutes * 60_000;
      timers.fireAll();
      await until(() => !engine.status.value.pulling);
      return engine.status.value.stale;
    };
    // Stricter than the default of 30 minutes: 11 minutes without a sync are too old.
    server.changeConfig({ terminal: { staleAfterMinutes: 10, faceRecognition: false } });
    await pullThenOffline(10);
    expect(await aged(9)).toBe(false);
    expect(await aged(2)).toBe(true);
    // More lenient: 31 minutes are fine, 61 are not.
    server.changeConfig({ terminal: { staleAfterMinutes: 60, faceRecognition: false } });
    await pullThenOffline(60);
    expect(engine.status.value.stale).toBe(false);
    expect(await aged(31)).toBe(false);
    expect(await aged(30)).toBe(true);
    engine.stop();
  });

  it('asks for sign-in when the session cannot be renewed, and keeps the work for that user', async () => {
    const { server, store, engine } = setup({ refresh: 'failed' });
    engine.start();
    await until(() => engine.status.value.lastSyncAt !== null && !engine.status.value.pulling);
    server.expire('u1');
    for (const i of receipt('d1')) expect((await engine.enqueue(i)).ok).toBe(true);
    await until(() => engine.status.value.signInRequired);
    expect(engine.status.value.pending).toBe(3);
    expect([...store.outbox.values()].every((e) => e.status === 'pending' && e.userId === 'u1')).toBe(true);
    engine.stop();
  });
});

describe('leader election', () => {
  it('gives the lock to one tab at a time, the next when it is released', async () => {
    const locks = new FakeLocks();
    const timers = new ManualTimers();
    const a = electLeader('aisle-sync-x', { locks, timers, now: () => 0, id: 'a' });
    const b = electLeader('aisle-sync-x', { locks, timers, now: () => 0, id: 'b' });
    await flush();
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    a.release();
    await flush();
    expect(b.isLeader()).toBe(true);
    b.release();
  });

  it('without Web Locks, leads through a lease in localStorage taken over when it expires', () => {
    const storage = new MemoryStorage();
    const timers = new ManualTimers();
    const clock = { ms: 0 };
    const a = electLeader('x', { storage, timers, now: () => clock.ms, id: 'a', leaseMs: 3000 });
    const b = electLeader('x', { storage, timers, now: () => clock.ms, id: 'b', leaseMs: 3000 });
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    a.release();
    clock.ms += 1000;
    timers.fireAll();
    expect(b.isLeader()).toBe(true);
    b.release();
  });

  it('queues intents one at a time even without Web Locks', async () => {
    const locks = createLocks();
    const order: string[] = [];
    await Promise.all([
      locks.run('q', async () => {
        order.push('a1');
        await flush();
        order.push('a2');
      }),
      locks.run('q', async () => {
        order.push('b1');
      }),
    ]);
    expect(order).toEqual(['a1', 'a2', 'b1']);
  });
});
