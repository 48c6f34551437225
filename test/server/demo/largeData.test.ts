import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGtin } from '../../../domain/barcodes/gtin';
import { signAccessToken } from '../../../server/auth/accessToken';
import { claimsOf } from '../../../server/auth/claimsOf';
import { clientAccount } from '../../../server/db/internalTables';
import { rowsOf } from '../../../server/db/rawRows';
import { generateLargeData, type LargeDataResult } from '../../../server/demo/largeData';
import { stockServiceOf } from '../../../server/warehouse/stock/stockService';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('large data generator (benchmark data sets)', () => {
  let t: TestApp;
  let data: LargeDataResult;
  const options = {
    accountName: 'Generated Co',
    products: 210,
    locations: 120,
    stock: 3500,
    batchSize: 1000,
  };

  const one = async (query: ReturnType<typeof sql>) => rowsOf(await t.ctx.db.execute(query))[0] ?? {};

  beforeAll(async () => {
    t = await createTestApp();
    data = await generateLargeData(t.ctx.db, t.ctx.schema, { ...options, username: 'generated-admin' });
  });
  afterAll(async () => t.close());

  it('makes the asked numbers of products, bins and stock rows, each row received by a confirmed receipt', async () => {
    const acc = data.accountId;
    const counts = await one(sql`
      select (select count(*) from product where client_account_id = ${acc})::int as products,
             (select count(*) from product_barcode where client_account_id = ${acc})::int as barcodes,
             (select count(*) from storage_space s join storage_space_type ty on ty.id = s.type_id
               where s.client_account_id = ${acc} and ty.handle_stock)::int as bins,
             (select count(*) from stock where client_account_id = ${acc})::int as stock,
             (select count(*) from stock_movement where client_account_id = ${acc} and kind = 'confirm')::int as ledger,
             (select count(*) from wms_document_position where client_account_id = ${acc})::int as positions,
             (select count(*) from wms_document where client_account_id = ${acc}
               and type_code = 'DIN' and status_code = 'confirmed')::int as documents,
             (select sum(confirmed_positions) from wms_document where client_account_id = ${acc})::int as confirmed`);
    expect(counts).toEqual({
      products: 210,
      barcodes: 210,
      bins: 120,
      stock: 3500,
      ledger: 3500,
      positions: 3500,
      documents: 4,
      confirmed: 3500,
    });
    expect(data).toMatchObject({ products: 210, stockRows: 3500, documents: 4 });
    expect(await stockServiceOf(t.ctx).ledgerDifferences(t.ctx.db, acc)).toEqual([]);
    const orphans = await one(sql`
      select count(*)::int as n from stock_movement m
      left join wms_document_position p on p.id = m.position_id
      where m.client_account_id = ${acc} and (p.id is null or p.product_id <> m.product_id or p.quantity <> m.delta)`);
    expect(orphans.n).toBe(0);
  });

  it('gives every stock row what its product requires, and valid EAN-13 barcodes', async () => {
    const acc = data.accountId;
    const wrong = await one(sql`
      select count(*) filter (where p.required_serial and s.serial_number = '')::int as no_serial,
             count(*) filter (where p.required_exp_date and s.exp_date is null)::int as no_expiry,
             count(*) filter (where s.serial_number like 'SN%' and s.quantity <> 1)::int as serial_not_one,
             count(*) filter (where s.quantity <= 0)::int as not_positive,
             count(*) filter (where s.contractor_id is distinct from p.contractor_id)::int as contractor,
             count(*) filter (where s.exp_date < current_date)::int as expired,
             count(*) filter (where s.container <> '')::int as on_pallets,
             count(*) filter (where s.serial_number like 'LOT%' and s.prod_date is not null)::int as lots
      from stock s join product p on p.id = s.product_id where s.client_account_id = ${acc}`);
    expect(wrong).toMatchObject({
      no_serial: 0,
      no_expiry: 0,
      serial_not_one: 0,
      not_positive: 0,
      contractor: 0,
    });
    expect(Number(wrong.expired)).toBeGreaterThan(0);
    expect(Number(wrong.on_pallets)).toBe(700);
    expect(Number(wrong.lots)).toBeGreaterThan(0);
    // A pallet stands at one location only.
    const pallets = await one(sql`
      select count(*)::int as n from (select container from stock where client_account_id = ${acc}
        and container <> '' group by container having count(distinct location_id) > 1) x`);
    expect(pallets.n).toBe(0);
    const products = rowsOf(
      await t.ctx.db.execute(sql`select barcodes from product where client_account_id = ${acc}`),
    );
    for (const p of products) for (const b of p.barcodes as string[]) expect(isValidGtin(b), b).toBe(true);
  });

  it('gives a super user who can sign in and page through the stock', async () => {
    const users = t.ctx.schema.resourceTables.user;
    if (!users?.id) throw new Error('no user table');
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, data.userId));
    if (!user) throw new Error('no generated user');
    expect(user.username).toBe('generated-admin');
    const { token } = await signAccessToken(claimsOf(user), t.ctx.config.jwtSecret, 600);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/WmsInventory/inventory?PageSize=10&sortColumn=expDate',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().allFilteredRowCount).toBe(3500);
    expect(res.json().results).toHaveLength(10);
  });

  it('refuses an existing account unless told to replace it, and replaces it whole', async () => {
    await expect(
      generateLargeData(t.ctx.db, t.ctx.schema, { ...options, username: 'generated-2' }),
    ).rejects.toThrow(/exists/);
    const again = await generateLargeData(t.ctx.db, t.ctx.schema, {
      ...options,
      stock: 1000,
      replace: true,
      username: 'generated-admin',
    });
    const accounts = await t.ctx.db
      .select()
      .from(clientAccount)
      .where(eq(clientAccount.name, options.accountName));
    expect(accounts.map((a) => a.id)).toEqual([again.accountId]);
    const left = await one(sql`
      select (select count(*) from stock where client_account_id = ${data.accountId})::int as stock,
             (select count(*) from stock where client_account_id = ${again.accountId})::int as fresh`);
    expect(left).toEqual({ stock: 0, fresh: 1000 });
  });
});
