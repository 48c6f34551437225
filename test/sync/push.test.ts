import { describe, expect, it } from 'vitest';
import type { Intent } from '../../domain/sync/intents';
import { classify } from '../../sync/classify';
import type { MemorySyncStore } from '../../sync/memoryStore';
import type { RefreshOutcome, TransportRequest, TransportResponse } from '../../sync/ports';
import { drain } from '../../sync/push';
import { withBatchPush } from './support/batchPush';
import { queue, scripted, seededStore } from './support/seed';

const ok: TransportResponse = { status: 200, body: {} };

const releaseIntents = (doc: string): Intent[] => [
  {
    kind: 'document.create',
    document: { id: doc, typeCode: 'DOU', documentNumber: '', sourceLocationId: 'l-1' },
  },
  // The batch is part of the stock key: a release names the batch it takes (as the FEFO source gives it).
  {
    kind: 'line.add',
    line: { id: `${doc}-l`, documentId: doc, productId: 'p-1', quantity: 1, expDate: '2026-06-01' },
  },
  { kind: 'document.confirm', documentId: doc },
];

const queueAll = async (store: MemorySyncStore, intents: readonly Intent[], userId = 'u1') => {
  for (const i of intents) {
    const r = await queue(store, i, userId);
    if (!r.ok) throw new Error(`refused ${i.kind}: ${r.refusal.code}`);
  }
};

const refresh = (outcome: RefreshOutcome) => {
  let calls = 0;
  return {
    calls: () => calls,
    auth: {
      refresh: async () => {
        calls++;
        return outcome;
      },
    },
  };
};

/** A drain; `batch` 1 (the default here) sends each entry as its own call. */
const run = (
  store: MemorySyncStore,
  transport: ReturnType<typeof scripted>['transport'],
  auth = refresh('renewed').auth,
  batch = 1,
) =>
  drain({
    store,
    transport,
    auth,
    userId: 'u1',
    deviceId: 'D1',
    now: () => Date.parse('2026-03-15T09:00:00Z'),
    batch,
  });

const statuses = (store: MemorySyncStore) => [...store.outbox.values()].map((e) => [e.mutationId, e.status]);

describe('classify (docs/sync-contract.md §5)', () => {
  it.each([
    [0, undefined, 'transient'],
    [500, { code: 'somethingWentWrong', message: 'x' }, 'transient'],
    [503, undefined, 'transient'],
    [408, undefined, 'transient'],
    [429, { code: 'tooManyAttempts', message: 'x' }, 'transient'],
    [409, { code: 'mutationInProgress', message: 'x' }, 'transient'],
    [401, undefined, 'auth'],
    [406, { code: 'numberCollision', message: 'x' }, 'collision'],
    [409, { code: 'stockShortfall', message: 'x' }, 'rejected'],
    [422, { code: 'documentInvalid', message: 'x' }, 'rejected'],
    [404, undefined, 'rejected'],
    [403, { code: 'forbidden', message: 'x' }, 'rejected'],
    [201, {}, 'accepted'],
    [204, undefined, 'accepted'],
  ])('%i %j → %s', (status, body, kind) => {
    expect(classify({ status, body }).kind).toBe(kind);
  });
});

