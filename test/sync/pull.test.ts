import { describe, expect, it } from 'vitest';
import type { SyncChange } from '../../domain/sync/wire';
import type { MemorySyncStore } from '../../sync/memoryStore';
import type { TransportResponse } from '../../sync/ports';
import { type PullProgress, parsePage, progressPercent, pullAll } from '../../sync/pull';
import type { StockRecord } from '../../sync/types';
import { queue, scripted, seededStore } from './support/seed';
import { keyOf } from './support/world';

const page = (
  changes: SyncChange[],
  cursor: string,
  hasMore: boolean,
  remaining: number,
  lastMutationId = 0,
): TransportResponse => ({
  status: 200,
  body: {
    version: 1,
    changes,
    cursor,
    hasMore,
    remaining,
    lastMutationId,
    serverTime: '2026-03-15T09:00:00Z',
  },
});

const product = (id: string): SyncChange => ({
  op: 'upsert',
  entity: 'product',
  id,
  data: { index: id.toUpperCase() },
});

const pull = (
  store: MemorySyncStore,
  transport: ReturnType<typeof scripted>['transport'],
  progress?: PullProgress[],
) =>
  pullAll({
    store,
    transport,
    auth: { refresh: async () => 'renewed' as const },
    deviceId: 'D1',
    now: () => Date.parse('2026-03-15T09:00:00Z'),
    limit: 2,
    ...(progress ? { onProgress: (p: PullProgress) => progress.push(p) } : {}),
  });

const stockOf = (store: MemorySyncStore, key: string) =>
  [...store.table('stock').values()].filter((r) => (r as StockRecord).key === key) as StockRecord[];

