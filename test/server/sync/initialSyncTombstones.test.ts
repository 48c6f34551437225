import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../domain/errors';
import { changesLimits } from '../../../domain/sync/wire';
import { maxScanned } from '../../../server/sync/changeFeed';
import { compareCursors, encodeCursor, parseCursor, startCursor } from '../../../server/sync/cursor';
import {
  anAccount,
  anOrderLocation,
  anOrderProduct,
  anOrderRow,
  aSuperUser,
  receiveStock,
  stockRowsOf,
} from '../../support/builders';
import {
  deleteOf,
  keysOf,
  pullAll,
  pullPage,
  settledPage,
  settledWatermark,
  upsertOf,
} from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';

/**
 * An initial sync (a read from the start) ships no tombstone of a record it never delivered: deletes and scope
 * exits from before its first snapshot are left out (server/sync/cursor.ts, the horizon); everything that
 * happens to a record after the sync began still reaches the client, and incremental pulls are unchanged.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const productTable = () => {
  const products = t.ctx.schema.resourceTables.product;
  if (!products?.id) throw new Error('no product table');
  return products;
};

/** Products inserted in one statement (one transaction). */
const manyProducts = async (acc: string, count: number): Promise<string[]> => {
  const rows = Array.from({ length: count }, (_, i) => ({
    clientAccountId: acc,
    index: `T-${randomUUID().slice(0, 8)}-${i}`,
    name: `Tomb ${i}`,
  }));
  const made = await t.ctx.db.insert(productTable()).values(rows).returning();
  return made.map((r) => String(r.id));
};

const deleteProducts = async (ids: readonly string[]): Promise<void> => {
  const products = productTable();
  if (!products.id) throw new Error('no product id');
  await t.ctx.db.delete(products).where(inArray(products.id, [...ids]));
};

const setOrderStatus = async (orderId: string, statusCode: string): Promise<void> => {
  const orders = t.ctx.schema.resourceTables.wmsOrder;
  if (!orders?.id) throw new Error('no order table');
  await t.ctx.db.update(orders).set({ statusCode }).where(eq(orders.id, orderId));
};

/** The horizon part of a cursor (`1.<xid>.<seq>.<horizon>[.<remaining>]`), undefined without one. */
const horizonOf = (cursor: string): string | undefined => cursor.split('.')[3];

