import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncHeaders } from '../../../domain/sync/wire';
import { rowsOf } from '../../../server/db/rawRows';
import { syncDevice, syncMutation } from '../../../server/db/syncTables';
import type { Row } from '../../../server/resources/rows';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aSuperUser,
  aUser,
  receiveOrderStock,
  stockQuantityOf,
  type TestUser,
} from '../../support/builders';
import { pullAll, pullPage, push } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';

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
});
afterAll(async () => t.close());

const receipt = (quantity = 2, extra: Row = {}) => ({
  id: randomUUID(),
  typeCode: 'DIN',
  destinationLocationId: location.id,
  positions: [{ productId: product.id, quantity }],
  ...extra,
});

const documentCount = async (id: unknown): Promise<number> => {
  const docs = t.ctx.schema.resourceTables.wmsDocument;
  if (!docs?.id) throw new Error('no document table');
  return (
    await t.ctx.db
      .select()
      .from(docs)
      .where(eq(docs.id, String(id)))
  ).length;
};

const storedMutation = async (key: string) => {
  const [row] = await t.ctx.db
    .select()
    .from(syncMutation)
    .where(and(eq(syncMutation.clientAccountId, acc), eq(syncMutation.idempotencyKey, key)));
  return row;
};

describe('exactly once', () => {
  it('the same key twice makes one document and answers the second time with the stored response', async () => {
    const key = randomUUID();
    const body = receipt();
    const first = await push(t, admin, 'POST', '/api/WmsDocument', {
      key,
      payload: body,
      deviceId: 'dev-a',
      mutationId: 1,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[syncHeaders.replayed]).toBeUndefined();
    const second = await push(t, admin, 'POST', '/api/WmsDocument', {
      key,
      payload: body,
      deviceId: 'dev-a',
      mutationId: 1,
    });
    expect(second.statusCode).toBe(201);
    expect(second.headers[syncHeaders.replayed]).toBe('true');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(await documentCount(body.id)).toBe(1);
    const stored = await storedMutation(key);
    expect(stored).toMatchObject({
      statusCode: 201,
      deviceId: 'dev-a',
      mutationId: 1,
      method: 'POST',
      path: '/api/wmsdocument',
    });
    // Recorded by the document's own transaction: the same xid as its change, so both commit or neither.
    const [change] = rowsOf(
      await t.ctx.db.execute(
        sql`select xid::text as xid from sync_change where entity = 'wmsDocument' and record_id = ${body.id}::uuid`,
      ),
    );
    expect(stored?.xid).toBe(change?.xid);
  });

  it('a confirmation whose answer was lost after commit moves stock once when sent again', async () => {
    const created = await push(t, admin, 'POST', '/api/WmsDocument', { payload: receipt(4) });
    const doc = created.json();
    const before = await stockQuantityOf(t.ctx, acc, String(product.id), String(location.id));
    const key = randomUUID();
    const lost = await push(t, admin, 'POST', `/api/WmsDocument/${doc.id}/confirm`, { key });
    expect(lost.statusCode, lost.body).toBe(200);
    // The engine never saw that answer: it sends the same intent again, and again.
    for (let i = 0; i < 2; i++) {
      const retry = await push(t, admin, 'POST', `/api/WmsDocument/${doc.id}/confirm`, { key });
      expect(retry.statusCode).toBe(200);
      expect(retry.body).toBe(lost.body);
      expect(retry.headers[syncHeaders.replayed]).toBe('true');
    }
    expect(await stockQuantityOf(t.ctx, acc, String(product.id), String(location.id))).toBe(before + 4);
    // Without the key the same call is an ordinary one: confirming twice is refused.
    const plain = await t.app.inject({
      method: 'POST',
      url: `/api/WmsDocument/${doc.id}/confirm`,
      headers: admin.headers,
    });
    expect(plain.statusCode).toBe(409);
  });

  it('a final refusal is stored and repeated, even when the call would now succeed', async () => {
    const goods = await anOrderProduct(t.ctx, acc);
    const key = randomUUID();
    const release = {
      typeCode: 'DOU',
      sourceLocationId: location.id,
      positions: [{ productId: goods.id, quantity: 3 }],
    };
    const created = await push(t, admin, 'POST', '/api/WmsDocument', { payload: release });
    expect(created.statusCode, created.body).toBe(201);
    const refused = await push(t, admin, 'POST', `/api/WmsDocument/${created.json().id}/confirm`, { key });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('stockShortfall');
    await receiveOrderStock(t.ctx, admin, [
      { productId: String(goods.id), locationId: String(location.id), quantity: 10 },
    ]);
    const repeated = await push(t, admin, 'POST', `/api/WmsDocument/${created.json().id}/confirm`, { key });
    expect(repeated.statusCode).toBe(409);
    expect(repeated.body).toBe(refused.body);
    expect(repeated.headers[syncHeaders.replayed]).toBe('true');
    expect(await stockQuantityOf(t.ctx, acc, String(goods.id))).toBe(10);
    // A refusal before any write (unknown record) is stored the same way.
    const missingKey = randomUUID();
    const missingUrl = `/api/WmsDocument/${randomUUID()}/confirm`;
    const device = { key: missingKey, deviceId: `refusing-${randomUUID()}`, mutationId: 7 };
    const missing = await push(t, admin, 'POST', missingUrl, device);
    expect(missing.statusCode).toBe(404);
    expect((await storedMutation(missingKey))?.statusCode).toBe(404);
    const [seen] = await t.ctx.db
      .select()
      .from(syncDevice)
      .where(and(eq(syncDevice.clientAccountId, acc), eq(syncDevice.deviceId, device.deviceId)));
    expect(seen?.lastMutationId).toBe(7);
    const missingAgain = await push(t, admin, 'POST', missingUrl, device);
    expect([missingAgain.statusCode, missingAgain.body]).toEqual([404, missing.body]);
    expect(missingAgain.headers[syncHeaders.replayed]).toBe('true');
  });

  it('a transient refusal (406 numberCollision) is not stored: the retry under the same key runs', async () => {
    const number = `OWN-${randomUUID().slice(0, 8)}`;
    const taken = await push(t, admin, 'POST', '/api/WmsDocument', {
      payload: receipt(1, { documentNumber: number }),
    });
    expect(taken.statusCode, taken.body).toBe(201);
    const key = randomUUID();
    const body = receipt(1, { documentNumber: number });
    const collided = await push(t, admin, 'POST', '/api/WmsDocument', { key, payload: body });
    expect(collided.statusCode, collided.body).toBe(406);
    expect(await storedMutation(key)).toBeUndefined();
    const renumbered = await push(t, admin, 'POST', '/api/WmsDocument', {
      key,
      payload: { ...body, documentNumber: `${number}-2` },
    });
    expect(renumbered.statusCode, renumbered.body).toBe(201);
    expect(renumbered.headers[syncHeaders.replayed]).toBeUndefined();
    expect(await documentCount(body.id)).toBe(1);
  });

  it('concurrent duplicates: one runs, the others get 409 mutationInProgress or its stored answer', async () => {
    const key = randomUUID();
    const body = receipt();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => push(t, admin, 'POST', '/api/WmsDocument', { key, payload: body })),
    );
    const ran = answers.filter((a) => a.statusCode === 201 && a.headers[syncHeaders.replayed] === undefined);
    expect(ran).toHaveLength(1);
    for (const a of answers) {
      if (a === ran[0]) continue;
      if (a.statusCode === 409) expect(a.json().code).toBe('mutationInProgress');
      else
        expect([a.statusCode, a.headers[syncHeaders.replayed], a.body]).toEqual([201, 'true', ran[0]?.body]);
    }
    expect(await documentCount(body.id)).toBe(1);
    const later = await push(t, admin, 'POST', '/api/WmsDocument', { key, payload: body });
    expect([later.statusCode, later.body]).toEqual([201, ran[0]?.body]);
  });

  it('a mutation recorded without an outcome is in progress, and after a minute answered as done', async () => {
    const key = randomUUID();
    const url = `/api/WmsDocument/${randomUUID()}/confirm`;
    await t.ctx.db.insert(syncMutation).values({
      clientAccountId: acc,
      idempotencyKey: key,
      userId: String(admin.row.id),
      method: 'POST',
      path: url.toLowerCase(),
      xid: sql`pg_current_xact_id()`,
    });
    const busy = await push(t, admin, 'POST', url, { key });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('mutationInProgress');
    await t.ctx.db
      .update(syncMutation)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(syncMutation.idempotencyKey, key));
    const done = await push(t, admin, 'POST', url, { key });
    expect([done.statusCode, done.headers[syncHeaders.replayed], done.json()]).toEqual([200, 'true', {}]);
  });

  it('GET calls that write (GenerateDocuments) are handled the same', async () => {
    const goods = await anOrderProduct(t.ctx, acc);
    const order = await t.call(admin, 'POST', '/api/WmsOrder', {
      typeCode: 'OIN',
      destinationLocationId: location.id,
      saveAs: 'production',
      positions: [{ productId: goods.id, quantity: 3 }],
    });
    expect(order.statusCode, order.body).toBe(201);
    const key = randomUUID();
    const url = `/api/WmsOrder/${order.json().id}/GenerateDocuments?confirm=true`;
    const first = await push(t, admin, 'GET', url, { key });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().documents).toHaveLength(1);
    const again = await push(t, admin, 'GET', url, { key });
    expect([again.statusCode, again.headers[syncHeaders.replayed], again.body]).toEqual([
      200,
      'true',
      first.body,
    ]);
    expect(await stockQuantityOf(t.ctx, acc, String(goods.id))).toBe(3);
    // An ordinary GET without the key is not recorded.
    const count = Number(
      (
        await t.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(syncMutation)
          .where(eq(syncMutation.clientAccountId, acc))
      )[0]?.n,
    );
    await t.app.inject({ method: 'GET', url: `/api/WmsOrder/${order.json().id}`, headers: admin.headers });
    const after = Number(
      (
        await t.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(syncMutation)
          .where(eq(syncMutation.clientAccountId, acc))
      )[0]?.n,
    );
    expect(after).toBe(count);
  });
});

