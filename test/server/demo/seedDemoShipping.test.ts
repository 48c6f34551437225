import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword, seedDemo } from '../../../server/demo/seedDemo';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('demo shipping, calendar and sell offers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.ctx);
  });
  afterAll(async () => t.close());

  const signIn = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Auth',
      payload: { username, password: demoPassword },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${String(res.json().token)}` };
  };
  const get = async (headers: Record<string, string>, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

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
});
