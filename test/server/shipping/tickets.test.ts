import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../../../server/resources/rows';
import { aContractorUser, anAccount, aUser, type TestUser } from '../../support/builders';
import { aCarrierUser, anOfferBody, aTicketBody, mailTo } from '../../support/shippingBuilders';
import { createTestApp, type HttpMethod, type TestApp } from '../../support/testApp';

let t: TestApp;
let acc: string;
let manager: TestUser;
let clerk: TestUser;
let alpha: TestUser & { carrierId: string };
let beta: TestUser & { carrierId: string };

beforeAll(async () => {
  t = await createTestApp();
  acc = await anAccount(t.ctx);
  manager = await aUser(t.ctx, acc, { shippingEnabled: true, logisticsEnabled: true });
  clerk = await aUser(t.ctx, acc, { logisticsEnabled: true });
  alpha = await aCarrierUser(t.ctx, acc, 'ALPHA-TRANS');
  beta = await aCarrierUser(t.ctx, acc, 'BETA-CARGO');
});
afterAll(async () => t.close());

const call = (who: TestUser, method: HttpMethod, url: string, payload?: unknown) =>
  t.call(who, method, url, payload);

const ok = async (who: TestUser, method: HttpMethod, url: string, payload?: unknown, status = 200) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.statusCode === 204 ? {} : (res.json() as Row);
};

const refused = async (
  who: TestUser,
  method: HttpMethod,
  url: string,
  code: string,
  status: number,
  payload?: unknown,
) => {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
  return res.json() as Row;
};

const newTicket = (body: Row = {}) => ok(manager, 'POST', '/api/ShipmentTicket', aTicketBody(body), 201);
const published = async (body: Row = {}) => {
  const ticket = await newTicket(body);
  return ok(manager, 'POST', `/api/ShipmentTicket/${ticket.id}/publish`);
};

describe('shipment tickets: numbering and fields', () => {
  it('a new ticket is a working copy numbered like documents (SHP/<year>/<counter>)', async () => {
    const a = await newTicket();
    const b = await newTicket();
    expect(a).toMatchObject({ statusCode: 'workingCopy', pickupCountry: 'PL', createdById: manager.row.id });
    expect(String(a.shipmentNumber)).toMatch(/^SHP\/\d{4}\/\d{6}$/);
    const counter = (n: unknown) => Number(String(n).split('/').at(-1));
    expect(counter(b.shipmentNumber)).toBe(counter(a.shipmentNumber) + 1);
  });

  it('follows the account numbering of releases: a monthly reset puts the month in the number', async () => {
    const other = await anAccount(t.ctx);
    const boss = await aUser(t.ctx, other, { shippingEnabled: true, isPowerUser: true });
    await ok(boss, 'PUT', '/api/ClientLogisticsConfig', {
      numbering: {
        OOU: { prefix: 'OOU', counterDigits: 5, yearDigits: 2, withMonth: true, reset: 'monthly' },
      },
    });
    const ticket = await ok(boss, 'POST', '/api/ShipmentTicket', aTicketBody(), 201);
    expect(String(ticket.shipmentNumber)).toMatch(/^SHP\/\d{2}\/\d{2}\/00001$/);
  });

  it('refuses a delivery before the pickup with its own message', async () => {
    const body = await refused(
      manager,
      'POST',
      '/api/ShipmentTicket',
      'formHasErrors',
      400,
      aTicketBody({ deliveryTime: '2031-03-09T08:00:00.000Z' }),
    );
    expect(body.fields).toEqual([{ field: 'deliveryTime', rule: 'deliveryBeforePickup' }]);
  });

  it('invited carriers must be carrier companies of the account', async () => {
    const contractor = await aContractorUser(t.ctx, acc);
    const body = await refused(
      manager,
      'POST',
      '/api/ShipmentTicket',
      'formHasErrors',
      400,
      aTicketBody({ invitedCarrierIds: [contractor.contractorId] }),
    );
    expect(body.fields).toEqual([{ field: 'invitedCarrierIds', rule: 'invalidValue' }]);
  });

  it('needs shipping: a logistics clerk, a contractor and a carrier are refused', async () => {
    await refused(clerk, 'POST', '/api/ShipmentTicket', 'forbidden', 403, aTicketBody());
    await refused(clerk, 'GET', '/api/ShipmentTicket', 'forbidden', 403);
    const contractor = await aContractorUser(t.ctx, acc);
    await refused(contractor, 'POST', '/api/ShipmentTicket', 'forbidden', 403, aTicketBody());
    await refused(alpha, 'POST', '/api/ShipmentTicket', 'forbidden', 403, aTicketBody());
    await refused(alpha, 'GET', '/api/ShipmentTicket', 'forbidden', 403);
    await refused(alpha, 'GET', '/api/FreightOffer', 'forbidden', 403);
    await refused(alpha, 'GET', '/api/Company', 'forbidden', 403);
    await refused(manager, 'GET', '/api/Transport/Tickets', 'forbidden', 403);
  });
});

