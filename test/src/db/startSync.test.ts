import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../support/memoryStorage';
import { makeServer } from '../../sync/support/world';

const storage = installMemoryStorage();
const { startSync, stopSync } = await import('../../../src/db/startSync');
const { getActiveSync } = await import('../../../src/db/activeSync');
const { httpTransport } = await import('../../../src/db/httpTransport');
const { deviceIdKey } = await import('../../../src/db/deviceIdentity');

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 0));
  expect(check()).toBe(true);
};

describe('startSync', () => {
  it('opens the replica of the company and user, syncs it, and is shared by callers until stopped', async () => {
    const server = makeServer();
    const token = server.signIn('u1');
    const options = {
      transport: { send: async (r: Parameters<typeof server.request>[0]) => server.request(r, 'u1', token) },
      auth: { refresh: async () => 'failed' as const },
    };
    const [a, b] = await Promise.all([
      startSync({ clientAccountId: 'acc', userId: 'u1' }, options),
      startSync({ clientAccountId: 'acc', userId: 'u1' }, options),
    ]);
    expect(a).toBe(b);
    expect(getActiveSync()).toBe(a);
    expect(a.db.name).toBe('aisle-acc-u1');
    expect(storage.local.getItem(deviceIdKey)).toBe(a.deviceId);
    expect(await startSync({ clientAccountId: 'acc', userId: 'u1' }, options)).toBe(a);
    await until(() => a.engine.status.value.lastSyncAt !== null);
    expect(await a.store.read((tx) => tx.all('product'))).toHaveLength(3);
    // Another user on this device gets their own replica, never the first one's.
    const other = await startSync({ clientAccountId: 'acc', userId: 'u2' }, options);
    expect(other.db.name).toBe('aisle-acc-u2');
    expect(other.deviceId).toBe(a.deviceId);
    expect(getActiveSync()).toBe(other);
    stopSync();
    expect(getActiveSync()).toBeNull();
  });
});

describe('startSync with startAfter', () => {
  it('shows the replica as it is at once and starts syncing only once the promise settles', async () => {
    const server = makeServer();
    const token = server.signIn('u3');
    let calls = 0;
    const options = {
      transport: {
        send: async (r: Parameters<typeof server.request>[0]) => {
          calls++;
          return server.request(r, 'u3', token);
        },
      },
      auth: { refresh: async () => 'failed' as const },
    };
    const synced = await startSync({ clientAccountId: 'acc', userId: 'u3' }, options);
    await until(() => synced.engine.status.value.lastSyncAt !== null);
    const stored = (await synced.store.read((tx) => tx.meta())).lastSyncAt;
    const lastSyncAt = stored === null ? null : Date.parse(stored);
    expect(lastSyncAt).not.toBeNull();
    stopSync();

    let go: () => void = () => undefined;
    const startAfter = new Promise<void>((resolve) => {
      go = resolve;
    });
    calls = 0;
    const handle = await startSync({ clientAccountId: 'acc', userId: 'u3' }, { ...options, startAfter });
    // Read from the replica, before the engine's own watch: a synced replica, nothing waiting, connectivity known.
    expect(getActiveSync()).toBe(handle);
    expect(handle.engine.status.value).toMatchObject({ lastSyncAt, pending: 0, rejected: 0, online: true });
    for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(0);
    go();
    await until(() => calls > 0);
    stopSync();
  });

  it('never starts an engine stopped before the promise settled', async () => {
    const server = makeServer();
    const token = server.signIn('u4');
    let calls = 0;
    let go: () => void = () => undefined;
    const startAfter = new Promise<void>((resolve) => {
      go = resolve;
    });
    const handle = await startSync(
      { clientAccountId: 'acc', userId: 'u4' },
      {
        transport: {
          send: async (r: Parameters<typeof server.request>[0]) => {
            calls++;
            return server.request(r, 'u4', token);
          },
        },
        auth: { refresh: async () => 'failed' as const },
        startAfter,
      },
    );
    expect(handle.engine.status.value.lastSyncAt).toBeNull();
    stopSync();
    go();
    for (let i = 0; i < 50; i++) await new Promise((r) => setTimeout(r, 0));
    expect(calls).toBe(0);
    expect(getActiveSync()).toBeNull();
  });
});

describe('httpTransport', () => {
  it('sends the call with bearer, request id, the sync headers and JSON', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const transport = httpTransport({
      token: () => 'tok',
      sameUser: () => true,
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return new Response(JSON.stringify({ documentNumber: 'DIN/1' }), {
          status: 201,
          headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
        });
      },
    });
    const answer = await transport.send({
      method: 'PATCH',
      path: '/api/WmsOrderPosition/op1/QuantityReal',
      query: { quantityReal: '3' },
      body: { a: 1 },
      headers: { 'idempotency-key': 'k1', 'x-mutation-id': '7', 'x-device-id': 'D1' },
    });
    expect(answer).toEqual({ status: 201, body: { documentNumber: 'DIN/1' }, replayed: true });
    const [call] = seen;
    expect(call?.url).toBe('/api/WmsOrderPosition/op1/QuantityReal?quantityReal=3');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('idempotency-key')).toBe('k1');
    expect(headers.get('x-mutation-id')).toBe('7');
    expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.init.body).toBe('{"a":1}');
  });

  it('answers 0 when nothing came back and sends nothing for another user', async () => {
    let calls = 0;
    const failing = httpTransport({
      token: () => 'tok',
      sameUser: () => true,
      fetch: async () => {
        calls++;
        throw new TypeError('Failed to fetch');
      },
    });
    expect((await failing.send({ method: 'GET', path: '/api/sync/changes', headers: {} })).status).toBe(0);
    const otherUser = httpTransport({
      token: () => 'tok',
      sameUser: () => false,
      fetch: failing.send as never,
    });
    expect((await otherUser.send({ method: 'GET', path: '/api/sync/changes', headers: {} })).status).toBe(
      401,
    );
    expect(calls).toBe(1);
  });
});