describe('headers', () => {
  it('refuses malformed sync headers and a key reused for another call with 400 badRequest', async () => {
    const cases: Record<string, string>[] = [
      { [syncHeaders.idempotencyKey]: 'short' },
      { [syncHeaders.idempotencyKey]: randomUUID(), [syncHeaders.deviceId]: 'has spaces' },
      {
        [syncHeaders.idempotencyKey]: randomUUID(),
        [syncHeaders.deviceId]: 'dev',
        [syncHeaders.mutationId]: 'x',
      },
      { [syncHeaders.idempotencyKey]: randomUUID(), [syncHeaders.mutationId]: '3' },
    ];
    for (const headers of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/WmsDocument',
        headers: { ...admin.headers, ...headers },
        payload: receipt(),
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.json().code).toBe('badRequest');
    }
    const key = randomUUID();
    expect((await push(t, admin, 'POST', '/api/WmsDocument', { key, payload: receipt() })).statusCode).toBe(
      201,
    );
    const reused = await push(t, admin, 'DELETE', `/api/WmsDocument/${randomUUID()}`, { key });
    expect([reused.statusCode, reused.json().code]).toEqual([400, 'badRequest']);
    const otherUser = await aSuperUser(t.ctx, acc);
    const stolen = await push(t, otherUser, 'POST', '/api/WmsDocument', { key, payload: receipt() });
    expect(stolen.statusCode).toBe(400);
  });

  it('refuses an Idempotency-Key on a call that is no synced intent (only intents run exactly once)', async () => {
    const key = randomUUID();
    const res = await push(t, admin, 'POST', '/api/WmsOrder', {
      key,
      payload: { typeCode: 'OIN', destinationLocationId: location.id, positions: [] },
    });
    expect([res.statusCode, res.json().code]).toEqual([400, 'badRequest']);
    expect(await storedMutation(key)).toBeUndefined();
  });

  it('without a session nothing is recorded: 401, and the retry after sign-in runs', async () => {
    const key = randomUUID();
    const body = receipt();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/WmsDocument',
      headers: { [syncHeaders.idempotencyKey]: key },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(await storedMutation(key)).toBeUndefined();
    expect((await push(t, admin, 'POST', '/api/WmsDocument', { key, payload: body })).statusCode).toBe(201);
  });
});