describe('ticket transitions: each allowed one and each refusal', () => {
  it('publish needs the route and the pickup time', async () => {
    const ticket = await newTicket({ pickupCountry: null, pickupTime: null });
    const body = await refused(
      manager,
      'POST',
      `/api/ShipmentTicket/${ticket.id}/publish`,
      'formHasErrors',
      400,
    );
    expect(body.fields).toEqual([
      { field: 'pickupCountry', rule: 'required' },
      { field: 'pickupTime', rule: 'required' },
    ]);
  });

  it('working copy: edit, publish, archive, delete allowed; offer and confirm refused (not published)', async () => {
    const ticket = await newTicket();
    const edited = await ok(manager, 'PUT', `/api/ShipmentTicket/${ticket.id}`, { loadWeight: 800 });
    expect(edited.loadWeight).toBe(800);
    await refused(manager, 'POST', `/api/ShipmentTicket/${ticket.id}/unpublish`, 'ticketNotPublished', 409);
    // A working copy is invisible to carriers.
    await refused(
      alpha,
      'POST',
      `/api/Transport/Tickets/${ticket.id}/Offers`,
      'notFoundOrNoPermission',
      404,
      anOfferBody(),
    );
    await ok(manager, 'DELETE', `/api/ShipmentTicket/${ticket.id}`, undefined, 204);
    await refused(manager, 'GET', `/api/ShipmentTicket/${ticket.id}`, 'notFoundOrNoPermission', 404);
  });

  it('published: edit, delete and publish refused; unpublish archives active offers and tells their carriers', async () => {
    const ticket = await published();
    expect(ticket).toMatchObject({ statusCode: 'published' });
    expect(ticket.publishedAt).toEqual(expect.any(String));
    await refused(manager, 'PUT', `/api/ShipmentTicket/${ticket.id}`, 'ticketNotWorkingCopy', 409, {
      loadWeight: 1,
    });
    await refused(manager, 'DELETE', `/api/ShipmentTicket/${ticket.id}`, 'ticketNotWorkingCopy', 409);
    await refused(manager, 'POST', `/api/ShipmentTicket/${ticket.id}/publish`, 'ticketNotWorkingCopy', 409);
    const offer = await ok(alpha, 'POST', `/api/Transport/Tickets/${ticket.id}/Offers`, anOfferBody(), 201);
    const back = await ok(manager, 'POST', `/api/ShipmentTicket/${ticket.id}/unpublish`);
    expect(back.statusCode).toBe('workingCopy');
    const mine = await ok(alpha, 'GET', '/api/Transport/Offers');
    expect((mine.results as Row[]).find((o) => o.id === offer.id)).toMatchObject({
      statusCode: 'archived',
      archivedReason: 'ticketWithdrawn',
    });
    expect(
      mailTo(t, String(alpha.row.email)).some((m) => m.text.includes(String(ticket.shipmentNumber))),
    ).toBe(true);
    // Offers came: the working copy is archived, not deleted.
    await refused(manager, 'DELETE', `/api/ShipmentTicket/${ticket.id}`, 'ticketHasOffers', 409);
    // Confirming an offer of a ticket taken back is refused by the ticket's state first.
    await refused(manager, 'POST', `/api/FreightOffer/${offer.id}/confirm`, 'ticketNotPublished', 409);
  });

  it('assigned: only archive and reschedule; archived is final', async () => {
    const ticket = await published();
    const offer = await ok(alpha, 'POST', `/api/Transport/Tickets/${ticket.id}/Offers`, anOfferBody(), 201);
    await ok(manager, 'POST', `/api/FreightOffer/${offer.id}/confirm`);
    const url = `/api/ShipmentTicket/${ticket.id}`;
    await refused(manager, 'POST', `${url}/publish`, 'ticketAlreadyAssigned', 409);
    await refused(manager, 'POST', `${url}/unpublish`, 'ticketAlreadyAssigned', 409);
    await refused(manager, 'PUT', url, 'ticketAlreadyAssigned', 409, { loadWeight: 5 });
    await refused(manager, 'DELETE', url, 'ticketAlreadyAssigned', 409);
    await refused(
      alpha,
      'POST',
      `/api/Transport/Tickets/${ticket.id}/Offers`,
      'ticketAlreadyAssigned',
      409,
      anOfferBody(),
    );
    const moved = await ok(manager, 'POST', `${url}/reschedule`, { pickupTime: '2031-03-12T07:30:00.000Z' });
    // The offer's times were taken on confirmation (pickup 10th 09:00, delivery 11th 15:00): transit stays 30 h.
    expect(moved).toMatchObject({
      pickupTime: '2031-03-12T07:30:00.000Z',
      deliveryTime: '2031-03-13T13:30:00.000Z',
    });
    expect(mailTo(t, String(alpha.row.email)).at(-1)?.subject).toContain(String(ticket.shipmentNumber));
    await refused(manager, 'POST', `${url}/reschedule`, 'formHasErrors', 400, {
      deliveryTime: '2031-03-01T07:30:00.000Z',
    });
    const archived = await ok(manager, 'POST', `${url}/archive`);
    expect(archived.statusCode).toBe('archived');
    await refused(manager, 'POST', `${url}/publish`, 'ticketArchived', 409);
    await refused(manager, 'POST', `${url}/archive`, 'ticketArchived', 409);
    await refused(manager, 'POST', `${url}/unpublish`, 'ticketArchived', 409);
    await refused(manager, 'PUT', url, 'ticketArchived', 409, { loadWeight: 5 });
    await refused(manager, 'POST', `${url}/reschedule`, 'ticketArchived', 409, {
      pickupTime: '2031-03-12T07:30:00.000Z',
    });
    // The confirmed offer stays binding after the archive.
    await refused(alpha, 'POST', `/api/Transport/Offers/${offer.id}/withdraw`, 'offerConfirmed', 409);
  });

  it('the messages are translated', async () => {
    const ticket = await published();
    const res = await t.call(manager, 'POST', `/api/ShipmentTicket/${ticket.id}/publish`, undefined, {
      'accept-language': 'pl-pl',
    });
    expect(res.json().message).toContain('szkic');
  });
});

