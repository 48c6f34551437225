import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventColorOf } from '../../../domain/calendar/eventColor';
import type { Row } from '../../../server/resources/rows';
import { anAccount, anOrderRow, aUser, type TestUser } from '../../support/builders';
import { aCarrierUser, anOfferBody, aTicketBody } from '../../support/shippingBuilders';
import { createTestApp, type HttpMethod, type TestApp } from '../../support/testApp';

let t: TestApp;
let acc: string;
let boss: TestUser;
let plain: TestUser;
let carrier: TestUser & { carrierId: string };
let ticket: Row;
let order: Row;
let closed: Row;

const range = 'from=2032-06-01T00:00:00.000Z&to=2032-07-01T00:00:00.000Z';

const call = (who: TestUser, method: HttpMethod, url: string, payload?: unknown) =>
  t.call(who, method, url, payload);
const ok = async (who: TestUser, method: HttpMethod, url: string, payload?: unknown, status = 200) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.statusCode === 204 ? {} : (res.json() as Row);
};
const items = async (who: TestUser, query = range) =>
  (await ok(who, 'GET', `/api/Calendar?${query}`)).results as Row[];

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  boss = await aUser(t.ctx, acc, { shippingEnabled: true, logisticsEnabled: true });
  plain = await aUser(t.ctx, acc);
  carrier = await aCarrierUser(t.ctx, acc, 'GAMMA-LOG');
  const dock = await ok(boss, 'POST', '/api/CalendarResource', { name: 'Dock 1', kind: 'dock' }, 403);
  expect(dock.code).toBe('forbidden');
  ticket = await ok(
    boss,
    'POST',
    '/api/ShipmentTicket',
    aTicketBody({ pickupTime: '2032-06-10T08:00:00.000Z', deliveryTime: '2032-06-11T12:00:00.000Z' }),
    201,
  );
  order = await anOrderRow(t.ctx, acc, {
    typeCode: 'OIN',
    statusCode: 'waitingToProcess',
    orderNumber: 'ORD-OIN/2032/000001',
    plannedDate: new Date('2032-06-10T06:00:00.000Z'),
  });
  closed = await anOrderRow(t.ctx, acc, {
    typeCode: 'OOU',
    statusCode: 'closedFully',
    orderNumber: 'ORD-OOU/2032/000001',
    plannedDate: new Date('2032-06-12T06:00:00.000Z'),
  });
  // Another account's records never show.
  await anOrderRow(t.ctx, await anAccount(t.ctx), { plannedDate: new Date('2032-06-10T06:00:00.000Z') });
});
afterAll(async () => t.close());

