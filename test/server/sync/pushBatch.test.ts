import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PushedCall,
  type PushResponse,
  pushLimits,
  pushResponseSchema,
  syncHeaders,
} from '../../../domain/sync/wire';
import { syncDevice, syncMutation } from '../../../server/db/syncTables';
import type { Row } from '../../../server/resources/rows';
import { maxGroupCalls } from '../../../server/sync/exactlyOnce';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aSuperUser,
  receiveOrderStock,
  stockQuantityOf,
  type TestUser,
} from '../../support/builders';
import { pullAll, push, pushedCalls } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';

/** POST /api/sync/push (docs/sync-contract.md, "Batch push"): several pushed calls in one request, each as its own. */
let t: TestApp;
let acc: string;
let admin: TestUser;
let location: Row;
let product: Row;

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  admin = await aSuperUser(t.ctx, acc);
  location = await anOrderLocation(t.ctx, acc);
  product = await anOrderProduct(t.ctx, acc);
  await receiveOrderStock(t.ctx, admin, [
    { productId: String(product.id), locationId: String(location.id), quantity: 100 },
  ]);
});
afterAll(async () => t.close());

const call = pushedCalls();
/** A pushed call of device `dev` (dev-b unless named) with a fresh key and the next mutation id. */
const pushed = (method: PushedCall['method'], path: string, body?: unknown, dev = 'dev-b'): PushedCall =>
  call(dev, method, path, body);

/** A release (working copy) with `lines` lines added one by one, as a terminal queues them. */
const release = (lines: number, dev = 'dev-b', documentNumber?: string): PushedCall[] => {
  const id = randomUUID();
  return [
    pushed(
      'POST',
      '/api/WmsDocument',
      {
        id,
        typeCode: 'DOU',
        sourceLocationId: location.id,
        positions: [],
        ...(documentNumber ? { documentNumber } : {}),
      },
      dev,
    ),
    ...Array.from({ length: lines }, () =>
      pushed(
        'POST',
        '/api/WmsDocumentPosition',
        {
          id: randomUUID(),
          documentId: id,
          productId: product.id,
          quantity: 1,
          sourceLocationId: location.id,
        },
        dev,
      ),
    ),
  ];
};

/** The body of the `i`-th call or result as a row ({} when there is none). */
const rowAt = (list: readonly { body?: unknown }[], i: number): Row => (list[i]?.body ?? {}) as Row;

const batch = async (
  mutations: readonly PushedCall[],
  who: TestUser = admin,
  headers: Record<string, string> = {},
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: { ...who.headers, ...headers },
    payload: { version: 1, mutations },
  });
  return res;
};

const results = async (mutations: readonly PushedCall[]): Promise<PushResponse['results']> => {
  const res = await batch(mutations);
  expect(res.statusCode, res.body).toBe(200);
  return pushResponseSchema.parse(res.json()).results;
};

const stored = async (key: string) => {
  const [row] = await t.ctx.db
    .select()
    .from(syncMutation)
    .where(and(eq(syncMutation.clientAccountId, acc), eq(syncMutation.idempotencyKey, key)));
  return row;
};

const lineCount = async (documentId: unknown): Promise<number> => {
  const lines = t.ctx.schema.resourceTables.wmsDocumentPosition;
  if (!lines?.documentId) throw new Error('no position table');
  return (
    await t.ctx.db
      .select()
      .from(lines)
      .where(eq(lines.documentId, String(documentId)))
  ).length;
};

