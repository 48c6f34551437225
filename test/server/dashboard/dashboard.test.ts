import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DashboardFigures } from '../../../domain/dashboard';
import {
  aContractorUser,
  anAccount,
  anOrderRow,
  aPowerUser,
  aStockLocation,
  aStockProduct,
  aUser,
  type TestUser,
} from '../../support/builders';
import { testAppFixture } from '../../support/testApp';

const isoDay = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The supervisor's dashboard: the company's own figures, and the terminals' reports. */
describe('GET /api/Dashboard and POST /api/TerminalStatus', () => {
  const fixture = testAppFixture();

  const document = async (user: TestUser, body: Record<string, unknown>) => {
    const res = await fixture.t.call(user, 'POST', '/api/WmsDocument', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; documentNumber: string };
  };
  const dashboard = async (user: TestUser) => {
    const res = await fixture.t.call(user, 'GET', `/api/Dashboard?todayFrom=${isoDay(0)}T00:00:00Z`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardFigures;
  };

  it('counts open orders, today’s receipts and releases, low and expiring stock, working copies, only of the company', async () => {
    const { ctx } = fixture.t;
    const acc = await anAccount(ctx);
    const manager = await aPowerUser(ctx, acc, { logisticsEnabled: true });
    const bin = await aStockLocation(ctx, acc);
    const critical = await aStockProduct(ctx, acc, { warningStock: 10, criticalStock: 2 });
    const warning = await aStockProduct(ctx, acc, { warningStock: 5, criticalStock: null });
    const fine = await aStockProduct(ctx, acc, { warningStock: 1, criticalStock: null });
    const noLevels = { warningStock: null, criticalStock: null, minimalExpDays: null };
    const soon = await aStockProduct(ctx, acc, noLevels);
    const later = await aStockProduct(ctx, acc, noLevels);
    await document(manager, {
      typeCode: 'DIN',
      destinationLocationId: bin.id,
      confirm: true,
      positions: [
        { productId: critical.id, quantity: 1 },
        { productId: warning.id, quantity: 4 },
        { productId: fine.id, quantity: 9 },
        { productId: soon.id, quantity: 3, expDate: isoDay(10) },
        { productId: later.id, quantity: 3, expDate: isoDay(90) },
      ],
    });
    // Received before the products asked for 30 days of shelf life (a receipt would refuse them now).
    const products = ctx.schema.resourceTables.product;
    if (!products?.id) throw new Error('no product table');
    await ctx.db
      .update(products)
      .set({ minimalExpDays: 30 })
      .where(inArray(products.id, [String(soon.id), String(later.id)]));
    await document(manager, {
      typeCode: 'DOU',
      sourceLocationId: bin.id,
      confirm: true,
      positions: [{ productId: fine.id, quantity: 1 }],
    });
    const copy = await document(manager, { typeCode: 'DIN', destinationLocationId: bin.id, positions: [] });
    await anOrderRow(ctx, acc, { typeCode: 'OOU', statusCode: 'waitingToProcess' });
    await anOrderRow(ctx, acc, { typeCode: 'OIN', statusCode: 'inProgress' });
    await anOrderRow(ctx, acc, { typeCode: 'OIN', statusCode: 'closedFully' });

    // Another company's records count for nobody else.
    const other = await anAccount(ctx);
    const stranger = await aPowerUser(ctx, other, { logisticsEnabled: true });
    await anOrderRow(ctx, other, { statusCode: 'waitingToProcess' });
    await document(stranger, {
      typeCode: 'DIN',
      destinationLocationId: (await aStockLocation(ctx, other)).id,
      positions: [],
    });

    const figures = await dashboard(manager);
    expect(figures.ordersByStatus).toEqual(
      expect.arrayContaining([
        { statusCode: 'waitingToProcess', count: 1 },
        { statusCode: 'inProgress', count: 1 },
      ]),
    );
    expect(figures.ordersByStatus.map((o) => o.statusCode)).not.toContain('closedFully');
    expect(figures.today).toEqual({ receipts: 1, releases: 1 });
    expect(figures.lowStock).toMatchObject({ critical: 1, warning: 1 });
    expect(figures.lowStock.items.map((i) => [i.productId, i.level, i.available])).toEqual([
      [critical.id, 'critical', 1],
      [warning.id, 'warning', 4],
    ]);
    expect(figures.expiring.count).toBe(1);
    expect(figures.expiring.items[0]).toMatchObject({ productId: soon.id, expDate: isoDay(10), quantity: 3 });
    expect(figures.workingCopies.count).toBe(1);
    expect(figures.workingCopies.oldest[0]).toMatchObject({ id: copy.id, typeCode: 'DIN' });
    expect(figures.fleet).toEqual([]);
  });

  it('lists each terminal with its user, last sync, waiting work and refusals as it reported them', async () => {
    const { ctx } = fixture.t;
    const acc = await anAccount(ctx);
    const manager = await aPowerUser(ctx, acc, { logisticsEnabled: true });
    const picker = await aUser(ctx, acc, { terminalEnabled: true, visibleName: 'Pia Picker' });
    const lastSyncAt = Date.now() - 120_000;
    const report = await fixture.t.call(picker, 'POST', '/api/TerminalStatus', {
      deviceId: 'HANDHELD-7',
      pending: 3,
      rejected: 1,
      lastSyncAt,
    });
    expect(report.statusCode, report.body).toBe(204);
    const [device] = (await dashboard(manager)).fleet;
    expect(device).toMatchObject({
      deviceId: 'HANDHELD-7',
      userName: 'Pia Picker',
      pending: 3,
      rejected: 1,
      lastSyncAt: new Date(lastSyncAt).toISOString(),
    });
    expect(device?.replicaAgeMs).toBeGreaterThanOrEqual(120_000);
    // A later report without a completed sync keeps the last one.
    await fixture.t.call(picker, 'POST', '/api/TerminalStatus', {
      deviceId: 'HANDHELD-7',
      pending: 0,
      rejected: 0,
      lastSyncAt: null,
    });
    expect((await dashboard(manager)).fleet[0]).toMatchObject({
      pending: 0,
      rejected: 0,
      lastSyncAt: new Date(lastSyncAt).toISOString(),
    });
  });

  it('is for the company’s staff only, and refuses a bad report', async () => {
    const { ctx } = fixture.t;
    const acc = await anAccount(ctx);
    const picker = await aUser(ctx, acc, { terminalEnabled: true });
    const contractor = await aContractorUser(ctx, acc);
    expect((await fixture.t.call(picker, 'GET', '/api/Dashboard')).statusCode).toBe(403);
    expect((await fixture.t.call(contractor, 'GET', '/api/Dashboard')).statusCode).toBe(403);
    expect((await fixture.t.call(undefined, 'GET', '/api/Dashboard')).statusCode).toBe(401);
    const contractorReport = await fixture.t.call(contractor, 'POST', '/api/TerminalStatus', {
      deviceId: 'X',
      pending: 0,
      rejected: 0,
      lastSyncAt: null,
    });
    expect(contractorReport.statusCode).toBe(403);
    const bad = await fixture.t.call(picker, 'POST', '/api/TerminalStatus', { deviceId: '', pending: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'badRequest' });
  });
});