describe('GET Calendar', () => {
  it('merges own events, orders and shipment times, sorted by startDate, with colours by sub-type', async () => {
    await ok(
      boss,
      'POST',
      '/api/CalendarEvent',
      {
        title: 'Forklift service',
        startDate: '2032-06-10T07:00:00.000Z',
        finishDate: '2032-06-10T09:00:00.000Z',
        resourceSubType: 132,
      },
      201,
    );
    const list = await items(boss);
    expect(list.map((i) => [i.source, i.title, i.startDate, i.resourceSubType])).toEqual([
      ['order', 'ORD-OIN/2032/000001', '2032-06-10T06:00:00.000Z', 112],
      ['event', 'Forklift service', '2032-06-10T07:00:00.000Z', 132],
      ['shipmentPickup', `${ticket.shipmentNumber} PL → DE`, '2032-06-10T08:00:00.000Z', 141],
      ['shipmentDelivery', `${ticket.shipmentNumber} PL → DE`, '2032-06-11T12:00:00.000Z', 142],
      ['order', 'ORD-OOU/2032/000001', '2032-06-12T06:00:00.000Z', 122],
    ]);
    const starts = list.map((i) => Date.parse(String(i.startDate)));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(list.map((i) => eventColorOf(Number(i.resourceSubType)))).toEqual([
      'lightGreen',
      'orange',
      'blue',
      'blue',
      'red',
    ]);
    expect(list.find((i) => i.source === 'shipmentPickup')).toMatchObject({
      link: `/shipment-tickets/${ticket.id}`,
      movable: true,
      resizable: false,
    });
    expect(list.find((i) => i.recordId === closed.id)).toMatchObject({ movable: false });
    expect(list.find((i) => i.recordId === order.id)).toMatchObject({
      link: `/orders/${order.id}`,
      movable: true,
    });
  });

  it('an event without a positive duration lasts 15 seconds', async () => {
    const none = await ok(
      boss,
      'POST',
      '/api/CalendarEvent',
      { title: 'Ping', startDate: '2032-06-20T10:00:00.000Z' },
      201,
    );
    const back = await ok(
      boss,
      'POST',
      '/api/CalendarEvent',
      {
        title: 'Backwards',
        startDate: '2032-06-20T11:00:00.000Z',
        finishDate: '2032-06-20T10:00:00.000Z',
      },
      201,
    );
    const list = await items(boss, `${range}&sources=event`);
    expect(list.find((i) => i.recordId === none.id)).toMatchObject({
      finishDate: '2032-06-20T10:00:15.000Z',
      resourceSubType: 900,
    });
    expect(list.find((i) => i.recordId === back.id)).toMatchObject({
      finishDate: '2032-06-20T11:00:15.000Z',
    });
    // Orders and shipment times are points in time: 15 seconds too.
    const all = await items(boss);
    expect(all.find((i) => i.source === 'shipmentPickup')?.finishDate).toBe('2032-06-10T08:00:15.000Z');
    // A 15-second event meets a range that starts within its 15 seconds.
    const edge = await items(boss, 'from=2032-06-20T10:00:10.000Z&to=2032-06-20T10:00:20.000Z&sources=event');
    expect(edge.map((i) => i.recordId)).toEqual([none.id]);
  });

  it('filters by sub-type, source and resource', async () => {
    expect((await items(boss, `${range}&resourceSubTypes=141,142`)).map((i) => i.source)).toEqual([
      'shipmentPickup',
      'shipmentDelivery',
    ]);
    expect((await items(boss, `${range}&sources=order`)).every((i) => i.source === 'order')).toBe(true);
    expect(await items(boss, `${range}&resourceIds=${carrier.carrierId}`)).toEqual([]);
  });

  it('shows each source only to users who may read it; carriers see no calendar', async () => {
    const sources = new Set((await items(plain)).map((i) => i.source));
    expect(sources.has('order')).toBe(false);
    expect(sources.has('shipmentPickup')).toBe(false);
    expect(sources.has('event')).toBe(true);
    const res = await call(carrier, 'GET', `/api/Calendar?${range}`);
    expect(res.statusCode).toBe(403);
    const bad = await call(boss, 'GET', '/api/Calendar?from=2032-07-01&to=2032-06-01');
    expect(bad.statusCode).toBe(400);
  });
});

