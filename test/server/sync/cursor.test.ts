import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  aSuperUser,
  type TestUser,
} from '../../support/builders';
import { createTestDatabaseUrl } from '../../support/pgDatabase';
import { keysOf, pullAll, pullPage, push, settledPage, upsertOf } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const fresh = async () => {
  const acc = await anAccount(t.ctx);
  const admin = await aSuperUser(t.ctx, acc);
  const start = (await pullAll(t, admin)).cursor;
  return { acc, admin, start };
};

/** Products inserted in one statement (one transaction): `count` changes sharing one xid. */
const manyProducts = async (acc: string, count: number): Promise<string[]> => {
  const products = t.ctx.schema.resourceTables.product;
  if (!products) throw new Error('no product table');
  const rows = Array.from({ length: count }, (_, i) => ({
    clientAccountId: acc,
    index: `B-${randomUUID().slice(0, 8)}-${i}`,
    name: `Bulk ${i}`,
  }));
  const made = await t.ctx.db.insert(products).values(rows).returning();
  return made.map((r) => String(r.id));
};

describe('paging', () => {
  it('small pages deliver every change once, in order, with the exact number still waiting', async () => {
    const { acc, admin, start } = await fresh();
    const ids = [...(await manyProducts(acc, 60))];
    for (let i = 0; i < 4; i++) ids.push(...(await manyProducts(acc, 3)));
    const location = await anOrderLocation(t.ctx, acc);
    const total = ids.length + 1;

    const seen: string[] = [];
    let cursor = start;
    let pages = 0;
    for (;;) {
      const page = await settledPage(t, admin, cursor, { limit: 7 });
      pages++;
      seen.push(...page.changes.map((c) => c.id));
      expect(page.remaining).toBe(total - seen.length);
      expect(page.hasMore).toBe(page.remaining > 0);
      if (page.hasMore) expect(page.changes).toHaveLength(7);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages).toBe(Math.ceil(total / 7));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...ids, String(location.id)].sort());
    // The location was written last: it is the last change delivered.
    expect(seen.at(-1)).toBe(location.id);
    expect((await pullAll(t, admin, cursor)).changes).toEqual([]);
  });

  it('a page that ends exactly at the last change says there is no more', async () => {
    const { acc, admin, start } = await fresh();
    await manyProducts(acc, 5);
    const page = await settledPage(t, admin, start, { limit: 5 });
    expect([page.changes.length, page.hasMore, page.remaining]).toEqual([5, false, 0]);
    expect((await pullPage(t, admin, page.cursor, { limit: 5 })).changes).toEqual([]);
  });

  it('a cursor is never moved backwards by a read', async () => {
    const { admin, start } = await fresh();
    const again = await pullPage(t, admin, start);
    const [, xid] = start.split('.');
    const [, xidAgain] = again.cursor.split('.');
    expect(BigInt(xidAgain ?? '0') >= BigInt(xid ?? '0')).toBe(true);
    const future = '1.999999999999.0';
    expect((await pullPage(t, admin, future)).cursor).toBe(future);
  });
});

