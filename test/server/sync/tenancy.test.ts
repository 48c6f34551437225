import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changesResponseSchema } from '../../../domain/sync/wire';
import type { Row } from '../../../server/resources/rows';
import {
  aContractorUser,
  anAccount,
  anOrderLocation,
  anOrderProduct,
  anOrderRow,
  aSuperUser,
  aUser,
  receiveStock,
  stockRowsOf,
} from '../../support/builders';
import { aRow, deleteOf, keysOf, pullAll, upsertOf } from '../../support/syncBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const feed = (headers: Record<string, string>, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/sync/changes${query}`, headers });

describe('tenancy', () => {
  it('another account sees nothing of this one, and this one nothing of it', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const product = await anOrderProduct(t.ctx, acc);
    const location = await anOrderLocation(t.ctx, acc);
    await receiveStock(t.ctx, admin, String(location.id), [{ productId: product.id, quantity: 2 }]);
    await anOrderRow(t.ctx, acc, { statusCode: 'inProgress' }, [{ productId: product.id, quantity: 1 }]);

    const other = await anAccount(t.ctx);
    const stranger = await aSuperUser(t.ctx, other);
    const otherProduct = await anOrderProduct(t.ctx, other);
    const theirs = await pullAll(t, stranger);
    expect(keysOf(theirs.changes)).toEqual(
      [upsertOf('logisticsConfig', other), upsertOf('product', otherProduct.id)].sort(),
    );

    const ours = await pullAll(t, admin);
    expect(ours.changes.some((c) => c.id === otherProduct.id || c.id === other)).toBe(false);
    expect(
      ours.changes
        .filter((c) => c.op === 'upsert')
        .every(
          (c) => c.entity === 'logisticsConfig' || c.data.clientAccountId === acc || c.entity === 'stock',
        ),
    ).toBe(true);
    // The confirmed receipt is out of scope from the start: an initial sync sends no tombstone of it.
    expect(ours.changes.map((c) => c.entity).sort()).toEqual(
      ['logisticsConfig', 'product', 'storageSpace', 'stock', 'wmsOrder', 'wmsOrderPosition'].sort(),
    );
  });

  it('a contractor gets only its own products (not hidden), stock, orders and documents; tombstones only for what was its own', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const mine = await aContractorUser(t.ctx, acc);
    const rival = await aContractorUser(t.ctx, acc);
    const location = await anOrderLocation(t.ctx, acc);
    await aRow(t.ctx, 'productGroup', acc, { name: 'Everyone’s group' });
    const own = await anOrderProduct(t.ctx, acc, { contractorId: mine.contractorId });
    const hidden = await anOrderProduct(t.ctx, acc, {
      contractorId: mine.contractorId,
      hideFromPortal: true,
    });
    const rivals = await anOrderProduct(t.ctx, acc, { contractorId: rival.contractorId });
    const house = await anOrderProduct(t.ctx, acc);
    await receiveStock(t.ctx, admin, String(location.id), [
      { productId: own.id, quantity: 3 },
      { productId: rivals.id, quantity: 4 },
      { productId: house.id, quantity: 5 },
    ]);
    const [ownStock] = await stockRowsOf(t.ctx, acc, String(own.id));
    const ownOrder = await anOrderRow(
      t.ctx,
      acc,
      { statusCode: 'inProgress', contractorId: mine.contractorId },
      [{ productId: own.id, quantity: 1 }],
    );
    await anOrderRow(t.ctx, acc, { statusCode: 'inProgress', contractorId: rival.contractorId }, [
      { productId: rivals.id, quantity: 1 },
    ]);
    await anOrderRow(t.ctx, acc, { statusCode: 'workingCopy', contractorId: mine.contractorId });

    const first = await pullAll(t, mine);
    // The hidden product and the working-copy order are its own but out of its scope: an initial sync leaves
    // them out (it never delivered them).
    expect(keysOf(first.changes)).toEqual(
      [
        upsertOf('product', own.id),
        upsertOf('stock', ownStock?.id),
        upsertOf('wmsOrder', ownOrder.id),
      ].sort(),
    );

    // The rival's product becomes this contractor's, its own product goes to the rival.
    const products = t.ctx.schema.resourceTables.product;
    if (!products?.id || !products.contractorId) throw new Error('no product table');
    await t.ctx.db
      .update(products)
      .set({ contractorId: mine.contractorId })
      .where(eq(products.id, String(rivals.id)));
    await t.ctx.db
      .update(products)
      .set({ contractorId: rival.contractorId })
      .where(eq(products.id, String(own.id)));
    const second = await pullAll(t, mine, first.cursor);
    // Stock goes with its product (one scope rule, server/resources/contractorScope.ts): the product's new
    // contractor gets its stock rows, the old one their tombstones.
    const [rivalsStock] = await stockRowsOf(t.ctx, acc, String(rivals.id));
    expect(keysOf(second.changes)).toEqual(
      [
        upsertOf('product', rivals.id),
        upsertOf('stock', rivalsStock?.id),
        deleteOf('product', own.id),
        deleteOf('stock', ownStock?.id),
      ].sort(),
    );
    const rivalView = await pullAll(t, rival);
    expect(rivalView.changes.find((c) => c.id === own.id)?.op).toBe('upsert');

    // Deleting a house product (never a contractor's) sends this contractor nothing.
    await t.ctx.db.delete(products).where(eq(products.id, String(hidden.id)));
    const stockTable = t.ctx.schema.warehouseTables.stock;
    await t.ctx.db.delete(stockTable).where(eq(stockTable.productId, String(house.id)));
    const third = await pullAll(t, mine, second.cursor);
    expect(keysOf(third.changes)).toEqual([deleteOf('product', hidden.id)]);
  });
});