describe('batch push', () => {
  it('runs the calls in order, each exactly once with its own outcome, and records the device', async () => {
    const calls = release(3, 'dev-order');
    const out = await results(calls);
    expect(out.map((r) => [r.idempotencyKey, r.status, r.replayed])).toEqual(
      calls.map((c) => [c.idempotencyKey, 201, false]),
    );
    const doc = rowAt(out, 0);
    expect(doc.id).toBe(rowAt(calls, 0).id);
    expect(rowAt(out, 3).lineNo).toBe(3);
    expect(await lineCount(doc.id)).toBe(3);
    for (const c of calls)
      expect(await stored(c.idempotencyKey)).toMatchObject({
        statusCode: 201,
        deviceId: 'dev-order',
        mutationId: c.mutationId,
      });
    const [device] = await t.ctx.db
      .select()
      .from(syncDevice)
      .where(and(eq(syncDevice.clientAccountId, acc), eq(syncDevice.deviceId, 'dev-order')));
    expect(device?.lastMutationId).toBe(calls.at(-1)?.mutationId);
    // The feed says the device's last mutation is in.
    expect((await pullAll(t, admin, undefined, { deviceId: 'dev-order' })).lastMutationId).toBe(
      calls.at(-1)?.mutationId,
    );
  });

  it('a batch sent again is answered from the stored outcomes: nothing runs twice', async () => {
    const calls = release(2);
    const first = await results(calls);
    const again = await results(calls);
    expect(again.map((r) => [r.status, r.replayed])).toEqual(calls.map(() => [201, true]));
    expect(again.map((r) => r.body)).toEqual(first.map((r) => r.body));
    expect(await lineCount(rowAt(calls, 0).id)).toBe(2);
    // The same keys as single calls get the same stored answers.
    const single = await push(t, admin, 'POST', calls[1]?.path ?? '', {
      key: calls[1]?.idempotencyKey,
      payload: calls[1]?.body,
      deviceId: 'dev-b',
    });
    expect([single.statusCode, single.headers[syncHeaders.replayed], single.json()]).toEqual([
      201,
      'true',
      first[1]?.body,
    ]);
  });

  it('a call repeated inside one batch is answered with the first one’s outcome (stored at batch end)', async () => {
    const calls = release(1);
    const out = await results([...calls, calls[1] as PushedCall]);
    expect(out.map((r) => [r.status, r.replayed])).toEqual([
      [201, false],
      [201, false],
      [201, true],
    ]);
    expect(out[2]?.body).toEqual(out[1]?.body);
    expect(await lineCount(rowAt(calls, 0).id)).toBe(1);
    expect(await stored(calls[1]?.idempotencyKey ?? '')).toMatchObject({ statusCode: 201 });
  });

  it('takes a final refusal and goes on; the refusal is stored and repeated', async () => {
    const calls = release(1);
    const missing = pushed('POST', `/api/WmsDocument/${randomUUID()}/confirm`);
    const later = release(1);
    const out = await results([...calls, missing, ...later]);
    expect(out.map((r) => r.status)).toEqual([201, 201, 404, 201, 201]);
    expect(rowAt(out, 2).code).toBe('notFoundOrNoPermission');
    expect(await stored(missing.idempotencyKey)).toMatchObject({ statusCode: 404 });
    const repeated = await results([missing]);
    expect(repeated.map((r) => [r.status, r.replayed, r.body])).toEqual([[404, true, out[2]?.body]]);
  });

  it('stops after the first outcome that is not final: the calls after it do not run', async () => {
    const number = `OWN-${randomUUID().slice(0, 8)}`;
    const taken = await results(release(0, 'dev-b', number));
    expect(taken.map((r) => r.status)).toEqual([201]);
    const before = release(1);
    const colliding = release(2, 'dev-b', number);
    const after = release(1);
    const out = await results([...before, ...colliding, ...after]);
    expect(out.map((r) => r.status)).toEqual([201, 201, 406]);
    expect(rowAt(out, 2).code).toBe('numberCollision');
    // Not stored (a retry under the same key runs), and nothing after it ran.
    for (const c of [...colliding, ...after]) expect(await stored(c.idempotencyKey)).toBeUndefined();
    const retried = await results([
      { ...(colliding[0] as PushedCall), body: { ...rowAt(colliding, 0), documentNumber: `${number}-2` } },
      ...colliding.slice(1),
      ...after,
    ]);
    expect(retried.map((r) => [r.status, r.replayed])).toEqual([
      [201, false],
      [201, false],
      [201, false],
      [201, false],
      [201, false],
    ]);
  });

  it('moves stock once for a confirmation pushed in two batches (answer lost)', async () => {
    const calls = release(2);
    const confirm = pushed('POST', `/api/WmsDocument/${rowAt(calls, 0).id}/confirm`);
    const before = await stockQuantityOf(t.ctx, acc, String(product.id), String(location.id));
    expect((await results([...calls, confirm])).map((r) => r.status)).toEqual([201, 201, 201, 200]);
    const again = await results([...calls, confirm]);
    expect(again.every((r) => r.replayed)).toBe(true);
    expect(await stockQuantityOf(t.ctx, acc, String(product.id), String(location.id))).toBe(before - 2);
  });
});