describe('initial sync', () => {
  it('ships none of the deletes and scope exits that happened before it, over several pages', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    // A device that synced before all this: its incremental pull must still get every tombstone.
    const earlier = (await pullAll(t, admin)).cursor;

    const kept = await manyProducts(acc, 12);
    const gone = await manyProducts(acc, 40);
    await deleteProducts(gone);
    const location = await anOrderLocation(t.ctx, acc);
    const product = await anOrderProduct(t.ctx, acc);
    // A confirmed receipt is out of scope from its first change: the document and its line are never sent.
    const receipt = await receiveStock(t.ctx, admin, String(location.id), [
      { productId: product.id, quantity: 5 },
    ]);
    const [stock] = await stockRowsOf(t.ctx, acc, String(product.id));
    // An order that left the floor before the sync, with its position.
    const done = await anOrderRow(t.ctx, acc, { statusCode: 'inProgress' }, [
      { productId: product.id, quantity: 1 },
    ]);
    await setOrderStatus(String(done.id), 'finished');

    const initial = await pullAll(t, admin, undefined, { limit: 7 });
    expect(initial.pages.length).toBeGreaterThan(2);
    expect(initial.changes.filter((c) => c.op === 'delete')).toEqual([]);
    expect(keysOf(initial.changes)).toEqual(
      [
        upsertOf('logisticsConfig', acc),
        ...kept.map((id) => upsertOf('product', id)),
        upsertOf('product', product.id),
        upsertOf('storageSpace', location.id),
        upsertOf('stock', stock?.id),
      ].sort(),
    );
    // Pages while there is more carry the horizon (one and the same); the last cursor, the watermark, does not.
    const middle = initial.pages.slice(0, -1).map((p) => horizonOf(p.cursor));
    expect(middle.every((h) => h !== undefined && h === middle[0])).toBe(true);
    expect(horizonOf(initial.cursor)).toBeUndefined();
    // The count of what waits leaves the skipped deletes out (it still counts the scope exits: 20 log rows
    // besides the deletes, 7 of them on the first page).
    expect(initial.pages[0]?.remaining).toBe(13);
    expect((await pullAll(t, admin, initial.cursor)).changes).toEqual([]);

    const incremental = await pullAll(t, admin, earlier, { limit: 7 });
    expect(keysOf(incremental.changes)).toEqual(
      expect.arrayContaining([
        ...gone.map((id) => deleteOf('product', id)),
        deleteOf('wmsDocument', receipt.id),
        deleteOf('wmsDocumentPosition', receipt.positions[0]?.id),
        deleteOf('wmsOrder', done.id),
      ]),
    );
    expect(incremental.pages.every((p) => horizonOf(p.cursor) === undefined)).toBe(true);
  });

  it('a record delivered on the first page and deleted or moved out of scope before the next is tombstoned', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const product = await anOrderProduct(t.ctx, acc);
    const order = await anOrderRow(t.ctx, acc, { statusCode: 'inProgress' });
    const later = await manyProducts(acc, 10);

    const first = await settledPage(t, admin, undefined, { limit: 3 });
    expect(first.hasMore).toBe(true);
    expect(horizonOf(first.cursor)).toBeDefined();
    expect(keysOf(first.changes)).toEqual(
      [
        upsertOf('logisticsConfig', acc),
        upsertOf('product', product.id),
        upsertOf('wmsOrder', order.id),
      ].sort(),
    );

    await deleteProducts([String(product.id)]);
    await setOrderStatus(String(order.id), 'finished');
    const rest = await pullAll(t, admin, first.cursor, { limit: 3 });
    expect(keysOf(rest.changes)).toEqual(
      [
        ...later.map((id) => upsertOf('product', id)),
        deleteOf('product', product.id),
        deleteOf('wmsOrder', order.id),
      ].sort(),
    );
  });

  it('reads on past the rows it leaves out (a bounded number per page), and counts down what waits', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    // 50 orders that left the floor: log rows below the horizon that materialize to nothing.
    for (let i = 0; i < 50; i++) await anOrderRow(t.ctx, acc, { statusCode: 'finished' });
    const kept = await manyProducts(acc, 4);

    // A page reads at most 20 × limit log rows: the config and 39 orders, then it answers.
    const first = await settledPage(t, admin, undefined, { limit: 2 });
    expect(keysOf(first.changes)).toEqual([upsertOf('logisticsConfig', acc)]);
    expect(first.hasMore).toBe(true);
    // Counted on the first page: 11 orders and 4 products after the last row read.
    expect(first.remaining).toBe(15);
    // The next page reads past the other 11 orders to its two products, then the last two come.
    const second = await settledPage(t, admin, first.cursor, { limit: 2 });
    expect(keysOf(second.changes)).toEqual(
      kept
        .slice(0, 2)
        .map((id) => upsertOf('product', id))
        .sort(),
    );
    expect([second.hasMore, second.remaining]).toEqual([true, 2]);
    const third = await settledPage(t, admin, second.cursor, { limit: 2 });
    expect(keysOf(third.changes)).toEqual(
      kept
        .slice(2)
        .map((id) => upsertOf('product', id))
        .sort(),
    );
    expect([third.hasMore, third.remaining, horizonOf(third.cursor)]).toEqual([false, 0, undefined]);
  });

  it('a page reads on through at most 20 × limit log rows, and up to 100,000 at the largest pages', () => {
    expect(maxScanned(2)).toBe(40);
    expect(maxScanned(1000)).toBe(20_000);
    // An initial sync asks for the maximum: tens of thousands of rows of finished documents in one read.
    expect(maxScanned(changesLimits.max)).toBe(100_000);
    expect(maxScanned(200_000)).toBe(200_000);
  });

  it('an incremental pull after the initial sync still ships tombstones', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const ids = await manyProducts(acc, 5);
    const order = await anOrderRow(t.ctx, acc, { statusCode: 'waitingToProcess' });
    const initial = await pullAll(t, admin, undefined, { limit: 2 });
    expect(initial.changes).toHaveLength(7);

    await deleteProducts(ids.slice(0, 2));
    await setOrderStatus(String(order.id), 'finished');
    const next = await pullAll(t, admin, initial.cursor, { limit: 2 });
    expect(keysOf(next.changes)).toEqual(
      [deleteOf('product', ids[0]), deleteOf('product', ids[1]), deleteOf('wmsOrder', order.id)].sort(),
    );
  });

  it('a cursor without its horizon (an older server’s) continues as an incremental pull, tombstones and all', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    await manyProducts(acc, 4);
    const gone = await manyProducts(acc, 3);
    await deleteProducts(gone);

    const first = await settledPage(t, admin, undefined, { limit: 2 });
    const old = first.cursor.split('.').slice(0, 3).join('.');
    expect(old).not.toBe(first.cursor);
    const rest = await pullAll(t, admin, old);
    expect(keysOf(rest.changes)).toEqual(expect.arrayContaining(gone.map((id) => deleteOf('product', id))));
    const resumed = await pullAll(t, admin, first.cursor);
    expect(resumed.changes.filter((c) => c.op === 'delete')).toEqual([]);
  });
});

