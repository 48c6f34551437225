import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGtin } from '../../../domain/barcodes/gtin';
import { printObjectTypes } from '../../../domain/print/printVocabulary';
import { clientAccount } from '../../../server/db/internalTables';
import { rowsOf } from '../../../server/db/rawRows';
import { demoAccountName, demoPassword, seedDemo } from '../../../server/demo/seedDemo';
import { importJob } from '../../../server/import/importTables';
import type { Row } from '../../../server/resources/rows';
import { stockServiceOf } from '../../../server/warehouse/stock/stockService';
import { createTestApp, type TestApp } from '../../support/testApp';

const today = () => new Date().toISOString().slice(0, 10);

describe('demo seed (npm start on an empty database)', () => {
  let t: TestApp;
  let accountId: string;
  let sharedLink: string | null = null;
  let address = 0;

  const table = (name: string) => {
    const found = t.ctx.schema.resourceTables[name];
    if (!found) throw new Error(`no table ${name}`);
    return found;
  };
  const rowsIn = async (name: string): Promise<Row[]> => {
    const found = table(name);
    const account = found.clientAccountId;
    if (!account) throw new Error(`no account column on ${name}`);
    return t.ctx.db.select().from(found).where(eq(account, accountId));
  };
  const signIn = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Auth',
      payload: { username, password: demoPassword },
      remoteAddress: `10.9.0.${++address}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${String(res.json().token)}` };
  };
  const get = async (headers: Record<string, string>, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const counts = async () => {
    const { stock, stockMovement } = t.ctx.schema.warehouseTables;
    const [s] = await t.ctx.db.select({ n: count() }).from(stock).where(eq(stock.clientAccountId, accountId));
    const [m] = await t.ctx.db
      .select({ n: count() })
      .from(stockMovement)
      .where(eq(stockMovement.clientAccountId, accountId));
    return {
      accounts: (await t.ctx.db.select().from(clientAccount)).length,
      products: (await rowsIn('product')).length,
      locations: (await rowsIn('storageSpace')).length,
      orders: (await rowsIn('wmsOrder')).length,
      documents: (await rowsIn('wmsDocument')).length,
      stock: s?.n,
      ledger: m?.n,
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const result = await seedDemo(t.ctx);
    if (!result) throw new Error('the seed did nothing on an empty database');
    accountId = result.accountId;
    sharedLink = result.sharedLink;
    // The whole demo (hundreds of products, documents, orders, the portal's) is made here: on a busy machine
    // that takes longer than the default hook budget.
  }, 6 * 60_000);
  afterAll(async () => t.close());

  // Demo shipping, calendar and sell offers: read first, before the tests below carry orders out (one seed serves
  // both; seeding is most of this file's time).
  it('the carriers see the published ticket and their offers; the manager sees tickets, offers and the calendar', async () => {
    const carrier = await signIn('carrier');
    const carrier2 = await signIn('carrier2');
    const manager = await signIn('manager');
    const found = await get(carrier, '/api/Transport/Tickets');
    expect(found.allFilteredRowCount).toBe(1);
    expect((await get(carrier2, '/api/Transport/Tickets')).allFilteredRowCount).toBe(1);
    const mine = await get(carrier, '/api/Transport/Offers');
    expect(mine.results.map((o: { statusCode: string }) => o.statusCode).sort()).toEqual([
      'active',
      'confirmed',
    ]);
    const tickets = await get(manager, '/api/ShipmentTicket');
    expect(tickets.results.map((r: { statusCode: string }) => r.statusCode).sort()).toEqual([
      'assigned',
      'published',
    ]);
    const from = new Date().toISOString();
    const to = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const calendar = await get(manager, `/api/Calendar?from=${from}&to=${to}`);
    const sources = new Set(calendar.results.map((i: { source: string }) => i.source));
    expect([...sources]).toEqual(expect.arrayContaining(['event', 'shipmentPickup', 'shipmentDelivery']));
    const resources = await get(manager, '/api/Calendar/Resources');
    expect(resources.results.length).toBe(6);
    const offers = await get(manager, '/api/WmsOrder/Offers/Sell');
    expect(offers.results).toEqual([expect.objectContaining({ typeCode: 'OSO', statusCode: 'pending' })]);

    // Carrier messaging: the published ticket has both carriers' threads; Nordfracht's has a question and answer.
    const published = tickets.results.find((r: { statusCode: string }) => r.statusCode === 'published');
    const lines = await get(manager, `/api/ShipmentTicket/${String(published?.id)}/CarrierThreads`);
    expect(lines.results.map((l: { carrierName: string }) => l.carrierName).sort()).toEqual([
      'BALTIC HAULAGE',
      'NORDFRACHT',
    ]);
    const thread = await get(carrier, `/api/Transport/Tickets/${String(published?.id)}/Thread`);
    const messages = await get(carrier, `/api/Discussion/${String(thread.discussionId)}/messages`);
    expect(messages.results).toHaveLength(2);
    expect(
      (await get(carrier2, '/api/Discussion')).results.map((d: { discussionId: string }) => d.discussionId),
    ).not.toContain(thread.discussionId);
  });

  it("has an import in its history: five products' stock levels updated from a file, its bad row skipped", async () => {
    const jobs = await t.ctx.db.select().from(importJob).where(eq(importJob.clientAccountId, accountId));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      template: 'products',
      mode: 'skipBadRows',
      status: 'done',
      rowsImported: 5,
      rowsSkipped: 1,
    });
    const products = await rowsIn('product');
    expect(
      products.filter((p) => Number(p.warningStock) === 10 && Number(p.criticalStock) === 2),
    ).toHaveLength(1);
    // The update kept what the file did not name: every demo product still has its group and its barcode.
    expect(products.every((p) => p.mainGroupId !== null && (p.barcodes as string[]).length > 0)).toBe(true);
  });

  it('makes one account with two warehouses of zones, racks and shelf levels', async () => {
    const [account] = await t.ctx.db.select().from(clientAccount);
    expect(account?.name).toBe(demoAccountName);
    const locations = await rowsIn('storageSpace');
    const types = await rowsIn('storageSpaceType');
    const typeOf = new Map(types.map((ty) => [ty.id, ty]));
    expect(locations).toHaveLength(300);
    const roots = locations.filter((l) => l.parentId === null);
    expect(roots.map((l) => l.label).sort()).toEqual(['WH1', 'WH2']);
    const holding = locations.filter((l) => typeOf.get(l.typeId)?.handleStock === true);
    expect(holding).toHaveLength(244); // 240 shelf levels and 4 docks
    expect(locations.filter((l) => l.cooled === true).length).toBeGreaterThanOrEqual(80);
    expect(locations.filter((l) => l.lockedIn === true).map((l) => l.label)).toEqual(['WH1-B03-5']);
    expect(locations.filter((l) => l.lockedOut === true).map((l) => l.label)).toEqual(['WH2-A08-5']);
  });

  it('makes a few hundred products with valid EAN-13 barcodes, tracked, cooled, locked and contractor ones', async () => {
    const products = await rowsIn('product');
    expect(products).toHaveLength(300);
    for (const p of products) {
      const barcodes = p.barcodes as string[];
      expect(barcodes.length).toBeGreaterThan(0);
      for (const b of barcodes) expect(isValidGtin(b) && b.length === 13, b).toBe(true);
    }
    const some = (test: (p: Row) => boolean) => products.filter(test).length;
    expect(some((p) => p.requiredSerial === true && p.visibleProdDate !== true)).toBeGreaterThan(5);
    expect(some((p) => p.visibleProdDate === true)).toBeGreaterThan(5);
    expect(some((p) => p.requiredExpDate === true)).toBeGreaterThan(50);
    expect(some((p) => p.minTemperature !== null && p.maxTemperature !== null)).toBeGreaterThan(20);
    expect(some((p) => p.lockIn === true)).toBeGreaterThan(0);
    expect(some((p) => p.lockOut === true)).toBeGreaterThan(0);
    expect(some((p) => p.contractorId !== null)).toBe(60);
    expect((await rowsIn('productGroup')).length).toBe(7);
  });

  it('makes stock only through confirmed documents: stock equals the ledger', async () => {
    const stock = await t.ctx.db
      .select()
      .from(t.ctx.schema.warehouseTables.stock)
      .where(eq(t.ctx.schema.warehouseTables.stock.clientAccountId, accountId));
    expect(stock.length).toBeGreaterThan(400);
    expect(await stockServiceOf(t.ctx).ledgerDifferences(t.ctx.db, accountId)).toEqual([]);
    expect(stock.every((s) => s.quantity > 0)).toBe(true);
    const day = today();
    const expired = stock.filter((s) => s.expDate !== null && s.expDate < day);
    const near = stock.filter((s) => s.expDate !== null && s.expDate >= day && s.expDate <= plus(day, 30));
    expect(expired.length).toBeGreaterThan(0);
    expect(expired.length).toBeLessThanOrEqual(6);
    expect(near.length).toBeGreaterThan(5);
    expect(stock.filter((s) => s.container !== '').length).toBeGreaterThan(20);
    expect(stock.filter((s) => s.serialNumber.startsWith('SN-')).every((s) => s.quantity === 1)).toBe(true);
    expect(stock.filter((s) => s.serialNumber.startsWith('LOT')).length).toBeGreaterThan(5);
    const documents = await rowsIn('wmsDocument');
    const of = (type: string, status: string) =>
      documents.filter((d) => d.typeCode === type && d.statusCode === status).length;
    expect(of('DIN', 'confirmed')).toBeGreaterThanOrEqual(20);
    expect(of('ARL', 'confirmed')).toBe(1);
    expect(of('DOU', 'confirmed')).toBe(1);
    expect(of('DOU', 'reverted')).toBe(1);
    expect(documents.every((d) => d.statusCode !== 'workingCopy')).toBe(true);
    // Cooled goods lie where it is cold enough (the temperature rule is on).
    const [misplaced] = rowsOf(
      await t.ctx.db.execute(sql`
        select count(*)::int as n from stock s
        join product p on p.id = s.product_id join storage_space l on l.id = s.location_id
        where s.client_account_id = ${accountId} and l.temperature is not null
          and (l.temperature < p.min_temperature or l.temperature > p.max_temperature)`),
    );
    expect(misplaced?.n).toBe(0);
  });

  it('hands receipt, release, picking and count orders to the floor', async () => {
    const orders = await rowsIn('wmsOrder');
    const byType = (type: string) => orders.filter((o) => o.typeCode === type);
    expect(byType('OIN')).toHaveLength(3);
    expect(byType('OOU')).toHaveLength(6);
    expect(byType('OPI')).toHaveLength(2);
    expect(byType('VER-L')).toHaveLength(2);
    expect(byType('VER-P')).toHaveLength(1);
    expect(orders.filter((o) => o.statusCode === 'workingCopy')).toHaveLength(1);
    expect(orders.filter((o) => o.statusCode === 'waitingToProcess')).toHaveLength(12);
    // One portal order is being picked already.
    expect(orders.filter((o) => o.statusCode === 'inProgress')).toHaveLength(1);
    const positions = await rowsIn('wmsOrderPosition');
    for (const order of orders)
      expect(
        positions.filter((p) => p.orderId === order.id).length,
        String(order.orderNumber),
      ).toBeGreaterThan(0);
  });

  it('lets the demo users sign in and see the orders and the stock they may see', async () => {
    const manager = await signIn('manager');
    // Fourteen floor orders (two of them placed through the portal) and one sell offer.
    expect((await get(manager, '/api/WmsOrder?PageSize=100')).allFilteredRowCount).toBe(15);
    const inventory = await get(manager, '/api/WmsInventory/inventory?PageSize=5&sortColumn=expDate');
    expect(inventory.allFilteredRowCount).toBeGreaterThan(400);

    const move = await get(manager, '/api/WmsOrder/Move/Progress?PageSize=100');
    expect(move.allFilteredRowCount).toBe(11);
    expect(move.results.every((o: Row) => Number(o.quantityOrdered) > 0)).toBe(true);
    const verify = await get(manager, '/api/WmsOrder/Verify/Progress?PageSize=100');
    expect(verify.allFilteredRowCount).toBe(3);
    expect(verify.results.every((o: Row) => Number(o.positionsCount) > 0)).toBe(true);

    // The picker (terminal only) signs in; most floor orders are assigned to them.
    const pickerSession = await t.app.inject({
      method: 'POST',
      url: '/api/Auth',
      payload: { username: 'picker', password: demoPassword },
      remoteAddress: '10.9.1.1',
    });
    expect(pickerSession.statusCode, pickerSession.body).toBe(200);
    const pickerClaims = pickerSession.json().claims as Row;
    expect(pickerClaims.TerminalEnabled).toBe(true);
    const assigned = await get(
      manager,
      `/api/WmsOrder?PageSize=100&BasicFiltersSerialized=${encodeURIComponent(
        JSON.stringify([{ field: 'assignedUserId', operator: 'eq', value: pickerClaims.sub }]),
      )}`,
    );
    expect(assigned.allFilteredRowCount).toBeGreaterThanOrEqual(6);
    expect(assigned.results.every((o: Row) => o.statusCode === 'waitingToProcess')).toBe(true);

    const contractor = await signIn('contractor');
    const own = await get(contractor, '/api/WmsOrder?PageSize=100');
    // Four of its orders (two placed through the portal) and the sell offer made to it.
    expect(own.allFilteredRowCount).toBe(5);
    const stock = await get(contractor, '/api/WmsInventory/inventory?PageSize=1000');
    expect(stock.allFilteredRowCount).toBeGreaterThan(0);
    const [acme] = own.results as Row[];
    expect(stock.results.every((r: Row) => r.contractorId === acme?.contractorId)).toBe(true);
  });

  it('gives the contractor a working portal: goods to order, a basket, orders on the floor, shared links', async () => {
    const contractor = await signIn('contractor');
    const catalogue = await get(contractor, '/api/contractororders/availible-products?PageSize=100');
    expect(catalogue.allFilteredRowCount).toBeGreaterThan(20);
    expect(catalogue.results.filter((r: Row) => Number(r.available) > 0).length).toBeGreaterThan(10);
    const polish = await t.app.inject({
      method: 'GET',
      url: '/api/contractororders/availible-products?PageSize=100',
      headers: { ...contractor, 'accept-language': 'pl-pl' },
    });
    expect((polish.json().results as Row[]).some((r) => String(r.name).endsWith('(PL)'))).toBe(true);
    expect((await get(contractor, '/api/contractororders/cart-summary')).lines).toBe(1);
    const mine = await get(contractor, '/api/contractororders/my-orders?PageSize=100');
    const portal = (mine.results as Row[]).filter((o) => o.sourceType === 'portal');
    expect(portal.map((o) => o.statusCode).sort()).toEqual(['inProgress', 'waitingToProcess']);
    expect(portal.some((o) => Number(o.pickedQuantity) > 0)).toBe(true);
    const manager = await signIn('manager');
    const links = await get(manager, '/api/SharedAccess?PageSize=100');
    expect(links.results.map((l: Row) => [l.contentType, l.isAvailable]).sort()).toEqual([
      ['api', false],
      ['inventory', true],
      ['stock', true],
    ]);
    const key = new URL(String(sharedLink)).searchParams.get('key');
    const opened = await t.app.inject({ method: 'POST', url: '/api/shared/open', payload: { key } });
    expect(opened.statusCode, opened.body).toBe(200);
    const session = String(opened.json().session);
    const shown = await get({ authorization: `Bearer ${session}` }, '/api/WmsInventory/inventory?PageSize=5');
    expect(shown.allFilteredRowCount).toBeGreaterThan(0);
  });

  it('serves the detailed inventory of the demo warehouse as a plain query would: filters, sorts, pages, counts', async () => {
    const manager = await signIn('manager');
    const [acme] = rowsOf(
      await t.ctx.db.execute(
        sql`select id from company where client_account_id = ${accountId} and short_name = 'ACME'`,
      ),
    );
    const acmeId = String(acme?.id);
    const soon = plus(today(), 30);
    const cases: {
      query: Record<string, unknown>;
      where: ReturnType<typeof sql>;
      order: ReturnType<typeof sql>;
    }[] = [
      { query: {}, where: sql`true`, order: sql`p.index asc` },
      {
        query: {
          sortColumn: 'productIndex',
          sortDescending: true,
          filters: [['locationLabel', 'startsWith', 'wh1-a0']],
        },
        where: sql`l.label ilike 'wh1-a0%'`,
        order: sql`p.index desc`,
      },
      {
        query: { sortColumn: 'expDate', filters: [['productIndex', 'contains', 'bev']] },
        where: sql`p.index ilike '%bev%'`,
        order: sql`s.exp_date asc nulls last`,
      },
      {
        query: { sortColumn: 'expDate', sortDescending: true, filters: [['expDate', 'lte', soon]] },
        where: sql`s.exp_date <= ${soon}::date`,
        order: sql`s.exp_date desc nulls last`,
      },
      {
        query: { sortColumn: 'locationLabel', filters: [['contractorId', 'eq', acmeId]] },
        where: sql`p.contractor_id = ${acmeId}::uuid`,
        order: sql`l.label asc`,
      },
      {
        query: {
          sortColumn: 'quantity',
          sortDescending: true,
          filters: [
            ['available', 'gt', 50],
            ['container', 'notNull', null],
          ],
        },
        where: sql`s.quantity - s.reserved > 50 and s.container <> ''`,
        order: sql`s.quantity desc`,
      },
      {
        query: {
          sortColumn: 'productName',
          sortDescending: true,
          filters: [['productName', 'contains', 'juice']],
        },
        where: sql`p.name ilike '%juice%'`,
        order: sql`p.name desc`,
      },
      {
        query: { sortColumn: 'prodDate', filters: [['serialNumber', 'startsWith', 'LOT']] },
        where: sql`s.serial_number ilike 'LOT%'`,
        order: sql`s.prod_date asc nulls last`,
      },
    ];
    for (const { query, where, order } of cases) {
      const expected = rowsOf(
        await t.ctx.db.execute(sql`
          select s.id from stock s
          join product p on p.id = s.product_id join storage_space l on l.id = s.location_id
          where s.client_account_id = ${accountId} and ${where}
          order by ${order}, s.id asc`),
      ).map((r) => String(r.id));
      const { filters = [], ...rest } = query as { filters?: [string, string, unknown][] };
      const params = new URLSearchParams({
        ...Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, String(v)])),
        BasicFiltersSerialized: JSON.stringify(
          filters.map(([field, operator, value]) => ({ field, operator, value })),
        ),
      });
      const all = await get(manager, `/api/WmsInventory/inventory?PageSize=1000&${params}`);
      expect(all.allFilteredRowCount, params.toString()).toBe(expected.length);
      expect(
        all.results.map((r: Row) => r.id),
        params.toString(),
      ).toEqual(expected);
      const second = await get(manager, `/api/WmsInventory/inventory?PageSize=7&PageNumber=2&${params}`);
      expect(second.results.map((r: Row) => r.id)).toEqual(expected.slice(7, 14));
      expect(second.allFilteredRowCount).toBe(expected.length);
    }
    expect(cases.length).toBe(8);

    // A contractor sees their products' stock only, never the products hidden from the portal.
    const contractor = await signIn('contractor');
    const visible = rowsOf(
      await t.ctx.db.execute(sql`
        select s.id from stock s join product p on p.id = s.product_id
        where s.client_account_id = ${accountId} and p.contractor_id = ${acmeId}::uuid and not p.hide_from_portal
        order by p.index asc, s.id asc`),
    ).map((r) => String(r.id));
    const [acmeStock] = rowsOf(
      await t.ctx.db.execute(sql`
        select count(*)::int as n from stock s join product p on p.id = s.product_id
        where s.client_account_id = ${accountId} and p.contractor_id = ${acmeId}::uuid`),
    );
    expect(Number(acmeStock?.n)).toBeGreaterThan(visible.length);
    const own = await get(contractor, '/api/WmsInventory/inventory?PageSize=1000');
    expect(own.allFilteredRowCount).toBe(visible.length);
    expect(own.results.map((r: Row) => r.id)).toEqual(visible);
    const filtered = await get(
      contractor,
      `/api/WmsInventory/inventory?PageSize=1000&BasicFiltersSerialized=${encodeURIComponent(
        JSON.stringify([{ field: 'locationLabel', operator: 'startsWith', value: 'WH' }]),
      )}`,
    );
    expect(filtered.allFilteredRowCount).toBe(
      own.results.filter((r: Row) => String(r.locationLabel).startsWith('WH')).length,
    );
  });

  it('shows the catalyst module: priced catalogue for buyer-full, names only for buyer-basic', async () => {
    const signIn = async (username: string, device: string) => {
      const res = await t.call(
        undefined,
        'POST',
        '/api/catalyst/client/auth',
        { username, password: demoPassword },
        {
          'x-device-id': device,
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      return { headers: { authorization: `Bearer ${res.json().token}`, 'x-device-id': device } };
    };
    const page = async (who: { headers: Record<string, string> }) => {
      const res = await t.call(who, 'GET', '/api/catalyst/catalyst/as-client?PageSize=100');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { results: Row[]; allFilteredRowCount: number };
    };
    const full = await page(await signIn('buyer-full', 'demo-device-1'));
    const basic = await page(await signIn('buyer-basic', 'demo-device-2'));
    // 60 catalysts, every 20th hidden from clients.
    expect(full.allFilteredRowCount).toBe(57);
    expect(basic.allFilteredRowCount).toBe(57);
    for (const row of full.results) {
      expect(typeof row.price === 'number' && row.price >= 0, JSON.stringify(row)).toBe(true);
      expect(row.currency).toBe('EUR');
      expect(typeof row.weight).toBe('number');
    }
    expect(full.results.some((row) => Number(row.price) > 0)).toBe(true);
    for (const row of basic.results) {
      expect(row).not.toHaveProperty('price');
      expect(row).not.toHaveProperty('weight');
    }
  });

  it('gives orders that can be carried out: their documents confirm and stock still equals the ledger', async () => {
    const manager = await signIn('manager');
    const orders = (await rowsIn('wmsOrder')).filter(
      (o) => o.statusCode === 'waitingToProcess' && ['OIN', 'OOU', 'OPI'].includes(String(o.typeCode)),
    );
    for (const order of orders) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/WmsOrder/${order.id}/GenerateDocuments`,
        headers: manager,
      });
      expect(res.statusCode, `${order.orderNumber}: ${res.body}`).toBe(200);
    }
    expect(await stockServiceOf(t.ctx).ledgerDifferences(t.ctx.db, accountId)).toEqual([]);
  });

  it('shows the office: templates to send documents with, favorites, a shop connection, a file on ACME, a discussion on a receipt', async () => {
    const admin = await signIn('admin');
    const templates = (await get(admin, '/api/emailTemplate')) as { results: Row[] };
    expect(templates.results.map((r) => r.refResourceType)).toEqual(
      expect.arrayContaining(['wmsDocument', 'wmsOrder']),
    );
    const [acme] = (await rowsIn('company')).filter((c) => c.shortName === 'ACME');
    const files = (await get(admin, `/api/File/list?refResourceType=company&refResourceId=${acme?.id}`)) as {
      results: Row[];
    };
    expect(files.results.map((f) => f.fileName)).toEqual(['ACME price list 2026.xlsx']);
    expect((await rowsIn('person')).some((p) => p.email === 'paula@acme.example')).toBe(true);
    const favorites = (await get(admin, '/api/FavoriteAction')) as { results: Row[] };
    expect(favorites.results.map((f) => f.title).sort()).toEqual(['Discussions', 'Stock']);
    const shops = (await get(admin, '/api/ExternalCredentials')) as { results: Row[] };
    expect(shops.results.map((c) => [c.serviceName, c.isActive])).toEqual([['Web shop', false]]);
    expect(JSON.stringify(shops)).not.toContain('cs_demo');
    const manager = await signIn('manager');
    const threads = (await get(manager, '/api/Discussion')) as {
      results: { discussionId: string; messageCount: number; refResourceType: string }[];
    };
    // Besides the carriers' threads of the demo shipment ticket (the first test), the receipt's.
    const onRecords = threads.results.filter((r) => r.refResourceType !== 'shipmentTicket');
    expect(onRecords).toHaveLength(1);
    expect(onRecords[0]?.messageCount).toBe(2);
  });

  it('has a default print layout for every kind of record, and a location label prints as a PDF', async () => {
    const admin = await signIn('admin');
    const layouts = (await get(admin, '/api/PrintLayout?PageSize=50')) as { results: Row[] };
    expect(layouts.results.map((l) => l.objectType).sort()).toEqual([...printObjectTypes].sort());
    const [location] = ((await get(admin, '/api/StorageSpace?PageSize=1')) as { results: Row[] }).results;
    const pdf = await t.app.inject({
      method: 'POST',
      url: '/api/print/pdf',
      headers: admin,
      payload: { objectType: 'location', objectId: location?.id },
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.toString('latin1')).toContain(`(Location label: ${String(location?.label)})`);
  });

  // Seeds the whole demo again: on a busy machine as long as the file's set-up, past the default test budget.
  it(
    'keeps the data on a second start, and makes an interrupted seed again',
    async () => {
      const before = await counts();
      expect(await seedDemo(t.ctx)).toBeUndefined();
      expect(await counts()).toEqual(before);

      await t.ctx.db
        .update(clientAccount)
        .set({ name: 'Demo Logistics (setting up)' })
        .where(and(eq(clientAccount.id, accountId)));
      const again = await seedDemo(t.ctx);
      expect(again?.accountId).toBeDefined();
      expect(again?.accountId).not.toBe(accountId);
      accountId = String(again?.accountId);
      const after = await counts();
      expect(after.accounts).toBe(1);
      expect(after.products).toBe(300);
      expect(after.orders).toBe(15);
      expect(await stockServiceOf(t.ctx).ledgerDifferences(t.ctx.db, accountId)).toEqual([]);
    },
    6 * 60_000,
  );
});

const plus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
