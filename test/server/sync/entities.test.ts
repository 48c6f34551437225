import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logisticsConfigSchema } from '../../../domain/warehouse/logisticsConfig';
import { rowsOf } from '../../../server/db/rawRows';
import type { Row } from '../../../server/resources/rows';
import {
  aDocument,
  anAccount,
  anOrderLocation,
  anOrderProduct,
  anOrderRow,
  aSuperUser,
  aUser,
  receiveStock,
  setLogisticsConfig,
  stockRowsOf,
  type TestUser,
} from '../../support/builders';
import { aRow, dataOf, deleteOf, keysOf, pullAll, upsertOf } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';

/**
 * One spec per replicated entity: build records, pull from the start, acknowledge (pulling again from the cursor
 * gives nothing), change → pulled exactly once, delete or leave the scope → tombstone. Every test has an account
 * of its own, so each pull is asserted whole.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: TestUser, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Row }),
  });
const apiRow = async (who: TestUser, url: string): Promise<Row> => {
  const res = await call(who, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** A fresh account with a staff user, its feed already read to the end. */
const fresh = async () => {
  const acc = await anAccount(t.ctx);
  const admin = await aSuperUser(t.ctx, acc);
  const start = (await pullAll(t, admin)).cursor;
  return { acc, admin, start };
};

/** Pulling again from a cursor gives nothing new. */
const expectAcknowledged = async (who: TestUser, cursor: string) => {
  const again = await pullAll(t, who, cursor);
  expect(again.changes).toEqual([]);
  return again.cursor;
};

interface PlainCase {
  readonly entity: 'product' | 'productGroup' | 'storageSpace' | 'storageSpaceType' | 'company';
  readonly path: string;
  readonly make: (acc: string) => Promise<Row>;
  readonly change: Row;
}

const suffix = () => randomUUID().slice(0, 8).toUpperCase();
const plainCases: PlainCase[] = [
  {
    entity: 'product',
    path: 'Product',
    make: (acc) => anOrderProduct(t.ctx, acc),
    change: { name: 'Renamed product' },
  },
  {
    entity: 'productGroup',
    path: 'ProductGroup',
    make: (acc) => aRow(t.ctx, 'productGroup', acc, { name: `Group ${suffix()}` }),
    change: { name: 'Renamed group' },
  },
  {
    entity: 'storageSpace',
    path: 'StorageSpace',
    make: (acc) => anOrderLocation(t.ctx, acc),
    change: { description: 'Aisle 7, top shelf' },
  },
  {
    entity: 'storageSpaceType',
    path: 'StorageSpaceType',
    make: (acc) => aRow(t.ctx, 'storageSpaceType', acc, { code: `T${suffix()}` }),
    change: { description: 'Pallet racks' },
  },
  {
    entity: 'company',
    path: 'Company',
    make: (acc) => aRow(t.ctx, 'company', acc, { shortName: `C-${suffix()}` }),
    change: { fullName: 'Company in full' },
  },
];

describe.each(plainCases)('$entity', ({ entity, path, make, change }) => {
  it('is pulled as the API returns it, acknowledged, changed once, deleted as a tombstone', async () => {
    const { acc, admin, start } = await fresh();
    const row = await make(acc);
    const id = String(row.id);

    const first = await pullAll(t, admin, start);
    expect(keysOf(first.changes)).toEqual([upsertOf(entity, id)]);
    expect(dataOf(first.changes, entity, id)).toEqual(await apiRow(admin, `/api/${path}/${id}`));
    const acked = await expectAcknowledged(admin, first.cursor);

    const put = await call(admin, 'PUT', `/api/${path}/${id}`, change);
    expect(put.statusCode, put.body).toBe(200);
    const second = await pullAll(t, admin, acked);
    expect(keysOf(second.changes)).toEqual([upsertOf(entity, id)]);
    expect(dataOf(second.changes, entity, id)).toEqual(put.json());
    expect(dataOf(second.changes, entity, id)).toMatchObject(change);
    const acked2 = await expectAcknowledged(admin, second.cursor);

    const del = await call(admin, 'DELETE', `/api/${path}/${id}`);
    expect(del.statusCode, del.body).toBe(204);
    const third = await pullAll(t, admin, acked2);
    expect(keysOf(third.changes)).toEqual([deleteOf(entity, id)]);
    await expectAcknowledged(admin, third.cursor);
  });
});

