import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalystNotice } from '../../../server/catalyst/notices';
import { rowsOf } from '../../../server/db/rawRows';
import type { Row } from '../../../server/resources/rows';
import {
  aCompany,
  type CatalystTestApp,
  type Company,
  createCatalystApp,
  secondProcess,
} from './catalystSupport';
import { type QuoteServer, startQuoteServer } from './localQuoteServer';

describe('the rates scheduler (fake clock; jobs in the database)', () => {
  let t: CatalystTestApp;
  let other: CatalystTestApp | undefined;
  let c: Company;
  let source: QuoteServer;
  let pt: Row;
  const notices: { account: string; notice: CatalystNotice }[] = [];

  beforeAll(async () => {
    t = await createCatalystApp();
    source = await startQuoteServer();
    c = await aCompany(t);
    t.app.catalyst.notices.subscribe((account, notice) => notices.push({ account, notice }));
    source.set({ pt: { price: 30 } });
    pt = await t.ok(c.admin, 'POST', '/api/catalyst/companystockraterule', {
      name: 'Platinum',
      shortName: 'Pt',
      quoteCurrency: 'EUR',
      source: 'http',
      sourceUrl: source.url,
      sourceField: 'pt.price',
      updateHours: ['16:00', '09:00'],
    });
  });
  afterAll(async () => {
    await other?.close();
    await source.close();
    await t.close();
  });

  const rate = () => t.ok(c.admin, 'GET', `/api/catalyst/companystockraterule/${pt.id}`);
  const job = async () =>
    rowsOf(await t.ctx.db.execute(sql`select * from catalyst_job where rate_id = ${String(pt.id)}::uuid`))[0];
  const history = async () =>
    rowsOf(
      await t.ctx.db.execute(
        sql`select price, source from catalyst_rate_quote where rate_id = ${String(pt.id)}::uuid order by at`,
      ),
    );
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

  it('makes a job for a rate with update hours and sets its phase now', async () => {
    t.clock.set('2026-03-02T06:00:00.000Z');
    const run = await t.app.catalyst.scheduler.runDue();
    expect(run).toEqual({ created: 1, ran: [] });
    expect(iso((await job())?.run_at)).toBe('2026-03-02T08:30:00.000Z');
    expect((await rate()).marketPhase).toBe('closing');
    expect(await t.app.catalyst.scheduler.runDue()).toEqual({ created: 0, ran: [] });
  });

  it('moves the phase at the notice before opening without fetching', async () => {
    t.clock.set('2026-03-02T08:30:00.000Z');
    const run = await t.app.catalyst.scheduler.runDue();
    expect(run.ran).toEqual([
      { rateId: pt.id, kind: 'metal', fetched: false, error: null, phase: 'beforeOpening' },
    ]);
    expect(source.hits()).toBe(0);
    expect((await rate()).marketPhase).toBe('beforeOpening');
    expect(notices).toContainEqual({
      account: c.acc,
      notice: { kind: 'phase', shortName: 'Pt', phase: 'beforeOpening' },
    });
  });

  it('at the update hour fetches the quote, records it, opens the market and tells the clients', async () => {
    notices.length = 0;
    t.clock.set('2026-03-02T09:00:20.000Z');
    const run = await t.app.catalyst.scheduler.runDue();
    expect(run.ran).toEqual([{ rateId: pt.id, kind: 'metal', fetched: true, error: null, phase: 'opening' }]);
    expect(source.hits()).toBe(1);
    expect(await rate()).toMatchObject({
      latestMarketRate: 30,
      effectiveRate: 30,
      marketRateAt: '2026-03-02T09:00:20.000Z',
      marketPhase: 'opening',
    });
    expect(await history()).toEqual([{ price: 30, source: 'http' }]);
    expect(iso((await job())?.run_at)).toBe('2026-03-02T15:30:00.000Z');
    await new Promise((resolve) => setImmediate(resolve));
    expect(notices).toContainEqual({
      account: c.acc,
      notice: { kind: 'prices', reason: 'companyStockRateRule' },
    });
    expect(notices).toContainEqual({
      account: c.acc,
      notice: { kind: 'phase', shortName: 'Pt', phase: 'opening' },
    });
  });

  it('lives in the database: another server process carries on where this one stopped', async () => {
    await t.app.catalyst.scheduler.stop();
    other = await secondProcess(t);
    t.clock.set('2026-03-02T15:31:00.000Z');
    const run = await other.app.catalyst.scheduler.runDue();
    expect(run.ran).toMatchObject([{ rateId: pt.id, fetched: false, phase: 'beforeClosing' }]);
    expect((await rate()).marketPhase).toBe('beforeClosing');
  });

  it('runs a slot once when several processes look at the same moment', async () => {
    if (!other) throw new Error('the second process is made by the test before');
    source.set({ pt: { price: 31 } });
    t.clock.set('2026-03-02T16:00:00.000Z');
    const before = source.hits();
    const [a, b] = await Promise.all([
      t.app.catalyst.scheduler.runDue(),
      other.app.catalyst.scheduler.runDue(),
    ]);
    expect(a.ran.length + b.ran.length).toBe(1);
    expect(source.hits() - before).toBe(1);
    expect(await history()).toEqual([
      { price: 30, source: 'http' },
      { price: 31, source: 'http' },
    ]);
    expect((await rate()).marketPhase).toBe('closing');
    expect(iso((await job())?.run_at)).toBe('2026-03-03T08:30:00.000Z');
  });

  it('after a failed fetch keeps the error on the rate and tries again a little later', async () => {
    t.clock.set('2026-03-03T08:30:00.000Z');
    await t.app.catalyst.scheduler.runDue();
    source.set({ down: true }, 503);
    t.clock.set('2026-03-03T09:00:00.000Z');
    const failed = await t.app.catalyst.scheduler.runDue();
    expect(failed.ran).toMatchObject([{ fetched: false, error: 'HTTP 503', phase: 'opening' }]);
    expect((await rate()).lastSourceError).toBe('HTTP 503');
    expect(await job()).toMatchObject({ attempts: 1, last_error: 'HTTP 503' });
    expect(iso((await job())?.run_at)).toBe('2026-03-03T09:05:00.000Z');
    source.set({ pt: { price: 32 } });
    t.clock.set('2026-03-03T09:05:00.000Z');
    const retried = await t.app.catalyst.scheduler.runDue();
    expect(retried.ran).toMatchObject([{ fetched: true, error: null }]);
    expect(await rate()).toMatchObject({ latestMarketRate: 32, lastSourceError: null });
    expect(await job()).toMatchObject({ attempts: 0 });
  });

  it('takes over the job of a process that died holding it, once its lease is over', async () => {
    t.clock.set('2026-03-03T15:30:00.000Z');
    await t.ctx.db.execute(sql`update catalyst_job set locked_by = 'gone', locked_until = '2026-03-03T15:32:00Z'
      where rate_id = ${String(pt.id)}::uuid`);
    expect((await t.app.catalyst.scheduler.runDue()).ran).toEqual([]);
    t.clock.set('2026-03-03T15:33:00.000Z');
    expect((await t.app.catalyst.scheduler.runDue()).ran).toMatchObject([{ phase: 'beforeClosing' }]);
  });

  it('makes the job again when the update hours change, and drops it when they are gone', async () => {
    await t.ok(c.admin, 'PUT', `/api/catalyst/companystockraterule/${pt.id}`, { updateHours: ['18:00'] });
    expect(await job()).toBeUndefined();
    const run = await t.app.catalyst.scheduler.runDue();
    expect(run.created).toBe(1);
    expect(iso((await job())?.run_at)).toBe('2026-03-03T17:30:00.000Z');
    await t.ok(c.admin, 'PUT', `/api/catalyst/companystockraterule/${pt.id}`, { updateHours: [] });
    expect((await t.app.catalyst.scheduler.runDue()).created).toBe(0);
    expect(await job()).toBeUndefined();
    expect((await rate()).marketPhase).toBeNull();
  });
});