describe('push, one call per entry', () => {
  it('sends the spec calls in mutation order with the sync headers', async () => {
    const store = await seededStore();
    await queueAll(store, releaseIntents('d1'));
    const { sent, transport } = scripted(() => ok);
    const result = await run(store, transport);
    expect(result).toMatchObject({ stop: 'empty', accepted: 3, rejected: 0 });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/WmsDocument',
      'POST /api/WmsDocumentPosition',
      'POST /api/WmsDocument/d1/confirm',
    ]);
    expect(sent.map((r) => r.headers['x-mutation-id'])).toEqual(['1', '2', '3']);
    expect(new Set(sent.map((r) => r.headers['idempotency-key'])).size).toBe(3);
    expect(sent.every((r) => r.headers['x-device-id'] === 'D1')).toBe(true);
    expect(statuses(store)).toEqual([
      [1, 'accepted'],
      [2, 'accepted'],
      [3, 'accepted'],
    ]);
  });

  it.each([
    ['no answer', { status: 0, body: undefined }],
    ['a server error', { status: 500, body: { code: 'somethingWentWrong', message: 'x' } }],
    ['a timeout', { status: 408, body: undefined }],
    ['throttling', { status: 429, body: undefined }],
    ['a racing attempt', { status: 409, body: { code: 'mutationInProgress', message: 'x' } }],
  ])(
    'stops on %s and retries the same entry later, same key, nothing reordered or dropped',
    async (_name, failure) => {
      const store = await seededStore();
      await queueAll(store, releaseIntents('d1'));
      const first = scripted((_r, n) => (n === 2 ? failure : ok));
      const stopped = await run(store, first.transport);
      expect(stopped).toMatchObject({ stop: 'transient', accepted: 1, attempts: 1 });
      expect(statuses(store)).toEqual([
        [1, 'accepted'],
        [2, 'pending'],
        [3, 'pending'],
      ]);
      expect(store.outbox.get(2)).toMatchObject({
        attempts: 1,
        sent: true,
        lastError: { status: failure.status },
      });
      const second = scripted(() => ok);
      expect(await run(store, second.transport)).toMatchObject({ stop: 'empty', accepted: 2 });
      expect(second.sent.map((r) => r.headers['x-mutation-id'])).toEqual(['2', '3']);
      expect(second.sent[0]?.headers['idempotency-key']).toBe(first.sent[1]?.headers['idempotency-key']);
    },
  );

  it('on 401 renews the session and sends the same entry again', async () => {
    const store = await seededStore();
    await queueAll(store, releaseIntents('d1'));
    const { sent, transport } = scripted((_r, n) => (n === 1 ? { status: 401, body: undefined } : ok));
    const auth = refresh('renewed');
    expect(await run(store, transport, auth.auth)).toMatchObject({ stop: 'empty', accepted: 3 });
    expect(auth.calls()).toBe(1);
    expect(sent.map((r) => r.headers['x-mutation-id'])).toEqual(['1', '1', '2', '3']);
  });

  it('when the session cannot be renewed it stops, asks for sign-in and keeps every entry', async () => {
    const store = await seededStore();
    await queueAll(store, releaseIntents('d1'));
    const { sent, transport } = scripted(() => ({ status: 401, body: undefined }));
    expect(await run(store, transport, refresh('failed').auth)).toMatchObject({
      stop: 'signIn',
      accepted: 0,
    });
    expect(sent).toHaveLength(1);
    expect(statuses(store)).toEqual([
      [1, 'pending'],
      [2, 'pending'],
      [3, 'pending'],
    ]);
    expect([...store.outbox.values()].every((e) => e.userId === 'u1')).toBe(true);
  });

  it('gives up renewing after repeated 401s with a renewed session', async () => {
    const store = await seededStore();
    await queueAll(store, releaseIntents('d1'));
    const { transport } = scripted(() => ({ status: 401, body: undefined }));
    const auth = refresh('renewed');
    expect(await run(store, transport, auth.auth)).toMatchObject({ stop: 'signIn' });
    expect(auth.calls()).toBe(2);
  });

  it('pushes only the signed-in user’s entries', async () => {
    const store = await seededStore();
    await queueAll(store, releaseIntents('d1'), 'someone-else');
    await queueAll(store, releaseIntents('d2'));
    const { sent, transport } = scripted(() => ok);
    await run(store, transport);
    expect(sent.map((r) => r.headers['x-mutation-id'])).toEqual(['4', '5', '6']);
    expect(statuses(store)).toEqual([
      [1, 'pending'],
      [2, 'pending'],
      [3, 'pending'],
      [4, 'accepted'],
      [5, 'accepted'],
      [6, 'accepted'],
    ]);
  });

  it('on 406 takes the next provisional number, rewrites later entries carrying it and retries', async () => {
    const store = await seededStore();
    await queueAll(store, releaseIntents('d1').slice(0, 2));
    const old = (() => {
      const e = store.outbox.get(1);
      return e?.intent.kind === 'document.create' ? e.intent.document.documentNumber : '';
    })();
    expect(old).toBe('WC-DOU/2026/D1-1');
    // A later line whose comment quotes the number follows the document.
    await queueAll(store, [
      {
        kind: 'line.update',
        line: {
          id: 'd1-l',
          documentId: 'd1',
          productId: 'p-1',
          quantity: 1,
          expDate: '2026-06-01',
          comment: old,
        },
      },
    ]);
    const { sent, transport } = scripted((r, n) =>
      n === 1
        ? { status: 406, body: { code: 'numberCollision', message: 'x' } }
        : r.path === '/api/WmsDocument'
          ? { status: 201, body: { documentNumber: 'DOU/2026/000007' } }
          : ok,
    );
    expect(await run(store, transport)).toMatchObject({ stop: 'empty', accepted: 3 });
    const bodies = sent.map((r) => r.body as Record<string, unknown> | undefined);
    expect(bodies[0]?.documentNumber).toBe(old);
    expect(bodies[1]?.documentNumber).toBe('WC-DOU/2026/D1-2');
    expect(sent[0]?.headers['idempotency-key']).toBe(sent[1]?.headers['idempotency-key']);
    expect(bodies[3]?.comment).toBe('WC-DOU/2026/D1-2');
    expect(store.metaValue.deviceSeq).toBe(2);
    // The view shows the server's final number as soon as it answered.
    expect(store.table('wmsDocument').get('d1')?.documentNumber).toBe('DOU/2026/000007');
  });

  it('records any other refusal on the entry with status, code and issues, and goes on', async () => {
    const store = await seededStore();
    await queueAll(store, [...releaseIntents('d1'), ...releaseIntents('d2')]);
    const refusal = {
      code: 'stockShortfall',
      message: 'Not enough',
      issues: [
        { code: 'quantityExceedsAvailable', positionIndex: 0, field: 'quantity', params: { available: 0 } },
      ],
    };
    const { transport } = scripted((r) =>
      r.path === '/api/WmsDocument/d1/confirm' ? { status: 409, body: refusal } : ok,
    );
    expect(await run(store, transport)).toMatchObject({ stop: 'empty', accepted: 5, rejected: 1 });
    expect(store.outbox.get(3)).toMatchObject({
      status: 'rejected',
      rejection: { status: 409, code: 'stockShortfall', message: 'Not enough', issues: refusal.issues },
    });
    // A refused confirmation leaves the view: the document is a working copy again, the stock is back.
    expect(store.table('wmsDocument').get('d1')?.statusCode).toBe('workingCopy');
    const stockRows = [...store.table('stock').values()].filter(
      (r) => r.productId === 'p-1' && r.locationId === 'l-1',
    );
    expect(stockRows.map((r) => r.quantity)).toEqual([4]);
  });
});