// Only PostgreSQL runs transactions side by side: a delete still running when the sync began lies above its horizon.
if (process.env.DATABASE_URL) {
  describe('horizon and running transactions (PostgreSQL)', () => {
    it('a delete committed by a transaction that was running at the first page is tombstoned', async () => {
      const acc = await anAccount(t.ctx);
      const admin = await aSuperUser(t.ctx, acc);
      const product = await anOrderProduct(t.ctx, acc);
      const later = await manyProducts(acc, 3);
      const pool = t.ctx.database.pool;
      if (!pool) throw new Error('no pool');
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('delete from product where id = $1', [product.id]);
        // A transaction of another database ending at that moment may hold the watermark back (pullAll's
        // settledWatermark); the first page is asked again until its watermark passes this file's own rows.
        let first = await pullPage(t, admin, undefined, { limit: 2 });
        for (let i = 0; i < 4000 && !first.hasMore; i++) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          first = await pullPage(t, admin, undefined, { limit: 2 });
        }
        expect(keysOf(first.changes)).toEqual(
          [upsertOf('logisticsConfig', acc), upsertOf('product', product.id)].sort(),
        );
        expect(horizonOf(first.cursor)).toBeDefined();
        await client.query('commit');
        const rest = await pullAll(t, admin, first.cursor, { limit: 2 });
        expect(keysOf(rest.changes)).toEqual(
          [...later.map((id) => upsertOf('product', id)), deleteOf('product', product.id)].sort(),
        );
      } finally {
        await client.query('rollback').catch(() => undefined);
        client.release();
      }
    });

    it('a pull reaches rows committed while an older transaction of this database still runs', async () => {
      const acc = await anAccount(t.ctx);
      const admin = await aSuperUser(t.ctx, acc);
      const pool = t.ctx.database.pool;
      if (!pool) throw new Error('no pool');
      const client = await pool.connect();
      try {
        await client.query('begin');
        const older = await client.query<{ x: string }>('select pg_current_xact_id()::text as x');
        const [committed] = await manyProducts(acc, 1);
        const logged = await client.query<{ x: string }>(
          'select max(xid)::text as x from sync_change where record_id = $1',
          [committed],
        );
        expect(BigInt(String(logged.rows[0]?.x))).toBeGreaterThan(BigInt(String(older.rows[0]?.x)));
        // What a test waits for (settledWatermark) lies past the committed row, not at the older transaction.
        const target = await settledWatermark(t);
        expect(target).toBeGreaterThan(BigInt(String(logged.rows[0]?.x)));
        const pulling = pullAll(t, admin);
        await client.query('commit');
        expect(keysOf((await pulling).changes)).toContain(upsertOf('product', committed));
      } finally {
        await client.query('rollback').catch(() => undefined);
        client.release();
      }
    });
  });
}

describe('cursor format', () => {
  it('reads old cursors without a horizon and new ones with it, and writes each back the same', () => {
    expect(parseCursor('1.12.34')).toEqual({ xid: 12n, seq: 34n });
    expect(parseCursor('1.12.34.56')).toEqual({ xid: 12n, seq: 34n, horizon: 56n });
    expect(parseCursor('1.12.34.56.789')).toEqual({ xid: 12n, seq: 34n, horizon: 56n, remaining: 789 });
    expect(parseCursor(undefined)).toEqual(startCursor);
    expect(parseCursor('')).toEqual(startCursor);
    for (const raw of [
      '1.12.34',
      '1.12.34.56',
      '1.12.34.56.0',
      '1.0.0',
      '1.18446744073709551615.0.18446744073709551615',
    ])
      expect(encodeCursor(parseCursor(raw))).toBe(raw);
    // The horizon is no part of the position.
    expect(compareCursors(parseCursor('1.12.34.56'), parseCursor('1.12.34'))).toBe(0);
  });

  it('refuses what it cannot read', () => {
    for (const raw of [
      '1.12',
      '1.12.34.56.78.9',
      '2.12.34',
      '1.12.34.',
      '1.012.34',
      '1.1.2.18446744073709551616',
      '1.1.2.3.-4',
      7,
    ])
      expect(() => parseCursor(raw)).toThrow(AppError);
  });

  it('answers 400 for an unreadable cursor and 200 for both forms over HTTP', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/sync/changes?since=1.1.2.3.4.5',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    // Whole pulls: on PostgreSQL one page may stop short behind a transaction still running (settledWatermark).
    const fromStart = await pullAll(t, admin, '1.0.0');
    expect(keysOf(fromStart.changes)).toEqual([upsertOf('logisticsConfig', acc)]);
    // A horizon of 0 leaves nothing out.
    expect(keysOf((await pullAll(t, admin, '1.0.0.0')).changes)).toEqual([upsertOf('logisticsConfig', acc)]);
  });
});
