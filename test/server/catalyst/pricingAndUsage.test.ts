import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceCatalyst } from '../../../domain/catalyst/pricing';
import type { Row } from '../../../server/resources/rows';
import { workedExample } from '../../domain/catalyst/fixtures';
import {
  aClient,
  aCompany,
  aGroup,
  allFlags,
  type CatalystTestApp,
  type Company,
  createCatalystApp,
  signInClient,
} from './catalystSupport';

describe('the worked example of docs/catalyst-pricing.md, set up through the API', () => {
  let t: CatalystTestApp;
  let c: Company;

  beforeAll(async () => {
    t = await createCatalystApp();
    c = await aCompany(t);
  });
  afterAll(async () => t.close());

  it('prices the catalyst at 85.24 EUR for a client of the group, and staff see the same breakdown', async () => {
    const example = workedExample();
    await t.ok(c.admin, 'PUT', '/api/catalyst/ClientRecyclingConfig', {
      currency: 'EUR',
      roundingDecimals: 2,
      roundingMode: 'nearest',
      refiningChargePerKg: 0.5,
    });
    const pair = await t.ok(c.admin, 'POST', '/api/catalyst/companycurrencyraterule', {
      pairName: 'USD/EUR',
      pairFullName: 'US dollar in euro',
      multiplier: 0.99,
    });
    await t.ok(
      c.admin,
      'POST',
      `/api/catalyst/companycurrencyraterule/${pair.id}/quote`,
      { price: 0.92 },
      200,
    );
    const ids: Record<string, string> = {};
    for (const m of example.metals) {
      const rate = await t.ok(c.admin, 'POST', '/api/catalyst/companystockraterule', {
        name: m.shortName,
        shortName: m.shortName,
        quoteCurrency: 'USD',
        valueMultiplier: m.valueMultiplier,
        minimalReduction: m.minimalReduction,
        returnRate: m.returnRate,
        leaseRate: m.leaseRate,
        constantValue: m.constantValue,
        maxRate: m.maxRate,
      });
      ids[m.id] = String(rate.id);
      await t.ok(
        c.admin,
        'POST',
        `/api/catalyst/companystockraterule/${rate.id}/quote`,
        { price: m.marketRate },
        200,
      );
    }
    const producer = await t.ok(c.admin, 'POST', '/api/catalyst/producer', { name: 'Producer 1' });
    const group = await aGroup(t, c.admin, { ...allFlags, stockRateMultiplyValue: 0.95 });
    await t.ok(c.admin, 'POST', '/api/catalyst/individualrule', {
      userGroupId: group.id,
      producerId: producer.id,
      multiplier: 1.02,
      surcharge: -1,
    });
    const cat = await t.ok(c.admin, 'POST', '/api/catalyst/catalyst', {
      name: 'Worked example',
      producerId: producer.id,
      weight: 2,
      ceramicWeight: 1.5,
      humidity: 4,
      processingCost: 3,
      productStockContent: example.catalyst.content.map((x) => ({
        baseStockId: ids[x.metalId],
        gramsPerKg: x.gramsPerKg,
      })),
    });
    const client = await signInClient(t, await aClient(t, c.admin, String(group.id)));
    const page = await t.ok<{ results: Row[] }>(client, 'GET', '/api/catalyst/catalyst/as-client');
    expect(page.results[0]).toMatchObject({ id: cat.id, price: 85.24, currency: 'EUR' });

    const why = await t.ok<{ breakdown: { price: number; lines: Row[] } }>(
      c.admin,
      'GET',
      `/api/catalyst/catalyst/as-client/${client.clientUserId}/${cat.id}`,
    );
    const engine = priceCatalyst(example);
    expect(why.breakdown.price).toBe(engine.price);
    expect(why.breakdown.lines.map((l) => [l.kind, l.value])).toEqual(
      engine.lines.map((l) => [l.kind, expect.closeTo(l.value, 9)]),
    );
    // The exchange rate's company price and the metals' effective rates (group-neutral) as stored.
    const pt = await t.ok(c.admin, 'GET', `/api/catalyst/companystockraterule/${ids.pt}`);
    expect(pt.effectiveRate).toBeCloseTo(25.1572068, 9);
  });
});

describe('usage statistics of client accounts (7 days)', () => {
  let t: CatalystTestApp;
  let c: Company;

  beforeAll(async () => {
    t = await createCatalystApp();
    c = await aCompany(t);
  });
  afterAll(async () => t.close());

  it('counts sign-ins, catalogue reads, searches and carts per day and per client, over the last 7 days', async () => {
    const group = await aGroup(t, c.admin, allFlags);
    const first = await aClient(t, c.admin, String(group.id));
    const second = await aClient(t, c.admin, String(group.id));
    t.clock.set('2026-03-01T10:00:00.000Z');
    const a = await signInClient(t, first);
    await t.ok(a, 'GET', '/api/catalyst/catalyst/as-client');
    t.clock.set('2026-03-08T09:00:00.000Z');
    await t.ok(a, 'GET', '/api/catalyst/catalyst/as-client?search=x');
    const b = await signInClient(t, second);
    await t.ok(b, 'GET', '/api/catalyst/catalyst/as-client');
    await t.ok(b, 'GET', '/api/catalyst/catalyst/as-client/rates');
    t.clock.set('2026-03-09T12:00:00.000Z');
    const stats = await t.ok<{ from: string; to: string; days: Row[]; clients: Row[] }>(
      c.admin,
      'GET',
      '/api/catalyst/statistics',
    );
    expect(stats.from).toBe('2026-03-03');
    expect(stats.to).toBe('2026-03-09');
    expect(stats.days.map((d) => d.day)).toEqual([
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]);
    // 1 March is outside the window.
    expect(stats.days.find((d) => d.day === '2026-03-08')).toEqual({
      day: '2026-03-08',
      activeClients: 2,
      signIn: 1,
      catalogue: 1,
      search: 1,
      rates: 1,
      cart: 0,
      submit: 0,
    });
    const byName = Object.fromEntries(stats.clients.map((row) => [row.username, row]));
    expect(byName[first.username]).toMatchObject({ calls: 1, signIns: 0, devices: 1 });
    expect(byName[second.username]).toMatchObject({ calls: 3, signIns: 1, devices: 1 });
  });
});