describe('logisticsConfig', () => {
  it('is one record per account (id = the account), defaults included; a change is pulled once', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const first = await pullAll(t, admin);
    expect(keysOf(first.changes)).toEqual([upsertOf('logisticsConfig', acc)]);
    expect(dataOf(first.changes, 'logisticsConfig', acc)).toEqual(logisticsConfigSchema.parse({}));
    const acked = await expectAcknowledged(admin, first.cursor);

    await setLogisticsConfig(t.ctx, acc, { workingCopiesCountInStock: true, workingCopyPrefix: 'TMP-' });
    const second = await pullAll(t, admin, acked);
    expect(keysOf(second.changes)).toEqual([upsertOf('logisticsConfig', acc)]);
    expect(dataOf(second.changes, 'logisticsConfig', acc)).toEqual(
      logisticsConfigSchema.parse({ workingCopiesCountInStock: true, workingCopyPrefix: 'TMP-' }),
    );
    const acked2 = await expectAcknowledged(admin, second.cursor);

    // Writing the same config again, or other account fields, is no change of the config.
    await setLogisticsConfig(t.ctx, acc, { workingCopiesCountInStock: true, workingCopyPrefix: 'TMP-' });
    await t.ctx.db.execute(sql`update client_account set app_title = 'Renamed' where id = ${acc}`);
    await expectAcknowledged(admin, acked2);
  });
});

describe('stock', () => {
  it('rows move with confirmed documents: pulled in the documented shape, changed once, gone at zero', async () => {
    const { acc, admin, start } = await fresh();
    const product = await anOrderProduct(t.ctx, acc);
    const location = await anOrderLocation(t.ctx, acc);
    const catalogue = await pullAll(t, admin, start);

    const receipt = await receiveStock(t.ctx, admin, String(location.id), [
      { productId: product.id, quantity: 5 },
    ]);
    const [stock] = await stockRowsOf(t.ctx, acc, String(product.id));
    if (!stock) throw new Error('no stock row');
    const first = await pullAll(t, admin, catalogue.cursor);
    // The confirmed receipt is no floor work: its document and line arrive as tombstones.
    expect(keysOf(first.changes)).toEqual(
      [
        upsertOf('stock', stock.id),
        deleteOf('wmsDocument', receipt.id),
        deleteOf('wmsDocumentPosition', receipt.positions[0]?.id),
      ].sort(),
    );
    expect(dataOf(first.changes, 'stock', stock.id)).toEqual({
      id: stock.id,
      productId: product.id,
      locationId: location.id,
      container: '',
      serialNumber: '',
      prodDate: null,
      expDate: null,
      quantity: 5,
      reserved: 0,
      contractorId: null,
      firstReceiptAt: stock.firstReceiptAt.toISOString(),
      updatedAt: stock.updatedAt.toISOString(),
    });
    const acked = await expectAcknowledged(admin, first.cursor);

    await receiveStock(t.ctx, admin, String(location.id), [{ productId: product.id, quantity: 3 }]);
    const second = await pullAll(t, admin, acked);
    expect(second.changes.filter((c) => c.entity === 'stock')).toHaveLength(1);
    expect(dataOf(second.changes, 'stock', stock.id)).toMatchObject({ quantity: 8 });
    const acked2 = await expectAcknowledged(admin, second.cursor);

    await aDocument(
      t.ctx,
      admin,
      { typeCode: 'DOU', sourceLocationId: location.id, positions: [{ productId: product.id, quantity: 8 }] },
      { confirm: true },
    );
    expect(await stockRowsOf(t.ctx, acc, String(product.id))).toEqual([]);
    const third = await pullAll(t, admin, acked2);
    expect(third.changes.filter((c) => c.entity === 'stock')).toEqual([
      { op: 'delete', entity: 'stock', id: stock.id },
    ]);
    await expectAcknowledged(admin, third.cursor);
  });
});

