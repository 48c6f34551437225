import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { rowsOf } from '../../../server/db/rawRows';
import { DiscussionService } from '../../../server/discussions/discussionService';
import {
  decodeRelay,
  encodeRelay,
  maxPayloadBytes,
  type RelayMessage,
  startPgRelay,
} from '../../../server/hub/pgRelay';
import { parseCursor } from '../../../server/sync/cursor';
import { anAccount, aPowerUser, aSuperUser, type TestUser } from '../../support/builders';
import { createTestDatabaseUrl, type TestDatabase } from '../../support/pgDatabase';
import { createTestApp, type TestApp, testConfig } from '../../support/testApp';
import { connectClient, editorIds, eventually, lastChangeFor, listen, type TestHubClient } from './hubClient';

interface Cluster {
  /** The process writes go through, and the one the second client connects to (the same one when single). */
  readonly a: FastifyInstance;
  readonly b: FastifyInstance;
  readonly aUrl: string;
  readonly bUrl: string;
}

/**
 * What must hold whether the hub runs in one process or in several on one database: a client
 * connected to B hears of changes made through A and of edit modes held on A.
 */
const relayScenarios = (cluster: () => Cluster) => {
  let acc: string;
  let ann: TestUser;
  let bob: TestUser;
  let sue: TestUser;
  const clients: TestHubClient[] = [];
  const connect = async (url: string, user: TestUser) => {
    const client = await connectClient(url, user.token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    const { a } = cluster();
    acc = await anAccount(a.ctx);
    ann = await aSuperUser(a.ctx, acc, { visibleName: 'Ann' });
    bob = await aPowerUser(a.ctx, acc, { visibleName: 'Bob' });
    sue = await aSuperUser(a.ctx, await anAccount(a.ctx), { visibleName: 'Sue' });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
  });

  it("delivers a discussion's message written through A to its participants on B, whatever their account", async () => {
    const { a, bUrl } = cluster();
    const carrierAcc = await anAccount(a.ctx);
    const carrier = await aPowerUser(a.ctx, carrierAcc, { visibleName: 'Carl' });
    const thread = await a.ctx.db.transaction((tx) =>
      new DiscussionService(a.ctx).open(tx, {
        clientAccountId: acc,
        refResourceType: 'relayTest',
        refResourceId: randomUUID(),
        threadKey: 'carrier',
        topic: 'Relay thread',
        audience: { kind: 'members', accounts: [acc, carrierAcc] },
        participants: [{ userId: String(carrier.row.id), clientAccountId: carrierAcc }],
      }),
    );
    const carrierOnB = await connect(bUrl, carrier);
    const sueOnB = await connect(bUrl, sue);
    const res = await a.inject({
      method: 'POST',
      url: `/api/Discussion/${thread.id}/messages`,
      headers: ann.headers,
      payload: { text: 'Over the relay' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const messageId = (res.json() as { discussionMessageId: string }).discussionMessageId;
    await eventually(() =>
      expect(carrierOnB.events).toContainEqual(
        expect.objectContaining({
          resourceType: 'discussion',
          id: thread.id,
          discussionMessageId: messageId,
        }),
      ),
    );
    expect(sueOnB.events.filter((e) => e.resourceType === 'discussion')).toEqual([]);
  });

  it('pokes a feed follower on B for a change made through A, with a position past the change', async () => {
    const { a, bUrl } = cluster();
    const onB = await connect(bUrl, bob);
    const pokes: { cursor?: string }[] = [];
    onB.connection.on('feed', (poke: { cursor?: string }) => pokes.push(poke));
    expect(await onB.connection.invoke('FollowFeed')).toBe(true);
    const res = await a.inject({
      method: 'POST',
      url: '/api/ProductGroup',
      headers: ann.headers,
      payload: { name: `Poked ${Date.now()}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [logged] = rowsOf(
      await a.ctx.db.execute(
        sql`select xid::text as xid from sync_change where record_id = ${res.json().id}::uuid order by xid desc limit 1`,
      ),
    );
    await eventually(() => expect(pokes.length).toBeGreaterThan(0));
    expect(parseCursor(pokes.at(-1)?.cursor).xid).toBeGreaterThan(BigInt(String(logged?.xid)));
  });

  it('delivers a change made through A to a client of B, and not to another account', async () => {
    const { a, aUrl, bUrl } = cluster();
    const onA = await connect(aUrl, bob);
    const onB = await connect(bUrl, bob);
    const foreignOnB = await connect(bUrl, sue);
    const res = await a.inject({
      method: 'POST',
      url: '/api/ProductGroup',
      headers: ann.headers,
      payload: { name: `Relay ${Date.now()}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as { id: string }).id;
    const event = { resourceType: 'productGroup', id, action: 'create' };
    await eventually(() => expect(onB.events).toContainEqual(event));
    await eventually(() => expect(onA.events).toContainEqual(event));
    expect(onB.events.filter((e) => e.id === id)).toHaveLength(1);

    // Sue's own change arrives after Ann's would have: Ann's never reached her.
    const own = await a.inject({
      method: 'POST',
      url: '/api/ProductGroup',
      headers: sue.headers,
      payload: { name: `Relay ${Date.now()}` },
    });
    const ownId = (own.json() as { id: string }).id;
    await eventually(() => expect(foreignOnB.events.map((e) => e.id)).toContain(ownId));
    expect(foreignOnB.events.map((e) => e.id)).not.toContain(id);
  });

  it('relays a burst of changes (one tick, many NOTIFY-sized batches) completely and in order', async () => {
    const { a, bUrl } = cluster();
    const onB = await connect(bUrl, bob);
    const ids = Array.from({ length: 500 }, (_, i) => `burst-${String(i).padStart(4, '0')}-${randomUUID()}`);
    for (const id of ids)
      a.ctx.changes.next({ clientAccountId: acc, resourceType: 'stock', id, action: 'update' });
    await eventually(() => expect(onB.events.filter((e) => e.id.startsWith('burst-'))).toHaveLength(500));
    expect(onB.events.filter((e) => e.id.startsWith('burst-')).map((e) => e.id)).toEqual(ids);
  });

  it('shows edit modes held on A to B and the other way round; they end with the connection', async () => {
    const { aUrl, bUrl } = cluster();
    const annOnA = await connect(aUrl, ann);
    const bobOnB = await connect(bUrl, bob);
    const sueOnB = await connect(bUrl, sue);
    const record = `relay-${Date.now()}`;

    await annOnA.connection.invoke('EnterEditMode', 'product', record, 'ann-1');
    await eventually(() => {
      const seen = lastChangeFor(bobOnB, 'product', record);
      expect(editorIds(seen)).toEqual([String(ann.row.id)]);
      expect(seen?.correlationId).toBe('ann-1');
    });
    const onB = await bobOnB.connection.invoke('EnterEditMode', 'product', record, 'bob-1');
    expect(editorIds(onB as { editors: [] })).toEqual([String(ann.row.id), String(bob.row.id)].sort());
    await eventually(() =>
      expect(editorIds(lastChangeFor(annOnA, 'product', record))).toEqual(
        [String(ann.row.id), String(bob.row.id)].sort(),
      ),
    );
    const fromA = await annOnA.connection.invoke('GetEditMode', 'product', record, 'ann-2');
    expect(editorIds(fromA as { editors: [] })).toHaveLength(2);

    await annOnA.stop();
    await eventually(() =>
      expect(editorIds(lastChangeFor(bobOnB, 'product', record))).toEqual([String(bob.row.id)]),
    );
    const left = await bobOnB.connection.invoke('GetEditMode', 'product', record, 'bob-2');
    expect(editorIds(left as { editors: [] })).toEqual([String(bob.row.id)]);
    expect(sueOnB.editModeChanges.filter((c) => c.id === record)).toEqual([]);
  });
};

describe('live connection in one server process (PGlite or PostgreSQL)', () => {
  // The shared migrated test database: a fresh one migrated here took minutes on a saturated machine.
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  relayScenarios(() => ({ a: t.app, b: t.app, aUrl: url, bUrl: url }));

  it('keeps relay messages within the NOTIFY payload limit', () => {
    const editor = { userId: 'u', userName: 'Ж'.repeat(200), since: new Date().toISOString() };
    const record = { clientAccountId: 'a', resourceType: 'x'.repeat(100), id: 'Ж'.repeat(200) };
    const edit: RelayMessage = { k: 'edit', r: record, h: 'o/c', e: editor, cid: 'c'.repeat(200) };
    const text = encodeRelay('origin', edit);
    expect(text).toBeDefined();
    expect(Buffer.byteLength(text ?? '', 'utf8')).toBeLessThanOrEqual(maxPayloadBytes);
    expect(decodeRelay(text ?? '')).toEqual({ origin: 'origin', message: edit });
    const entries = Array.from({ length: 20 }, (_, i) => ({ record, holder: `o/${i}`, editor }));
    expect(encodeRelay('origin', { k: 'state', to: 'x', entries })).toBeUndefined();
    expect(decodeRelay('{"o":"x","m":{"k":"nonsense"}}')).toBeUndefined();
  });
});

// Several processes need PostgreSQL (LISTEN/NOTIFY); on PGlite a single process is all there is.
if (process.env.DATABASE_URL) {
  describe('live connection across server processes on one PostgreSQL (LISTEN/NOTIFY)', () => {
    let db: TestDatabase;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let aUrl: string;
    let bUrl: string;
    beforeAll(async () => {
      db = await createTestDatabaseUrl({ migrated: true });
      a = await buildApp({ config: { ...testConfig, databaseUrl: db.url } });
      b = await buildApp({ config: { ...testConfig, databaseUrl: db.url } });
      aUrl = await listen(a);
      bUrl = await listen(b);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await db?.drop();
    });

    relayScenarios(() => ({ a, b, aUrl, bUrl }));

    it('tells a process that joins late who edits what, and forgets a process that stops', async () => {
      const acc = await anAccount(a.ctx);
      const ann = await aSuperUser(a.ctx, acc);
      const bob = await aPowerUser(a.ctx, acc);
      const annOnA = await connectClient(aUrl, ann.token);
      await annOnA.connection.invoke('EnterEditMode', 'product', 'late-1', 'x');

      const c = await buildApp({ config: { ...testConfig, databaseUrl: db.url } });
      let cClosed = false;
      try {
        const cUrl = await listen(c);
        const bobOnC = await connectClient(cUrl, bob.token);
        await eventually(async () => {
          const seen = await bobOnC.connection.invoke('GetEditMode', 'product', 'late-1', 'y');
          expect(editorIds(seen as { editors: [] })).toEqual([String(ann.row.id)]);
        });

        // Bob edits on C; when C stops, A forgets Bob's edit mode.
        await bobOnC.connection.invoke('EnterEditMode', 'product', 'late-1', 'z');
        await eventually(() =>
          expect(editorIds(lastChangeFor(annOnA, 'product', 'late-1'))).toEqual(
            [String(ann.row.id), String(bob.row.id)].sort(),
          ),
        );
        await c.close();
        cClosed = true;
        await eventually(() =>
          expect(editorIds(lastChangeFor(annOnA, 'product', 'late-1'))).toEqual([String(ann.row.id)]),
        );
      } finally {
        if (!cClosed) await c.close();
        await annOnA.stop();
      }
    });

    it('re-establishes LISTEN after its connection is killed, and resyncs edit modes', async () => {
      const acc = await anAccount(a.ctx);
      const ann = await aSuperUser(a.ctx, acc);
      const bob = await aPowerUser(a.ctx, acc);
      const annOnA = await connectClient(aUrl, ann.token);
      const bobOnB = await connectClient(bUrl, bob.token);
      try {
        await annOnA.connection.invoke('EnterEditMode', 'product', 'killed-1', 'k');
        const admin = new pg.Client({ connectionString: db.url });
        await admin.connect();
        try {
          const killed = await admin.query(
            `select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()
                and (query ilike 'listen %' or query ilike 'select pg_notify%')`,
          );
          expect(killed.rowCount).toBeGreaterThanOrEqual(2);
        } finally {
          await admin.end();
        }
        // Both processes reconnect; changes flow again and B learns Ann's edit mode anew.
        await eventually(async () => {
          const res = await a.inject({
            method: 'POST',
            url: '/api/ProductGroup',
            headers: ann.headers,
            payload: { name: `After ${randomUUID()}` },
          });
          const id = (res.json() as { id: string }).id;
          await new Promise((r) => setTimeout(r, 200));
          expect(bobOnB.events.map((e) => e.id)).toContain(id);
        });
        // A's edit modes come as its answer to B's hello, which may follow the first change relayed after both
        // are back (A flushes its queued changes before it says hello): B learns them soon, not at once.
        await eventually(async () => {
          const seen = await bobOnB.connection.invoke('GetEditMode', 'product', 'killed-1', 'k2');
          expect(editorIds(seen as { editors: [] })).toEqual([String(ann.row.id)]);
        });
      } finally {
        await annOnA.stop();
        await bobOnB.stop();
      }
    });

    it('relays between pooled LISTEN connections, each process ignoring its own messages', async () => {
      const pool = new pg.Pool({ connectionString: db.url, max: 4 });
      const heard: { by: string; from: string; message: RelayMessage }[] = [];
      const relays = await Promise.all(
        ['one', 'two'].map((origin) =>
          startPgRelay(pool, {
            origin,
            onMessage: (from, message) => heard.push({ by: origin, from, message }),
            onReady: () => undefined,
            onError: (error) => {
              throw error;
            },
          }),
        ),
      );
      try {
        const change = {
          clientAccountId: 'acc',
          resourceType: 'product',
          id: 'p',
          action: 'update',
        } as const;
        relays[0]?.publish({ k: 'changes', c: [change] });
        await eventually(() =>
          expect(heard).toContainEqual({ by: 'two', from: 'one', message: { k: 'changes', c: [change] } }),
        );
        relays[1]?.publish({ k: 'alive' });
        await eventually(() =>
          expect(heard).toContainEqual({ by: 'one', from: 'two', message: { k: 'alive' } }),
        );
        expect(heard.filter((h) => h.by === h.from)).toEqual([]);
      } finally {
        await Promise.all(relays.map((r) => r.close()));
        await pool.end();
      }
    });
  });
}