describe('moving on the calendar', () => {
  it('own events keep their length; a resize sets both ends; the planner row moves with it', async () => {
    const admin = await aUser(t.ctx, acc, { isPowerUser: true });
    const dock = await ok(admin, 'POST', '/api/CalendarResource', { name: 'Dock A', kind: 'dock' }, 201);
    const event = await ok(
      boss,
      'POST',
      '/api/CalendarEvent',
      {
        title: 'Unload',
        startDate: '2032-06-15T08:00:00.000Z',
        finishDate: '2032-06-15T10:00:00.000Z',
      },
      201,
    );
    await ok(
      boss,
      'POST',
      '/api/Calendar/move',
      { source: 'event', recordId: event.id, startDate: '2032-06-16T09:00:00.000Z', resourceId: dock.id },
      204,
    );
    let found = (await items(boss, `${range}&sources=event`)).find((i) => i.recordId === event.id);
    expect(found).toMatchObject({
      startDate: '2032-06-16T09:00:00.000Z',
      finishDate: '2032-06-16T11:00:00.000Z',
      resourceId: dock.id,
      resourceKind: 'dock',
    });
    await ok(
      boss,
      'POST',
      '/api/Calendar/move',
      {
        source: 'event',
        recordId: event.id,
        startDate: '2032-06-16T09:00:00.000Z',
        finishDate: '2032-06-16T13:30:00.000Z',
        resourceId: carrier.carrierId,
      },
      204,
    );
    found = (await items(boss, `${range}&resourceIds=${carrier.carrierId}`)).find(
      (i) => i.recordId === event.id,
    );
    expect(found).toMatchObject({ finishDate: '2032-06-16T13:30:00.000Z', resourceKind: 'carrier' });
    const resources = await ok(boss, 'GET', '/api/Calendar/Resources');
    expect((resources.results as Row[]).map((r) => [r.name, r.kind])).toEqual([
      ['Dock A', 'dock'],
      ['GAMMA-LOG', 'carrier'],
    ]);
  });

  it('a shipment pickup moves the ticket (delivery with it); orders move until closed', async () => {
    await ok(
      boss,
      'POST',
      '/api/Calendar/move',
      { source: 'shipmentPickup', recordId: ticket.id, startDate: '2032-06-13T08:00:00.000Z' },
      204,
    );
    const moved = await ok(boss, 'GET', `/api/ShipmentTicket/${ticket.id}`);
    expect(moved).toMatchObject({
      pickupTime: '2032-06-13T08:00:00.000Z',
      deliveryTime: '2032-06-14T12:00:00.000Z',
    });
    await ok(
      boss,
      'POST',
      '/api/Calendar/move',
      { source: 'order', recordId: order.id, startDate: '2032-06-18T06:00:00.000Z' },
      204,
    );
    expect((await ok(boss, 'GET', `/api/WmsOrder/${order.id}`)).plannedDate).toBe('2032-06-18T06:00:00.000Z');
    const locked = await call(boss, 'POST', '/api/Calendar/move', {
      source: 'order',
      recordId: closed.id,
      startDate: '2032-06-18T06:00:00.000Z',
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('calendarRecordLocked');
    const denied = await call(plain, 'POST', '/api/Calendar/move', {
      source: 'shipmentPickup',
      recordId: ticket.id,
      startDate: '2032-06-13T08:00:00.000Z',
    });
    expect(denied.statusCode).toBe(403);
  });

  it('an archived ticket no longer moves', async () => {
    const done = await ok(
      boss,
      'POST',
      '/api/ShipmentTicket',
      aTicketBody({ pickupTime: '2032-06-05T08:00:00.000Z', deliveryTime: null }),
      201,
    );
    await ok(boss, 'POST', `/api/ShipmentTicket/${done.id}/archive`);
    const res = await call(boss, 'POST', '/api/Calendar/move', {
      source: 'shipmentPickup',
      recordId: done.id,
      startDate: '2032-06-06T08:00:00.000Z',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ticketArchived');
    expect((await items(boss)).find((i) => i.recordId === done.id)).toMatchObject({ movable: false });
  });

  it('an assigned ticket’s carrier appears as the pickup’s planner row', async () => {
    const tk = await ok(
      boss,
      'POST',
      '/api/ShipmentTicket',
      aTicketBody({ pickupTime: '2032-06-25T08:00:00.000Z', deliveryTime: null }),
      201,
    );
    await ok(boss, 'POST', `/api/ShipmentTicket/${tk.id}/publish`);
    const offer = await ok(
      carrier,
      'POST',
      `/api/Transport/Tickets/${tk.id}/Offers`,
      anOfferBody({ pickupTime: null, deliveryTime: null, validUntil: null }),
      201,
    );
    await ok(boss, 'POST', `/api/FreightOffer/${offer.id}/confirm`);
    const found = (await items(boss, `${range}&resourceIds=${carrier.carrierId}&sources=shipmentPickup`)).map(
      (i) => i.recordId,
    );
    expect(found).toEqual([tk.id]);
  });
});