describe('pull', () => {
  it('pages until hasMore is false, with progress from remaining, one cursor per page', async () => {
    const store = await seededStore();
    store.metaValue = { ...store.metaValue, cursor: null, lastSyncAt: null };
    const pages = [
      page([product('a'), product('b')], 'c1', true, 3),
      page([product('c'), product('d')], 'c2', true, 1),
      page([product('e')], 'c3', false, 0),
    ];
    const { sent, transport } = scripted((_r, n) => pages[n - 1] ?? page([], 'c3', false, 0));
    const progress: PullProgress[] = [];
    expect(await pull(store, transport, progress)).toEqual({ stop: 'done', received: 5 });
    expect(sent.map((r) => r.query)).toEqual([
      { limit: '2' },
      { since: 'c1', limit: '2' },
      { since: 'c2', limit: '2' },
    ]);
    expect(sent[0]?.headers['x-device-id']).toBe('D1');
    expect(progress.map((p) => [p.received, p.remaining, p.initial])).toEqual([
      [2, 3, true],
      [4, 1, true],
      [5, 0, true],
    ]);
    expect(progress.map(progressPercent)).toEqual([40, 80, 100]);
    expect(store.metaValue).toMatchObject({ cursor: 'c3', lastSyncAt: '2026-03-15T09:00:00.000Z' });
    expect(store.table('product').get('e')).toMatchObject({ indexKey: 'E' });
  });

  it('asks for the next page while it applies one, and applies pages strictly in order', async () => {
    const store = await seededStore();
    store.metaValue = { ...store.metaValue, cursor: null, lastSyncAt: null };
    const events: string[] = [];
    const pages = [
      page([product('a'), product('b')], 'c1', true, 3),
      page([product('c'), product('d')], 'c2', true, 1),
      page([product('e')], 'c3', false, 0),
    ];
    const { transport } = scripted((r, n) => {
      events.push(`send ${r.query?.since ?? '-'}`);
      return pages[n - 1] ?? page([], 'c3', false, 0);
    });
    const write = store.write.bind(store);
    store.write = (work) =>
      write(async (tx) => {
        const result = await work(tx);
        events.push(`write ${(await tx.meta()).cursor}`);
        return result;
      });
    expect(await pull(store, transport)).toEqual({ stop: 'done', received: 5 });
    // Each page's successor is on its way before the page is written; the last page has none.
    expect(events).toEqual(['send -', 'send c1', 'write c1', 'send c2', 'write c2', 'write c3', 'write c3']);
    expect([...store.table('product').keys()]).toEqual(expect.arrayContaining(['a', 'b', 'c', 'd', 'e']));
  });

  it('resumes an interrupted pull from the last page it stored', async () => {
    const store = await seededStore();
    store.metaValue = { ...store.metaValue, cursor: 'c0', lastSyncAt: null };
    const first = scripted((_r, n) =>
      n === 1 ? page([product('a'), product('b')], 'c1', true, 1) : { status: 0, body: undefined },
    );
    expect(await pull(store, first.transport)).toMatchObject({ stop: 'transient', received: 2 });
    expect(store.metaValue).toMatchObject({ cursor: 'c1', lastSyncAt: null });
    const second = scripted(() => page([product('c')], 'c2', false, 0));
    expect(await pull(store, second.transport)).toMatchObject({ stop: 'done' });
    expect(second.sent[0]?.query).toEqual({ since: 'c1', limit: '2' });
  });

  it('renews the session on 401 and refuses a feed of another version', async () => {
    const store = await seededStore();
    const renewed = scripted((_r, n) =>
      n === 1 ? { status: 401, body: undefined } : page([], 'c9', false, 0),
    );
    expect(await pull(store, renewed.transport)).toMatchObject({ stop: 'done' });
    expect(renewed.sent).toHaveLength(2);
    const newer = scripted(() => ({
      status: 200,
      body: { version: 2, changes: [], cursor: 'x', hasMore: false },
    }));
    expect(await pull(store, newer.transport)).toMatchObject({
      stop: 'failed',
      code: 'clientVersionOutdated',
    });
    expect(
      parsePage({
        version: 1,
        changes: [{ op: 'upsert', entity: 'unknownThing', id: 'x', data: {} }],
        cursor: 'c',
        hasMore: false,
      }),
    ).toMatchObject({ changes: [] });
  });

  it('replays pending work on top of new server rows (rebase) and drops it once the watermark covers it', async () => {
    const store = await seededStore();
    const k = keyOf('p-1', 'l-1').replace('null]', '"2026-06-01"]');
    const release = [
      {
        kind: 'document.create',
        document: { id: 'd1', typeCode: 'DOU', documentNumber: '', sourceLocationId: 'l-1' },
      },
      {
        kind: 'line.add',
        line: { id: 'x1', documentId: 'd1', productId: 'p-1', quantity: 2, expDate: '2026-06-01' },
      },
      { kind: 'document.confirm', documentId: 'd1' },
    ] as const;
    for (const i of release) expect((await queue(store, i)).ok).toBe(true);
    expect(stockOf(store, k).map((r) => r.quantity)).toEqual([3]);
    // Another device took 1 meanwhile: the server row says 4. Pending work still takes 2 → 2.
    const other = scripted(() =>
      page(
        [
          {
            op: 'upsert',
            entity: 'stock',
            id: 's-1',
            data: { productId: 'p-1', locationId: 'l-1', quantity: 4, reserved: 0, expDate: '2026-06-01' },
          },
        ],
        'c2',
        false,
        0,
      ),
    );
    await pull(store, other.transport);
    expect(stockOf(store, k).map((r) => [r.id, r.quantity])).toEqual([['s-1', 2]]);
    expect(store.shadow.get(`stock|${k}`)?.row?.quantity).toBe(4);
    // The server applied all three (answers lost): its rows carry the effect, the watermark covers them.
    for (const e of store.outbox.values()) store.outbox.set(e.mutationId, { ...e, sent: true });
    const applied = scripted(() =>
      page(
        [
          {
            op: 'upsert',
            entity: 'stock',
            id: 's-1',
            data: { productId: 'p-1', locationId: 'l-1', quantity: 2, reserved: 0, expDate: '2026-06-01' },
          },
          { op: 'delete', entity: 'wmsDocument', id: 'd1' },
          { op: 'delete', entity: 'wmsDocumentPosition', id: 'x1' },
        ],
        'c3',
        false,
        0,
        3,
      ),
    );
    await pull(store, applied.transport);
    expect(stockOf(store, k).map((r) => r.quantity)).toEqual([2]);
    expect(store.table('wmsDocument').has('d1')).toBe(false);
    expect(store.shadow.size).toBe(0);
    // Still pending (their outcome will come when pushed), but no longer shaping the view.
    expect([...store.outbox.values()].map((e) => e.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('keeps work never sent in the view even when the watermark is higher (another user on this device)', async () => {
    const store = await seededStore();
    const intents = [
      {
        kind: 'document.create',
        document: { id: 'd1', typeCode: 'DIN', documentNumber: '', destinationLocationId: 'l-4' },
      },
      { kind: 'line.add', line: { id: 'x1', documentId: 'd1', productId: 'p-1', quantity: 7 } },
      { kind: 'document.confirm', documentId: 'd1' },
    ] as const;
    for (const i of intents) expect((await queue(store, i)).ok).toBe(true);
    const { transport } = scripted(() => page([], 'c2', false, 0, 99));
    await pull(store, transport);
    expect(stockOf(store, keyOf('p-1', 'l-4')).map((r) => r.quantity)).toEqual([7]);
    expect(store.table('wmsDocument').get('d1')?.statusCode).toBe('confirmed');
  });
});