describe('push groups (calls sharing one transaction)', () => {
  /** The change notices published while `work` runs, by record id. */
  const noticesDuring = async (work: () => Promise<unknown>): Promise<Map<string, number>> => {
    const seen = new Map<string, number>();
    const subscription = t.ctx.changes.subscribe((c) => seen.set(c.id, (seen.get(c.id) ?? 0) + 1));
    try {
      await work();
    } finally {
      subscription.unsubscribe();
    }
    return seen;
  };

  it('a refusal in the middle keeps nothing of the refused call and everything of the others, announced once', async () => {
    const locked = await anOrderProduct(t.ctx, acc, { lockOut: true });
    const calls = release(2, 'dev-group');
    const documentId = rowAt(calls, 0).id;
    const refused = pushed(
      'POST',
      '/api/WmsDocumentPosition',
      { id: randomUUID(), documentId, productId: locked.id, quantity: 1, sourceLocationId: location.id },
      'dev-group',
    );
    const later = release(1, 'dev-group');
    let out: PushResponse['results'] = [];
    const notices = await noticesDuring(async () => {
      out = await results([...calls, refused, ...later]);
    });
    expect(out.map((r) => r.status)).toEqual([201, 201, 201, 422, 201, 201]);
    expect(await lineCount(documentId)).toBe(2);
    expect(await stored(refused.idempotencyKey)).toMatchObject({
      statusCode: 422,
      mutationId: refused.mutationId,
    });
    for (const c of [...calls, ...later])
      expect(await stored(c.idempotencyKey)).toMatchObject({ statusCode: 201 });
    // As alone: a document is announced when made and with each line; the rolled-back attempt announced nothing.
    const bodyId = (c: PushedCall) => String(rowAt([c], 0).id);
    expect(
      Object.fromEntries([...calls, refused, ...later].map((c) => [bodyId(c), notices.get(bodyId(c)) ?? 0])),
    ).toEqual(
      Object.fromEntries([
        [bodyId(calls[0] as PushedCall), 3],
        ...calls.slice(1).map((c) => [bodyId(c), 1]),
        [bodyId(refused), 0],
        [bodyId(later[0] as PushedCall), 2],
        [bodyId(later[1] as PushedCall), 1],
      ]),
    );
    const [device] = await t.ctx.db
      .select()
      .from(syncDevice)
      .where(and(eq(syncDevice.clientAccountId, acc), eq(syncDevice.deviceId, 'dev-group')));
    expect(device?.lastMutationId).toBe(later.at(-1)?.mutationId);
    // Sent again, every call is answered from its stored outcome.
    const again = await results([...calls, refused, ...later]);
    expect(again.map((r) => [r.status, r.replayed])).toEqual(out.map((r) => [r.status, true]));
  });

  it('more calls than one group takes go in several groups, in order', async () => {
    const calls = release(maxGroupCalls + 5);
    const out = await results(calls);
    expect(out.every((r) => r.status === 201)).toBe(true);
    expect(out.slice(1).map((r) => rowAt([r], 0).lineNo)).toEqual(calls.slice(1).map((_c, i) => i + 1));
    expect(await lineCount(rowAt(calls, 0).id)).toBe(maxGroupCalls + 5);
    // Committed in two transactions: the first maxGroupCalls calls together, the rest together.
    const xids = await Promise.all(calls.map(async (c) => String((await stored(c.idempotencyKey))?.xid)));
    expect(new Set(xids.slice(0, maxGroupCalls)).size).toBe(1);
    expect(new Set(xids.slice(maxGroupCalls)).size).toBe(1);
    expect(xids[0]).not.toBe(xids[maxGroupCalls]);
  });

  it('a call that is no intent is refused on its own (400, not stored) between groups; the others run', async () => {
    const documentId = randomUUID();
    const receipt = pushed('POST', '/api/WmsDocument', {
      id: documentId,
      typeCode: 'DIN',
      destinationLocationId: location.id,
      positions: [],
    });
    const productId = randomUUID();
    const newProduct = pushed('POST', '/api/Product', {
      id: productId,
      index: `G-${productId.slice(0, 8)}`,
      name: 'Grouped',
      unit: 'pcs',
    });
    const line = pushed('POST', '/api/WmsDocumentPosition', {
      id: randomUUID(),
      documentId,
      productId: product.id,
      quantity: 2,
      destinationLocationId: location.id,
    });
    const out = await results([receipt, newProduct, line]);
    expect(out.map((r) => [r.status, r.replayed])).toEqual([
      [201, false],
      [400, false],
      [201, false],
    ]);
    expect(rowAt(out, 1).code).toBe('badRequest');
    expect(await stored(newProduct.idempotencyKey)).toBeUndefined();
    const products = t.ctx.schema.resourceTables.product;
    if (!products?.id) throw new Error('no product table');
    expect(await t.ctx.db.select().from(products).where(eq(products.id, productId))).toEqual([]);
    // Two transactions: the refused call between two groups.
    const xids = await Promise.all([receipt, line].map(async (c) => (await stored(c.idempotencyKey))?.xid));
    expect(new Set(xids).size).toBe(2);
  });
});