describe('access and input', () => {
  it('answers 401 without a session and 403 without logistics, terminal or portal access', async () => {
    const acc = await anAccount(t.ctx);
    expect((await feed({})).statusCode).toBe(401);
    const plain = await aUser(t.ctx, acc);
    const refused = await feed(plain.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    const portalOff = await aContractorUser(t.ctx, acc);
    const ctrUsers = t.ctx.schema.resourceTables.user;
    if (!ctrUsers?.id) throw new Error('no user table');
    await t.ctx.db
      .update(ctrUsers)
      .set({ contractorPortalEnabled: false })
      .where(eq(ctrUsers.id, String(portalOff.row.id)));
    const noPortal = await aUser(t.ctx, acc, {
      contractorId: portalOff.contractorId,
      contractorPortalEnabled: false,
    });
    expect((await feed(noPortal.headers)).statusCode).toBe(403);
    for (const claims of [{ terminalEnabled: true }, { logisticsEnabled: true }]) {
      const user = await aUser(t.ctx, acc, claims);
      const res = await feed(user.headers);
      expect(res.statusCode, res.body).toBe(200);
      changesResponseSchema.parse(res.json());
      // One page may stop short of this file's rows behind a transaction still running (on PostgreSQL a NOTIFY is
      // one): the whole pull reaches everything committed before it (settledWatermark).
      expect(keysOf((await pullAll(t, user)).changes)).toEqual(
        [upsertOf('logisticsConfig', acc), upsertOf('company', portalOff.contractorId)].sort(),
      );
    }
  });

  it('refuses a bad cursor, limit or device id with 400 badRequest; caps a large limit', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const bad = [
      '?since=abc',
      '?since=2.1.1',
      '?since=1.-1.0',
      '?since=1.18446744073709551616.0',
      '?since=1.1.9223372036854775808',
      '?since=1.1',
      '?limit=0',
      '?limit=-5',
      '?limit=ten',
      '?limit=1.5',
      '?since=1.1.1&since=1.1.2',
    ];
    for (const query of bad) {
      const res = await feed(admin.headers, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'badRequest', requestId: expect.any(String) });
    }
    const device = await feed({ ...admin.headers, 'x-device-id': 'bad device id!' });
    expect(device.statusCode).toBe(400);
    const capped = await feed(admin.headers, '?limit=999999&since=');
    expect(capped.statusCode, capped.body).toBe(200);
    expect(changesResponseSchema.parse(capped.json()).hasMore).toBe(false);
  });
});

describe('scope of staff', () => {
  it('products hidden from the portal still replicate to staff', async () => {
    const acc = await anAccount(t.ctx);
    const admin = await aSuperUser(t.ctx, acc);
    const contractor = await aContractorUser(t.ctx, acc);
    const hidden = await anOrderProduct(t.ctx, acc, {
      contractorId: contractor.contractorId,
      hideFromPortal: true,
    });
    const pulled = await pullAll(t, admin);
    const row = pulled.changes.find((c) => c.id === hidden.id);
    expect(row).toMatchObject({ op: 'upsert', entity: 'product', data: { hideFromPortal: true } as Row });
  });
});