/** A scripted server that takes batch pushes: `answer` is asked for each call, in order (see withBatchPush). */
const batching = (answer: (request: TransportRequest, n: number) => TransportResponse) => {
  const calls: TransportRequest[] = [];
  const server = withBatchPush((request) => {
    calls.push(request);
    return answer(request, calls.length);
  });
  const { sent, transport } = scripted((request) => server(request));
  return { calls, sent, transport };
};

const paths = (requests: readonly TransportRequest[]) => requests.map((r) => `${r.method} ${r.path}`);

describe('push in batches (POST /api/sync/push)', () => {
  it('sends the entries in order in batches, each call with its own sync headers', async () => {
    const store = await seededStore();
    await queueAll(store, [...releaseIntents('d1'), ...releaseIntents('d2'), ...releaseIntents('d3')]);
    const { calls, sent, transport } = batching(() => ok);
    expect(await run(store, transport, undefined, 4)).toMatchObject({
      stop: 'empty',
      accepted: 9,
      rejected: 0,
    });
    // A last entry alone goes as its own call.
    expect(paths(sent)).toEqual([
      'POST /api/sync/push',
      'POST /api/sync/push',
      'POST /api/WmsDocument/d3/confirm',
    ]);
    const bodies = sent
      .slice(0, 2)
      .map((r) => r.body as { version: number; mutations: { mutationId: number }[] });
    expect(bodies.map((b) => b.mutations.map((m) => m.mutationId))).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expect(bodies.every((b) => b.version === 1)).toBe(true);
    expect(sent.every((r) => r.headers['x-device-id'] === 'D1')).toBe(true);
    expect(paths(calls).slice(0, 3)).toEqual([
      'POST /api/WmsDocument',
      'POST /api/WmsDocumentPosition',
      'POST /api/WmsDocument/d1/confirm',
    ]);
    expect(calls.map((r) => r.headers['x-mutation-id'])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(new Set(calls.map((r) => r.headers['idempotency-key'])).size).toBe(9);
    const keys = [...store.outbox.values()].map((e) => e.idempotencyKey);
    expect(calls.map((r) => r.headers['idempotency-key'])).toEqual(keys);
    expect(statuses(store).every(([, status]) => status === 'accepted')).toBe(true);
  });

  it('records a refusal inside a batch on its entry and takes the answers after it', async () => {
    const store = await seededStore();
    await queueAll(store, [...releaseIntents('d1'), ...releaseIntents('d2')]);
    const refusal = { code: 'stockShortfall', message: 'Not enough' };
    const { sent, transport } = batching((r) =>
      r.path === '/api/WmsDocument/d1/confirm' ? { status: 409, body: refusal } : ok,
    );
    expect(await run(store, transport, undefined, 10)).toMatchObject({
      stop: 'empty',
      accepted: 5,
      rejected: 1,
    });
    expect(sent).toHaveLength(1);
    expect(store.outbox.get(3)).toMatchObject({
      status: 'rejected',
      rejection: { status: 409, code: 'stockShortfall' },
    });
    expect(store.table('wmsDocument').get('d1')?.statusCode).toBe('workingCopy');
  });

  it.each([
    ['a server error', { status: 500, body: { code: 'somethingWentWrong', message: 'x' } }],
    ['a racing attempt', { status: 409, body: { code: 'mutationInProgress', message: 'x' } }],
    ['throttling', { status: 429, body: undefined }],
  ])(
    'stops at %s inside a batch: the entries before it are done, it and the rest wait',
    async (_name, failure) => {
      const store = await seededStore();
      await queueAll(store, [...releaseIntents('d1'), ...releaseIntents('d2')]);
      const first = batching((_r, n) => (n === 2 ? failure : ok));
      expect(await run(store, first.transport, undefined, 10)).toMatchObject({
        stop: 'transient',
        accepted: 1,
        attempts: 1,
      });
      // The server ran nothing after the failure.
      expect(first.calls).toHaveLength(2);
      expect(statuses(store)).toEqual([
        [1, 'accepted'],
        [2, 'pending'],
        [3, 'pending'],
        [4, 'pending'],
        [5, 'pending'],
        [6, 'pending'],
      ]);
      expect(store.outbox.get(2)).toMatchObject({
        attempts: 1,
        sent: true,
        lastError: { status: failure.status },
      });
      const second = batching(() => ok);
      expect(await run(store, second.transport, undefined, 10)).toMatchObject({ stop: 'empty', accepted: 5 });
      expect(second.calls.map((r) => r.headers['x-mutation-id'])).toEqual(['2', '3', '4', '5', '6']);
      expect(second.calls[0]?.headers['idempotency-key']).toBe(first.calls[1]?.headers['idempotency-key']);
    },
  );

  it('a batch that gets no answer is a transient failure of its first entry; a 401 renews and sends it again', async () => {
    const store = await seededStore();
    await queueAll(store, releaseIntents('d1'));
    const offline = scripted(() => ({ status: 0, body: undefined }));
    expect(await run(store, offline.transport, undefined, 10)).toMatchObject({
      stop: 'transient',
      accepted: 0,
    });
    expect(store.outbox.get(1)).toMatchObject({ status: 'pending', attempts: 1, lastError: { status: 0 } });
    expect(store.outbox.get(2)).toMatchObject({ status: 'pending', attempts: 0 });

    const server = withBatchPush(() => ok);
    const { sent, transport } = scripted((r, n) => (n === 1 ? { status: 401, body: undefined } : server(r)));
    const auth = refresh('renewed');
    expect(await run(store, transport, auth.auth, 10)).toMatchObject({ stop: 'empty', accepted: 3 });
    expect(auth.calls()).toBe(1);
    expect(paths(sent)).toEqual(['POST /api/sync/push', 'POST /api/sync/push']);
    expect(sent[0]?.body).toEqual(sent[1]?.body);
  });

  it('on 406 inside a batch renumbers and sends that entry and the rest again with the new number', async () => {
    const store = await seededStore();
    await queueAll(store, [...releaseIntents('d1'), ...releaseIntents('d2')]);
    const { calls, transport } = batching((_r, n) =>
      n === 4 ? { status: 406, body: { code: 'numberCollision', message: 'x' } } : ok,
    );
    expect(await run(store, transport, undefined, 10)).toMatchObject({ stop: 'empty', accepted: 6 });
    expect(calls.map((r) => r.headers['x-mutation-id'])).toEqual(['1', '2', '3', '4', '4', '5', '6']);
    const numbers = calls.map((r) => (r.body as { documentNumber?: string } | undefined)?.documentNumber);
    expect(numbers[3]).toBe('WC-DOU/2026/D1-2');
    expect(numbers[4]).toBe('WC-DOU/2026/D1-3');
    expect(calls[3]?.headers['idempotency-key']).toBe(calls[4]?.headers['idempotency-key']);
  });

  it.each([
    ['a server without batches', { status: 404, body: { code: 'notFoundOrNoPermission', message: 'x' } }],
    ['a refused batch', { status: 400, body: { code: 'badRequest', message: 'x' } }],
    ['an answer that is no batch answer', { status: 200, body: {} }],
  ])('falls back to one call per entry on %s', async (_name, answer) => {
    const store = await seededStore();
    await queueAll(store, releaseIntents('d1'));
    const { sent, transport } = scripted((r) => (r.path === '/api/sync/push' ? answer : ok));
    expect(await run(store, transport, undefined, 10)).toMatchObject({ stop: 'empty', accepted: 3 });
    expect(paths(sent)).toEqual([
      'POST /api/sync/push',
      'POST /api/WmsDocument',
      'POST /api/WmsDocumentPosition',
      'POST /api/WmsDocument/d1/confirm',
    ]);
    expect(statuses(store).every(([, status]) => status === 'accepted')).toBe(true);
  });

  it('an answer for other entries than those sent is not taken: the entries go one by one', async () => {
    const store = await seededStore();
    await queueAll(store, releaseIntents('d1'));
    const { sent, transport } = scripted((r) =>
      r.path === '/api/sync/push'
        ? {
            status: 200,
            body: { version: 1, results: [{ idempotencyKey: 'other', status: 201, replayed: false }] },
          }
        : ok,
    );
    expect(await run(store, transport, undefined, 10)).toMatchObject({ stop: 'empty', accepted: 3 });
    expect(sent).toHaveLength(4);
  });

  /** 20 working copies of 3 entries (more than one group of accepted answers is recorded at a time). */
  const manyEntries = async () => {
    const store = await seededStore();
    await queueAll(
      store,
      Array.from({ length: 20 }, (_, i) => releaseIntents(`d${i + 1}`))
        .flatMap(([create, line]) => [create, line, line])
        .filter((intent): intent is Intent => intent !== undefined)
        .map((intent, i) =>
          intent.kind === 'line.add' ? { ...intent, line: { ...intent.line, id: `line-${i}` } } : intent,
        ),
    );
    return store;
  };

  it('records accepted answers while the next batch is out, and ends with every write done', async () => {
    const store = await manyEntries();
    const events: string[] = [];
    const write = store.write.bind(store);
    store.write = async (work) => {
      events.push('write');
      // A slow device: the write takes longer than the next request.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const result = await write(work);
      events.push('written');
      return result;
    };
    const { transport } = batching(() => ok);
    const send = transport.send.bind(transport);
    transport.send = (request) => {
      events.push('send');
      return send(request);
    };
    expect(await run(store, transport, undefined, 30)).toMatchObject({ stop: 'empty', accepted: 60 });
    // The second batch went out while the first group of answers was being written.
    expect(events.slice(0, 3)).toEqual(['send', 'write', 'send']);
    expect(events.at(-1)).toBe('written');
    expect(statuses(store).every(([, status]) => status === 'accepted')).toBe(true);
  });

  it('a record of accepted answers that fails ends the drain; the entries stay pending and go again', async () => {
    const store = await manyEntries();
    const write = store.write.bind(store);
    let failures = 1;
    store.write = async (work) => {
      if (failures-- > 0) throw new Error('disk full');
      return write(work);
    };
    const first = batching(() => ok);
    await expect(run(store, first.transport, undefined, 30)).rejects.toThrow('disk full');
    const pending = statuses(store).filter(([, status]) => status === 'pending');
    expect(pending.length).toBeGreaterThanOrEqual(25);
    // The server answers a repeat with its stored outcome: the next drain records them.
    const again = batching(() => ok);
    expect(await run(store, again.transport, undefined, 30)).toMatchObject({ stop: 'empty' });
    expect(again.calls.map((r) => r.headers['x-mutation-id'])[0]).toBe(String(pending[0]?.[0]));
    expect(statuses(store).every(([, status]) => status === 'accepted')).toBe(true);
  });
});