describe('batch push input', () => {
  it('answers 401 without a session and runs nothing', async () => {
    const calls = release(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      payload: { version: 1, mutations: calls },
    });
    expect(res.statusCode).toBe(401);
    expect(await stored(calls[0]?.idempotencyKey ?? '')).toBeUndefined();
  });

  const one = (patch: Row = {}) => [{ ...release(0)[0], ...patch }];
  it.each([
    ['no calls', () => ({ version: 1, mutations: [] })],
    ['another version', () => ({ version: 2, mutations: release(1) })],
    ['a call without key', () => ({ version: 1, mutations: one({ idempotencyKey: '' }) })],
    ['a path with a query', () => ({ version: 1, mutations: one({ path: '/api/WmsDocument?x=1' }) })],
    ['a path outside the API', () => ({ version: 1, mutations: one({ path: '/dataHub' }) })],
    [
      'too many calls',
      () => ({
        version: 1,
        mutations: Array.from({ length: pushLimits.maxMutations + 1 }, () => release(0)[0]),
      }),
    ],
  ])('answers 400 for %s and runs nothing', async (_name, make) => {
    const payload = make();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: admin.headers,
      payload: payload as Row,
    });
    expect(res.statusCode, res.body).toBe(400);
    for (const m of payload.mutations as { idempotencyKey?: string }[])
      if (m.idempotencyKey) expect(await stored(m.idempotencyKey)).toBeUndefined();
  });

  // Only the intents of the registry run, matched after canonical decoding of the path: anything else is that
  // call's 400 (final, not stored) and runs nothing.
  it.each([
    ['a sync route', { method: 'GET', path: '/api/sync/changes' }],
    ['a batch in a batch', { path: '/api/Sync/Push' }],
    ['a batch in a batch, percent-encoded', { path: '/api/%73ync/%70ush' }],
    ['a batch in a batch, encoded and with a trailing slash', { path: '/API/Sync%2FPush/' }],
    ['a batch in a batch behind dot segments', { path: '/api/WmsDocument/../sync/push' }],
    ['an encoded dot segment up to the sync routes', { path: '/api/x/%2e%2e/sync/push' }],
    ['a call of no intent', { path: '/api/Product' }],
    ['an intent’s path with another method', { method: 'PUT', path: '/api/WmsDocument' }],
  ])('answers %s with that call’s 400 and runs the others', async (_name, patch) => {
    const bad = one({ ...patch, body: { version: 1, mutations: release(1) } })[0] as PushedCall;
    const after = release(1);
    const out = await results([bad, ...after]);
    expect(out.map((r) => [r.status, r.replayed])).toEqual([
      [400, false],
      [201, false],
      [201, false],
    ]);
    expect(rowAt(out, 0).code).toBe('badRequest');
    expect(await stored(bad.idempotencyKey)).toBeUndefined();
    // Nothing of the nested calls ran.
    const nested = (bad.body as { mutations: PushedCall[] }).mutations;
    for (const m of nested) expect(await stored(m.idempotencyKey)).toBeUndefined();
    expect(await lineCount(rowAt(nested, 0).id)).toBe(0);
  });

  it('a bad sync header value of one call is that call’s 400 (final), the others run', async () => {
    const calls = release(1);
    const bad = { ...pushed('POST', `/api/WmsDocument/${randomUUID()}/confirm`), idempotencyKey: 'short' };
    const out = await results([bad, ...calls]);
    expect(out.map((r) => r.status)).toEqual([400, 201, 201]);
  });

  it('an Idempotency-Key on the batch request itself records nothing for it', async () => {
    const key = randomUUID();
    const res = await batch(release(1), admin, { [syncHeaders.idempotencyKey]: key });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(key)).toBeUndefined();
  });

  it('calls run with the caller’s session: another account’s records are not found', async () => {
    const other = await anAccount(t.ctx);
    const stranger = await aSuperUser(t.ctx, other);
    const calls = release(1);
    expect((await results(calls)).map((r) => r.status)).toEqual([201, 201]);
    const confirm = pushed('POST', `/api/WmsDocument/${rowAt(calls, 0).id}/confirm`);
    const res = await batch([confirm], stranger);
    expect(res.statusCode, res.body).toBe(200);
    expect(pushResponseSchema.parse(res.json()).results.map((r) => r.status)).toEqual([404]);
  });
});