// Only PostgreSQL runs transactions side by side (PGlite has one connection): the watermark is tested there.
if (process.env.DATABASE_URL) {
  describe('watermark (PostgreSQL)', () => {
    const held = async (work: (client: pg.PoolClient) => Promise<void>) => {
      const pool = t.ctx.database.pool;
      if (!pool) throw new Error('no pool');
      const client = await pool.connect();
      try {
        await work(client);
      } finally {
        await client.query('rollback').catch(() => undefined);
        client.release();
      }
    };
    const insertProduct = async (client: pg.PoolClient, acc: string): Promise<string> => {
      const res = await client.query<{ id: string }>(
        `insert into product (client_account_id, index, name) values ($1, $2, 'Held') returning id`,
        [acc, `H-${randomUUID().slice(0, 8)}`],
      );
      return String(res.rows[0]?.id);
    };

    it('a row committed after a later transaction (lower xid and seq) is not skipped', async () => {
      const { acc, admin, start } = await fresh();
      await held(async (client) => {
        await client.query('begin');
        const early = await insertProduct(client, acc);
        const later = await anOrderProduct(t.ctx, acc);
        // The later product is committed, but the open transaction holds the watermark below it.
        const during = await pullAll(t, admin, start, { until: 'running' });
        expect(during.changes).toEqual([]);
        await client.query('commit');
        const after = await pullAll(t, admin, during.cursor);
        expect(keysOf(after.changes)).toEqual(
          [upsertOf('product', early), upsertOf('product', later.id)].sort(),
        );
        expect((await pullAll(t, admin, after.cursor)).changes).toEqual([]);
      });
    });

    it('a transaction that began first but writes after another commits is delivered too', async () => {
      const { acc, admin, start } = await fresh();
      await held(async (client) => {
        await client.query('begin');
        await client.query('select pg_current_xact_id()');
        const first = await anOrderProduct(t.ctx, acc);
        const during = await pullAll(t, admin, start, { until: 'running' });
        expect(during.changes).toEqual([]);
        const late = await insertProduct(client, acc);
        await client.query('commit');
        const after = await pullAll(t, admin, during.cursor);
        expect(keysOf(after.changes)).toEqual(
          [upsertOf('product', first.id), upsertOf('product', late)].sort(),
        );
      });
    });

    it('lastMutationId waits for the data: a mutation committed above the watermark is not reported', async () => {
      const { acc, admin, start } = await fresh();
      const location = await anOrderLocation(t.ctx, acc);
      const product = await anOrderProduct(t.ctx, acc);
      const ready = await pullAll(t, admin, start, { deviceId: 'dev-w' });
      await held(async (client) => {
        await client.query('begin');
        const early = await insertProduct(client, acc);
        const doc = await push(t, admin, 'POST', '/api/WmsDocument', {
          deviceId: 'dev-w',
          mutationId: 1,
          payload: {
            typeCode: 'DIN',
            destinationLocationId: location.id,
            positions: [{ productId: product.id, quantity: 1 }],
          },
        });
        expect(doc.statusCode, doc.body).toBe(201);
        const during = await pullAll(t, admin, ready.cursor, { deviceId: 'dev-w', until: 'running' });
        expect([during.changes, during.lastMutationId]).toEqual([[], 0]);
        await client.query('commit');
        const after = await pullAll(t, admin, during.cursor, { deviceId: 'dev-w' });
        expect(after.lastMutationId).toBe(1);
        expect(keysOf(after.changes)).toEqual(
          [
            upsertOf('product', early),
            upsertOf('wmsDocument', doc.json().id),
            upsertOf('wmsDocumentPosition', doc.json().positions[0].id),
          ].sort(),
        );
      });
    });

    it('transactions of other databases on the same server do not hold the watermark back', async () => {
      const { acc, admin, start } = await fresh();
      const other = await createTestDatabaseUrl();
      const client = new pg.Client({ connectionString: other.url });
      await client.connect();
      try {
        await client.query('begin');
        await client.query('select pg_current_xact_id()');
        const product = await anOrderProduct(t.ctx, acc);
        const pulled = await pullAll(t, admin, start);
        expect(keysOf(pulled.changes)).toEqual([upsertOf('product', product.id)]);
      } finally {
        await client.query('rollback').catch(() => undefined);
        await client.end();
        await other.drop();
      }
    });
  });
}

/** Staff of a second user see the same feed: the cursor is per read, nothing is stored per reader. */
describe('readers', () => {
  it('two users of one account read the same changes from their own cursors', async () => {
    const { acc, admin, start } = await fresh();
    const second: TestUser = await aSuperUser(t.ctx, acc);
    const product = await anOrderProduct(t.ctx, acc);
    const a = await pullAll(t, admin, start);
    const b = await pullAll(t, second, start);
    expect(keysOf(a.changes)).toEqual([upsertOf('product', product.id)]);
    expect(b.changes).toEqual(a.changes);
  });
});