describe('lastMutationId', () => {
  it('is the device’s last mutation whose change the feed has delivered, per device and user', async () => {
    const user = await aUser(t.ctx, acc, { terminalEnabled: true, logisticsEnabled: true });
    const device = `dev-${randomUUID().slice(0, 8)}`;
    const before = await pullAll(t, user, undefined, { deviceId: device });
    expect(before.lastMutationId).toBe(0);
    const ids: string[] = [];
    for (const mutationId of [1, 2, 3]) {
      const body = receipt(mutationId);
      ids.push(body.id);
      const res = await push(t, user, 'POST', '/api/WmsDocument', {
        payload: body,
        deviceId: device,
        mutationId,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // Page by page: lastMutationId never names a mutation whose document has not been delivered yet.
    let cursor = before.cursor;
    const delivered = new Set<string>();
    for (;;) {
      const page = await pullPage(t, user, cursor, { deviceId: device, limit: 1 });
      for (const c of page.changes) delivered.add(c.id);
      for (let m = 1; m <= page.lastMutationId; m++) expect(delivered.has(ids[m - 1] ?? '')).toBe(true);
      cursor = page.cursor;
      if (!page.hasMore) {
        expect(page.lastMutationId).toBe(3);
        break;
      }
    }
    const [row] = await t.ctx.db
      .select()
      .from(syncDevice)
      .where(and(eq(syncDevice.deviceId, device), eq(syncDevice.userId, String(user.row.id))));
    expect(row?.lastMutationId).toBe(3);
    expect((await pullAll(t, user, undefined, { deviceId: 'another-device' })).lastMutationId).toBe(0);
    expect((await pullAll(t, admin, undefined, { deviceId: device })).lastMutationId).toBe(0);
  });
});