describe('freight offers: transitions', () => {
  it('active: changed and withdrawn by its carrier; archived and confirmed ones are refused', async () => {
    const ticket = await published();
    const offer = await ok(alpha, 'POST', `/api/Transport/Tickets/${ticket.id}/Offers`, anOfferBody(), 201);
    expect(offer).toMatchObject({ statusCode: 'active', currency: 'EUR', carrierId: alpha.carrierId });
    const changed = await ok(alpha, 'PUT', `/api/Transport/Offers/${offer.id}`, { price: 900 });
    expect(changed.price).toBe(900);
    const withdrawn = await ok(alpha, 'POST', `/api/Transport/Offers/${offer.id}/withdraw`);
    expect(withdrawn).toMatchObject({ statusCode: 'archived', archivedReason: 'withdrawn' });
    await refused(alpha, 'POST', `/api/Transport/Offers/${offer.id}/withdraw`, 'offerArchived', 409);
    await refused(alpha, 'PUT', `/api/Transport/Offers/${offer.id}`, 'offerArchived', 409, { price: 1 });
    await refused(manager, 'POST', `/api/FreightOffer/${offer.id}/confirm`, 'offerArchived', 409);
  });

  it('a new offer of the same carrier replaces its active one', async () => {
    const ticket = await published();
    const first = await ok(alpha, 'POST', `/api/Transport/Tickets/${ticket.id}/Offers`, anOfferBody(), 201);
    await ok(alpha, 'POST', `/api/Transport/Tickets/${ticket.id}/Offers`, anOfferBody({ price: 800 }), 201);
    const view = await ok(alpha, 'GET', `/api/Transport/Tickets/${ticket.id}`);
    const offers = view.myOffers as Row[];
    expect(offers.map((o) => [o.price, o.statusCode, o.archivedReason])).toEqual([
      [950, 'archived', 'replaced'],
      [800, 'active', null],
    ]);
    expect(offers[0]?.id).toBe(first.id);
  });

  it('an offer past its validity cannot be confirmed; a validity in the past cannot be offered', async () => {
    const ticket = await published();
    await refused(
      alpha,
      'POST',
      `/api/Transport/Tickets/${ticket.id}/Offers`,
      'formHasErrors',
      400,
      anOfferBody({ validUntil: '2020-01-01T00:00:00.000Z' }),
    );
    const offer = await ok(alpha, 'POST', `/api/Transport/Tickets/${ticket.id}/Offers`, anOfferBody(), 201);
    const offers = t.ctx.schema.resourceTables.freightOffer;
    if (!offers?.id || !offers.validUntil) throw new Error('no offer table');
    await t.ctx.db
      .update(offers)
      .set({ validUntil: new Date('2020-01-01T00:00:00.000Z') })
      .where(eq(offers.id, String(offer.id)));
    await refused(manager, 'POST', `/api/FreightOffer/${offer.id}/confirm`, 'offerExpired', 409);
    // The carrier may still withdraw it.
    await ok(alpha, 'POST', `/api/Transport/Offers/${offer.id}/withdraw`);
  });

  it('only the ticket’s company confirms: a carrier confirming its own offer is refused', async () => {
    const ticket = await published();
    const offer = await ok(alpha, 'POST', `/api/Transport/Tickets/${ticket.id}/Offers`, anOfferBody(), 201);
    await refused(alpha, 'POST', `/api/FreightOffer/${offer.id}/confirm`, 'onlyTicketOwnerConfirms', 403);
    await refused(clerk, 'POST', `/api/FreightOffer/${offer.id}/confirm`, 'forbidden', 403);
    const other = await anAccount(t.ctx);
    const stranger = await aUser(t.ctx, other, { shippingEnabled: true });
    await refused(stranger, 'POST', `/api/FreightOffer/${offer.id}/confirm`, 'notFoundOrNoPermission', 404);
  });

  it('confirming assigns the ticket, archives the other offers and tells everyone by e-mail', async () => {
    const ticket = await published();
    const a = await ok(
      alpha,
      'POST',
      `/api/Transport/Tickets/${ticket.id}/Offers`,
      anOfferBody({ price: 700 }),
      201,
    );
    const b = await ok(
      beta,
      'POST',
      `/api/Transport/Tickets/${ticket.id}/Offers`,
      anOfferBody({ price: 650 }),
      201,
    );
    expect(
      mailTo(t, String(manager.row.email)).filter((m) => m.subject.includes(String(ticket.shipmentNumber)))
        .length,
    ).toBeGreaterThanOrEqual(2);
    const confirmed = await ok(manager, 'POST', `/api/FreightOffer/${b.id}/confirm`);
    expect(confirmed).toMatchObject({ statusCode: 'confirmed' });
    const detail = await ok(manager, 'GET', `/api/ShipmentTicket/${ticket.id}/Detail`);
    expect(detail.ticket).toMatchObject({
      statusCode: 'assigned',
      assignedCarrierId: beta.carrierId,
      agreedPrice: 650,
      agreedCurrency: 'EUR',
      pickupTime: '2031-03-10T09:00:00.000Z',
    });
    expect(
      (detail.offers as Row[]).map((o) => [o.id, o.statusCode, o.archivedReason, o.carrierName]),
    ).toEqual([
      [a.id, 'archived', 'otherConfirmed', 'ALPHA-TRANS'],
      [b.id, 'confirmed', null, 'BETA-CARGO'],
    ]);
    const number = String(ticket.shipmentNumber);
    const about = (to: string) => mailTo(t, to).filter((m) => m.text.includes(number));
    expect(about(String(beta.row.email)).at(-1)?.text).toContain('/transport/tickets/');
    expect(about(String(alpha.row.email)).length).toBeGreaterThanOrEqual(2);
    expect(about(String(manager.row.email)).at(-1)?.text).toContain(`/shipment-tickets/${ticket.id}`);
    // The other carrier sees its offer archived, and the ticket no more.
    const alphaOffers = await ok(alpha, 'GET', '/api/Transport/Offers', undefined);
    expect((alphaOffers.results as Row[]).find((o) => o.id === a.id)).toMatchObject({
      statusCode: 'archived',
      archivedReason: 'otherConfirmed',
      ticketStatus: 'assigned',
    });
    await refused(alpha, 'GET', `/api/Transport/Tickets/${ticket.id}`, 'notFoundOrNoPermission', 404);
    const won = await ok(beta, 'GET', `/api/Transport/Tickets/${ticket.id}`);
    expect(won).toMatchObject({ assignedToMe: true, agreedPrice: 650, statusCode: 'assigned' });
    // A second confirmation finds the ticket assigned.
    await refused(manager, 'POST', `/api/FreightOffer/${a.id}/confirm`, 'ticketAlreadyAssigned', 409);
    await refused(beta, 'POST', `/api/Transport/Offers/${b.id}/withdraw`, 'offerConfirmed', 409);
    await refused(beta, 'PUT', `/api/Transport/Offers/${b.id}`, 'offerConfirmed', 409, { price: 1 });
  });
});