describe('stock, every field set', () => {
  it('comes as the API reads it: dates as days, quantities as numbers, timestamps as toISOString writes them', async () => {
    const { acc, admin, start } = await fresh();
    const product = await anOrderProduct(t.ctx, acc);
    const location = await anOrderLocation(t.ctx, acc);
    const { stock } = t.ctx.schema.warehouseTables;
    const fields = {
      container: 'PAL-7',
      serialNumber: 'SN-1',
      prodDate: '2026-01-31',
      expDate: '2027-12-01',
      quantity: 1234567.125,
      reserved: 0.000001,
      contractorId: randomUUID(),
    };
    // Microseconds, as now() writes them: the feed keeps milliseconds, as a Date does.
    const [row] = await t.ctx.db
      .insert(stock)
      .values({
        clientAccountId: acc,
        productId: String(product.id),
        locationId: String(location.id),
        ...fields,
        firstReceiptAt: sql`'2026-03-15 08:00:00.123987+00'::timestamptz`,
        updatedAt: sql`'2026-11-23 23:59:59.999999+02'::timestamptz`,
      })
      .returning();
    if (!row) throw new Error('no stock row');
    const pulled = await pullAll(t, admin, start);
    expect(dataOf(pulled.changes, 'stock', row.id)).toEqual({
      id: row.id,
      productId: product.id,
      locationId: location.id,
      ...fields,
      firstReceiptAt: '2026-03-15T08:00:00.123Z',
      updatedAt: '2026-11-23T21:59:59.999Z',
    });
    // The same instants as the row read through the ORM.
    expect(dataOf(pulled.changes, 'stock', row.id)).toMatchObject({
      firstReceiptAt: row.firstReceiptAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  });
});

describe('wmsOrder and wmsOrderPosition', () => {
  it('orders on the floor replicate with their positions; leaving the floor tombstones both, returning brings both back', async () => {
    const { acc, admin, start } = await fresh();
    const terminal = await aUser(t.ctx, acc, { terminalEnabled: true });
    const product = await anOrderProduct(t.ctx, acc);
    const location = await anOrderLocation(t.ctx, acc);
    const catalogue = await pullAll(t, admin, start);
    const line = { productId: product.id, quantity: 2, sourceLocationId: location.id };
    const order = await anOrderRow(t.ctx, acc, { typeCode: 'OOU', statusCode: 'waitingToProcess' }, [line]);
    const draft = await anOrderRow(t.ctx, acc, { typeCode: 'OOU', statusCode: 'workingCopy' }, [line]);
    const positionsOf = async (orderId: unknown) =>
      rowsOf(
        await t.ctx.db.execute(
          sql`select id::text from wms_order_position where order_id = ${String(orderId)}`,
        ),
      ).map((r) => String(r.id));
    const [position] = await positionsOf(order.id);
    const [draftPosition] = await positionsOf(draft.id);

    const first = await pullAll(t, admin, catalogue.cursor);
    expect(keysOf(first.changes)).toEqual(
      [
        upsertOf('wmsOrder', order.id),
        upsertOf('wmsOrderPosition', position),
        deleteOf('wmsOrder', draft.id),
        deleteOf('wmsOrderPosition', draftPosition),
      ].sort(),
    );
    expect(dataOf(first.changes, 'wmsOrder', order.id)).toEqual(
      await apiRow(admin, `/api/WmsOrder/${order.id}`),
    );
    expect(dataOf(first.changes, 'wmsOrderPosition', position)).toEqual(
      await apiRow(admin, `/api/WmsOrderPosition/${position}`),
    );
    const acked = await expectAcknowledged(admin, first.cursor);

    // The terminal counts the line: the position and the order (now in progress) change, once each.
    const counted = await call(
      terminal,
      'PATCH',
      `/api/WmsOrderPosition/${position}/QuantityReal?quantityReal=1`,
    );
    expect(counted.statusCode, counted.body).toBe(200);
    const second = await pullAll(t, admin, acked);
    expect(keysOf(second.changes)).toEqual(
      [upsertOf('wmsOrder', order.id), upsertOf('wmsOrderPosition', position)].sort(),
    );
    expect(dataOf(second.changes, 'wmsOrderPosition', position)).toMatchObject({ quantityReal: 1 });
    expect(dataOf(second.changes, 'wmsOrder', order.id)).toMatchObject({ statusCode: 'inProgress' });
    const acked2 = await expectAcknowledged(admin, second.cursor);

    const orders = t.ctx.schema.resourceTables.wmsOrder;
    if (!orders?.id || !orders.statusCode) throw new Error('no order table');
    await t.ctx.db
      .update(orders)
      .set({ statusCode: 'doneConfirmed' })
      .where(eq(orders.id, String(order.id)));
    const third = await pullAll(t, admin, acked2);
    expect(keysOf(third.changes)).toEqual(
      [deleteOf('wmsOrder', order.id), deleteOf('wmsOrderPosition', position)].sort(),
    );
    const acked3 = await expectAcknowledged(admin, third.cursor);

    await t.ctx.db
      .update(orders)
      .set({ statusCode: 'inProgress' })
      .where(eq(orders.id, String(order.id)));
    const fourth = await pullAll(t, admin, acked3);
    expect(keysOf(fourth.changes)).toEqual(
      [upsertOf('wmsOrder', order.id), upsertOf('wmsOrderPosition', position)].sort(),
    );
    const acked4 = await expectAcknowledged(admin, fourth.cursor);

    await t.ctx.db.delete(orders).where(eq(orders.id, String(order.id)));
    const fifth = await pullAll(t, admin, acked4);
    expect(keysOf(fifth.changes)).toEqual(
      [deleteOf('wmsOrder', order.id), deleteOf('wmsOrderPosition', position)].sort(),
    );
    await expectAcknowledged(admin, fifth.cursor);
  });
});

describe('wmsDocument and wmsDocumentPosition', () => {
  it('working copies replicate with their lines; confirming or deleting one tombstones both', async () => {
    const { acc, admin, start } = await fresh();
    const product = await anOrderProduct(t.ctx, acc);
    const location = await anOrderLocation(t.ctx, acc);
    const catalogue = await pullAll(t, admin, start);

    const created = await call(admin, 'POST', '/api/WmsDocument', {
      typeCode: 'DIN',
      destinationLocationId: location.id,
      positions: [{ productId: product.id, quantity: 2 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const doc = created.json();
    const line = String(doc.positions[0].id);
    const first = await pullAll(t, admin, catalogue.cursor);
    expect(keysOf(first.changes)).toEqual(
      [upsertOf('wmsDocument', doc.id), upsertOf('wmsDocumentPosition', line)].sort(),
    );
    expect(dataOf(first.changes, 'wmsDocument', doc.id)).toEqual(
      await apiRow(admin, `/api/WmsDocument/${doc.id}`),
    );
    expect(dataOf(first.changes, 'wmsDocumentPosition', line)).toEqual(
      await apiRow(admin, `/api/WmsDocumentPosition/${line}`),
    );
    const acked = await expectAcknowledged(admin, first.cursor);

    const edited = await call(admin, 'PUT', `/api/WmsDocument/${doc.id}`, { ...doc, comment: 'Gate 3' });
    expect(edited.statusCode, edited.body).toBe(200);
    const second = await pullAll(t, admin, acked);
    expect(second.changes.filter((c) => c.entity === 'wmsDocument')).toHaveLength(1);
    expect(dataOf(second.changes, 'wmsDocument', doc.id)).toMatchObject({ comment: 'Gate 3' });
    const acked2 = await expectAcknowledged(admin, second.cursor);

    const confirmed = await call(admin, 'POST', `/api/WmsDocument/${doc.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [stock] = await stockRowsOf(t.ctx, acc, String(product.id));
    const third = await pullAll(t, admin, acked2);
    expect(keysOf(third.changes)).toEqual(
      [
        deleteOf('wmsDocument', doc.id),
        deleteOf('wmsDocumentPosition', line),
        upsertOf('stock', stock?.id),
      ].sort(),
    );
    await expectAcknowledged(admin, third.cursor);

    const other = await call(admin, 'POST', '/api/WmsDocument', {
      typeCode: 'DIN',
      destinationLocationId: location.id,
      positions: [{ productId: product.id, quantity: 1 }],
    });
    const otherDoc = other.json();
    const afterCreate = (await pullAll(t, admin, third.cursor)).cursor;
    expect((await call(admin, 'DELETE', `/api/WmsDocument/${otherDoc.id}`)).statusCode).toBe(204);
    const fourth = await pullAll(t, admin, afterCreate);
    expect(keysOf(fourth.changes)).toEqual(
      [
        deleteOf('wmsDocument', otherDoc.id),
        deleteOf('wmsDocumentPosition', otherDoc.positions[0].id),
      ].sort(),
    );
  });

  it('documents of an order on the floor replicate even confirmed, until the order leaves the floor', async () => {
    const { acc, admin, start } = await fresh();
    const product = await anOrderProduct(t.ctx, acc);
    const location = await anOrderLocation(t.ctx, acc);
    const order = await anOrderRow(t.ctx, acc, { typeCode: 'OIN', statusCode: 'inProgress' }, [
      { productId: product.id, quantity: 4, destinationLocationId: location.id },
    ]);
    const catalogue = await pullAll(t, admin, start);
    const doc = await aDocument(
      t.ctx,
      admin,
      {
        typeCode: 'OIN',
        destinationLocationId: location.id,
        positions: [{ productId: product.id, quantity: 4 }],
      },
      { confirm: true, generated: true, orderId: String(order.id) },
    );
    const line = String(doc.positions[0]?.id);
    const first = await pullAll(t, admin, catalogue.cursor);
    expect(
      first.changes
        .filter((c) => c.entity.startsWith('wmsDocument'))
        .map((c) => `${c.op} ${c.entity} ${c.id}`)
        .sort(),
    ).toEqual([upsertOf('wmsDocument', doc.id), upsertOf('wmsDocumentPosition', line)].sort());
    expect(dataOf(first.changes, 'wmsDocument', doc.id)).toMatchObject({
      statusCode: 'confirmed',
      orderId: order.id,
    });
    const acked = await expectAcknowledged(admin, first.cursor);

    const orders = t.ctx.schema.resourceTables.wmsOrder;
    if (!orders?.id || !orders.statusCode) throw new Error('no order table');
    await t.ctx.db
      .update(orders)
      .set({ statusCode: 'closedManually' })
      .where(eq(orders.id, String(order.id)));
    const second = await pullAll(t, admin, acked);
    const positions = rowsOf(
      await t.ctx.db.execute(
        sql`select id::text from wms_order_position where order_id = ${String(order.id)}`,
      ),
    ).map((r) => String(r.id));
    expect(keysOf(second.changes)).toEqual(
      [
        deleteOf('wmsOrder', order.id),
        ...positions.map((p) => deleteOf('wmsOrderPosition', p)),
        deleteOf('wmsDocument', doc.id),
        deleteOf('wmsDocumentPosition', line),
      ].sort(),
    );
    await expectAcknowledged(admin, second.cursor);
  });
});