describe('what a carrier sees', () => {
  it('only published tickets meant for it, by id and in find transport; never another carrier’s offers', async () => {
    const open = await published({ destinationCountry: 'CZ' });
    const forAlpha = await published({ destinationCountry: 'CZ', invitedCarrierIds: [alpha.carrierId] });
    const draft = await newTicket({ destinationCountry: 'CZ' });
    const list = async (who: TestUser) =>
      (
        (await ok(who, 'GET', '/api/Transport/Tickets?destinationCountry=cz&PageSize=200')).results as Row[]
      ).map((r) => r.id);
    expect((await list(alpha)).sort()).toEqual([open.id, forAlpha.id].sort());
    expect(await list(beta)).toEqual([open.id]);
    await ok(alpha, 'GET', `/api/Transport/Tickets/${forAlpha.id}`);
    await refused(beta, 'GET', `/api/Transport/Tickets/${forAlpha.id}`, 'notFoundOrNoPermission', 404);
    await refused(
      beta,
      'POST',
      `/api/Transport/Tickets/${forAlpha.id}/Offers`,
      'notFoundOrNoPermission',
      404,
      anOfferBody(),
    );
    await refused(alpha, 'GET', `/api/Transport/Tickets/${draft.id}`, 'notFoundOrNoPermission', 404);
    const view = await ok(alpha, 'GET', `/api/Transport/Tickets/${forAlpha.id}`);
    expect(view).not.toHaveProperty('invitedCarrierIds');
    expect(view).not.toHaveProperty('createdById');
    // Offers: each carrier lists only its own, and cannot touch the other's.
    const a = await ok(alpha, 'POST', `/api/Transport/Tickets/${open.id}/Offers`, anOfferBody(), 201);
    const b = await ok(beta, 'POST', `/api/Transport/Tickets/${open.id}/Offers`, anOfferBody(), 201);
    const ids = async (who: TestUser) =>
      ((await ok(who, 'GET', '/api/Transport/Offers?PageSize=200')).results as Row[]).map((r) => r.id);
    expect(await ids(alpha)).toContain(a.id);
    expect(await ids(alpha)).not.toContain(b.id);
    expect(await ids(beta)).not.toContain(a.id);
    await refused(beta, 'PUT', `/api/Transport/Offers/${a.id}`, 'notFoundOrNoPermission', 404, { price: 1 });
    await refused(beta, 'POST', `/api/Transport/Offers/${a.id}/withdraw`, 'notFoundOrNoPermission', 404);
    const seen = await ok(beta, 'GET', `/api/Transport/Tickets/${open.id}`);
    expect((seen.myOffers as Row[]).map((o) => o.id)).toEqual([b.id]);
  });

  it('find transport filters by country, pickup days and weight', async () => {
    const light = await published({
      pickupCountry: 'SK',
      destinationCountry: 'HU',
      loadWeight: 300,
      pickupTime: '2031-05-02T10:00:00.000Z',
      deliveryTime: null,
    });
    const heavy = await published({
      pickupCountry: 'SK',
      destinationCountry: 'HU',
      loadWeight: 9000,
      pickupTime: '2031-05-04T23:30:00.000Z',
      deliveryTime: null,
    });
    const find = async (query: string) =>
      ((await ok(alpha, 'GET', `/api/Transport/Tickets?pickupCountry=SK&${query}`)).results as Row[]).map(
        (r) => r.id,
      );
    expect(await find('destinationCountry=HU')).toEqual([light.id, heavy.id]);
    expect(await find('minWeight=1000')).toEqual([heavy.id]);
    expect(await find('maxWeight=1000')).toEqual([light.id]);
    expect(await find('pickupFrom=2031-05-03')).toEqual([heavy.id]);
    expect(await find('pickupTo=2031-05-03')).toEqual([light.id]);
    expect(await find('pickupFrom=2031-05-04&pickupTo=2031-05-04')).toEqual([heavy.id]);
    expect(await find('destinationCountry=AT')).toEqual([]);
    await refused(
      alpha,
      'GET',
      '/api/Transport/Tickets?pickupFrom=2031-05-05&pickupTo=2031-05-01',
      'badRequest',
      400,
    );
    await refused(alpha, 'GET', '/api/Transport/Tickets?minWeight=-1', 'badRequest', 400);
  });

  it('a carrier of another account sees nothing of this one', async () => {
    const ticket = await published();
    const other = await anAccount(t.ctx);
    const stranger = await aCarrierUser(t.ctx, other);
    await refused(stranger, 'GET', `/api/Transport/Tickets/${ticket.id}`, 'notFoundOrNoPermission', 404);
    const list = await ok(stranger, 'GET', '/api/Transport/Tickets');
    expect(list.allFilteredRowCount).toBe(0);
  });

  it('the carrier’s token carries no staff switch whatever the user row says', async () => {
    const menu = await ok(alpha, 'GET', '/api/config/getuserstartupconfig');
    const items = (menu.drawerSections as { items: { key: string }[] }[]).flatMap((s) =>
      s.items.map((i) => i.key),
    );
    expect(items.sort()).toEqual(['findTransport', 'myFreightOffers']);
  });

  it('a user is linked only to a carrier company', async () => {
    const admin = await aUser(t.ctx, acc, { isSuperUser: true, isPowerUser: true });
    const contractor = await aContractorUser(t.ctx, acc);
    const res = await call(admin, 'POST', '/api/User', {
      username: `car-${Date.now()}`,
      email: `car-${Date.now()}@example.com`,
      password: 'Secret-pass-1',
      carrierId: contractor.contractorId,
      transportEnabled: true,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual([{ field: 'carrierId', rule: 'invalidValue' }]);
    const good = await call(admin, 'POST', '/api/User', {
      username: `car2-${Date.now()}`,
      email: `car2-${Date.now()}@example.com`,
      password: 'Secret-pass-1',
      carrierId: alpha.carrierId,
      transportEnabled: true,
    });
    expect(good.statusCode, good.body).toBe(201);
  });
});

describe('two carriers offering and one confirmation racing', () => {
  it('ends with exactly one confirmed offer, no active one, and the ticket assigned to its carrier', async () => {
    for (let round = 0; round < 4; round++) {
      const ticket = await published();
      const a = await ok(
        alpha,
        'POST',
        `/api/Transport/Tickets/${ticket.id}/Offers`,
        anOfferBody({ price: 500 }),
        201,
      );
      const b = await ok(
        beta,
        'POST',
        `/api/Transport/Tickets/${ticket.id}/Offers`,
        anOfferBody({ price: 510 }),
        201,
      );
      const results = await Promise.all([
        call(manager, 'POST', `/api/FreightOffer/${a.id}/confirm`),
        call(manager, 'POST', `/api/FreightOffer/${b.id}/confirm`),
        call(alpha, 'POST', `/api/Transport/Tickets/${ticket.id}/Offers`, anOfferBody({ price: 490 })),
        call(beta, 'POST', `/api/Transport/Tickets/${ticket.id}/Offers`, anOfferBody({ price: 480 })),
      ]);
      const statuses = results.map((r) => r.statusCode);
      for (const r of results)
        if (r.statusCode >= 400)
          expect(['ticketAlreadyAssigned', 'offerArchived', 'notFoundOrNoPermission']).toContain(
            r.json().code,
          );
      expect(statuses.filter((s) => s === 200).length, JSON.stringify(statuses)).toBeLessThanOrEqual(1);
      const detail = await ok(manager, 'GET', `/api/ShipmentTicket/${ticket.id}/Detail`);
      const offers = detail.offers as Row[];
      const confirmed = offers.filter((o) => o.statusCode === 'confirmed');
      const active = offers.filter((o) => o.statusCode === 'active');
      if (statuses.slice(0, 2).includes(200)) {
        expect(active).toEqual([]);
        expect(confirmed).toHaveLength(1);
        expect(detail.ticket).toMatchObject({
          statusCode: 'assigned',
          assignedCarrierId: confirmed[0]?.carrierId,
        });
      } else {
        // Both confirmations lost to the replacing offers: nothing confirmed, the ticket still published,
        // and only the replacing offers (one per carrier) are still open.
        expect(confirmed).toHaveLength(0);
        expect(active.map((o) => o.price).sort()).toEqual([480, 490]);
        expect(detail.ticket).toMatchObject({ statusCode: 'published' });
      }
    }
  });
});

describe('a ticket made from a release order', () => {
  it('proposes weight and pallets from the lines and links the order', async () => {
    const products = t.ctx.schema.resourceTables.product;
    const orders = t.ctx.schema.resourceTables.wmsOrder;
    const positions = t.ctx.schema.resourceTables.wmsOrderPosition;
    if (!products || !orders || !positions) throw new Error('tables');
    const [heavy] = await t.ctx.db
      .insert(products)
      .values({ clientAccountId: acc, index: 'HV-1', name: 'Heavy-1', weight: 12.5, paletteQuantity: 40 })
      .returning();
    const [light] = await t.ctx.db
      .insert(products)
      .values({ clientAccountId: acc, index: 'LT-1', name: 'Light-1', weight: 0.2 })
      .returning();
    const [order] = await t.ctx.db
      .insert(orders)
      .values({
        clientAccountId: acc,
        orderNumber: 'ORD-OOU/2031/000001',
        typeCode: 'OOU',
        statusCode: 'waitingToProcess',
        plannedDate: new Date('2031-04-01T06:00:00.000Z'),
      })
      .returning();
    await t.ctx.db.insert(positions).values([
      { clientAccountId: acc, orderId: order?.id, lineNo: 1, productId: heavy?.id, quantity: 100 },
      { clientAccountId: acc, orderId: order?.id, lineNo: 2, productId: light?.id, quantity: 30 },
    ]);
    const proposal = await ok(manager, 'GET', `/api/ShipmentTicket/Proposal?orderId=${order?.id}`);
    expect(proposal).toMatchObject({
      loadWeight: 1256,
      palletCount: 3,
      linesWithoutPallets: 1,
      pickupTime: '2031-04-01T06:00:00.000Z',
      loadText: 'ORD-OOU/2031/000001',
      loads: [{ orderId: order?.id }],
    });
    const ticket = await ok(
      manager,
      'POST',
      '/api/ShipmentTicket',
      { ...aTicketBody({ deliveryTime: null }), ...proposal },
      201,
    );
    const detail = await ok(manager, 'GET', `/api/ShipmentTicket/${ticket.id}/Detail`);
    expect(detail.loads).toEqual([
      expect.objectContaining({ orderId: order?.id, orderNumber: 'ORD-OOU/2031/000001' }),
    ]);
    await refused(clerk, 'GET', `/api/ShipmentTicket/Proposal?orderId=${order?.id}`, 'forbidden', 403);
    await refused(manager, 'GET', '/api/ShipmentTicket/Proposal?orderId=nope', 'badRequest', 400);
  });
});
