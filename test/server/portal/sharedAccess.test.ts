import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppMailer } from '../../../server/mail/createMailer';
import { aRecord, aSuperUser, definitionOf, type TestUser } from '../../support/builders';
import { aPortalWarehouse, type PortalWarehouse } from '../../support/portalBuilders';
import { createTestApp, type TestApp } from '../../support/testApp';
import { testClock } from '../../support/testClock';

type Json = Record<string, unknown>;

/** The server's clock, standing still unless the test moves it (link expiry): nothing waits for time. */
const clock = testClock({ flows: false });
/** Sessions of the test users outlive the hours the tests move the clock by. */
const accessTokenSeconds = 7 * 24 * 3600;
const minutes = (n: number) => clock.advance(n * 60_000);
const now = () => new Date(clock.now());

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: { accessTokenSeconds, sharedLinkLimit: { perAddress: 1000, windowSeconds: 900 } },
  });
});
afterAll(async () => t?.close());

describe('shared access links', () => {
  let w: PortalWarehouse;
  let staff: TestUser;
  const make = async (body: Json) => {
    const res = await t.call(staff, 'POST', '/api/SharedAccess', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json & { id: string; link: string | null; apiToken: string | null };
  };
  const keyOf = (link: string | null) => new URL(String(link)).searchParams.get('key') ?? '';
  const open = (key: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/shared/open', payload: { key }, remoteAddress });
  const read = (bearer: string, path = '/api/WmsInventory/inventory', remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${bearer}` }, remoteAddress });
  const sessionOf = async (key: string) => {
    const res = await open(key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { session: string; contentType: string; views: string[]; contractorName: string };
  };
  const record = async (id: string) => (await t.call(staff, 'GET', `/api/SharedAccess/${id}`)).json() as Json;

  it('sets up', async () => {
    w = await aPortalWarehouse(t.ctx);
    staff = await aSuperUser(t.ctx, w.account);
  });

  it('makes a link for a contractor: shown once, stored as hashes only, recorded with its creator', async () => {
    const mailer = t.ctx.mailer as AppMailer;
    const created = await make({
      contentType: 'inventory',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 60,
      singleUse: false,
      email: 'stock@acme.example',
    });
    expect(created.link).toMatch(/^http:\/\/aisle\.test\/shared\/wms-inventory\?key=[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      contentType: 'inventory',
      contractorId: w.contractor.contractorId,
      durationMinutes: '60',
      isAvailable: true,
      createdByName: staff.row.visibleName,
      mailedTo: 'stock@acme.example',
      apiToken: null,
    });
    expect(new Date(String(created.expiresAt)).getTime()).toBe(now().getTime() + 60 * 60_000);
    const key = keyOf(created.link);
    // Neither the key nor its hash is readable; the record shows a hint only.
    const stored = await record(created.id);
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored).not.toHaveProperty('keyHash');
    expect(String(stored.shortUrlKey)).toBe(`${key.slice(0, 4)}…${key.slice(-4)}`);
    const table = t.ctx.schema.resourceTables.sharedAccess;
    if (!table?.id) throw new Error('no table');
    const [raw] = await t.ctx.db.select().from(table).where(eq(table.id, created.id));
    expect(JSON.stringify(raw)).not.toContain(key);
    // The recipient got the link.
    const mail = mailer.outbox.find((m) => m.to === 'stock@acme.example');
    expect(mail?.text).toContain(String(created.link));
  });

  it('validates recipient, duration and content type; only managers make links', async () => {
    const bad = async (body: Json, field: string) => {
      const res = await t.call(staff, 'POST', '/api/SharedAccess', body);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { fields: { field: string }[] }).fields.map((f) => f.field)).toContain(field);
    };
    const base = {
      contentType: 'stock',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 30,
    };
    await bad({ ...base, recipientContractorId: undefined }, 'recipientContractorId');
    await bad({ ...base, durationMinutes: 45 }, 'durationMinutes');
    await bad({ ...base, contentType: 'everything' }, 'contentType');
    await bad({ ...base, contractorId: w.rival.contractorId }, 'contractorId');
    await bad({ ...base, email: 'not-mail' }, 'email');
    for (const durationMinutes of [30, 60, 1440, 10080, null, 'unlimited']) {
      const created = await make({ ...base, durationMinutes });
      expect(created.durationMinutes).toBe(durationMinutes === null ? 'unlimited' : String(durationMinutes));
      expect(created.expiresAt === null).toBe(durationMinutes === null || durationMinutes === 'unlimited');
    }
    expect((await t.call(w.contractor, 'POST', '/api/SharedAccess', base)).statusCode).toBe(403);
    expect((await t.call(w.contractor, 'GET', '/api/SharedAccess')).statusCode).toBe(403);
    // No edit: the generic PUT does not exist for links.
    expect((await t.call(staff, 'PUT', `/api/SharedAccess/${(await make(base)).id}`, {})).statusCode).toBe(
      404,
    );
  });

  it('opens a page link without an account: read-only, paged, filtered, the recipient contractor goods only', async () => {
    const created = await make({
      contentType: 'inventory',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 1440,
    });
    const opened = await sessionOf(keyOf(created.link));
    expect(opened).toMatchObject({
      contentType: 'inventory',
      views: ['inventory'],
      contractorName: expect.any(String),
    });
    const page = await read(opened.session, '/api/WmsInventory/inventory?PageSize=1&sortColumn=productIndex');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ allFilteredRowCount: 2 });
    const all = (await read(opened.session, '/api/WmsInventory/inventory?PageSize=100')).json() as {
      results: { productId: string }[];
    };
    expect(all.results.map((r) => r.productId).sort()).toEqual([String(w.a.id), String(w.b.id)].sort());
    const filter = encodeURIComponent(
      JSON.stringify([{ field: 'productIndex', operator: 'eq', value: w.b.index }]),
    );
    const filtered = (
      await read(opened.session, `/api/WmsInventory/inventory?BasicFiltersSerialized=${filter}`)
    ).json();
    expect(filtered).toMatchObject({ allFilteredRowCount: 1 });
    // The global stock is not this link's; nothing else answers its session.
    expect((await read(opened.session, '/api/WmsInventory/productStock')).statusCode).toBe(403);
    for (const path of [
      '/api/Product',
      '/api/WmsOrder',
      '/api/contractororders/cart-summary',
      '/api/WmsInventory/containerStock',
    ])
      expect((await read(opened.session, path)).statusCode, path).toBe(401);
    // CSV export of what the link shows.
    const csv = await read(opened.session, '/api/shared/export/inventory?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(String(w.a.index));
    expect(csv.body).not.toContain(String(w.hidden.index));
    expect(csv.body).not.toContain(String(w.rivals.index));
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);
    // The activation is recorded.
    expect(await record(created.id)).toMatchObject({
      activationCount: 1,
      lastActivationIp: '10.0.0.1',
      isAvailable: true,
    });
  });

  it('a stock link shows the global stock per warehouse; a person recipient sees the contractor the creator chose', async () => {
    const person = await aRecord(t.ctx, definitionOf(t.ctx, 'person'), w.account, { companyId: null });
    const missing = await t.call(staff, 'POST', '/api/SharedAccess', {
      contentType: 'stock',
      recipientPersonId: person.id,
      durationMinutes: 30,
    });
    expect(missing.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'contractorId', rule: 'required' }],
    });
    const created = await make({
      contentType: 'stock',
      recipientPersonId: person.id,
      contractorId: w.rival.contractorId,
      durationMinutes: 30,
    });
    expect(created.recipientName).toBe([person.firstName, person.lastName].join(' '));
    expect(created.link).toContain('/shared/wms-stock?key=');
    const opened = await sessionOf(keyOf(created.link));
    const stock = (await read(opened.session, '/api/WmsInventory/productStock')).json() as {
      results: { productId: string }[];
    };
    expect(stock.results.map((r) => r.productId)).toEqual([String(w.rivals.id)]);
    expect((await read(opened.session, '/api/WmsInventory/inventory')).statusCode).toBe(403);
  });

  it('API access: the token as bearer on the inventory and stock calls, and nothing else', async () => {
    const created = await make({
      contentType: 'api',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 60,
    });
    expect(created.link).toBeNull();
    const token = String(created.apiToken);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const inventory = await read(token, '/api/WmsInventory/inventory');
    expect(inventory.statusCode, inventory.body).toBe(200);
    expect(inventory.json()).toMatchObject({ allFilteredRowCount: 2 });
    expect((await read(token, '/api/WmsInventory/productStock')).statusCode).toBe(200);
    for (const path of [
      '/api/Product',
      '/api/WmsOrder',
      '/api/SharedAccess',
      '/api/WmsInventory/containerStock',
    ])
      expect((await read(token, path)).statusCode, path).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/Product',
      headers: { authorization: `Bearer ${token}` },
      payload: { index: 'X', name: 'X' },
    });
    expect(post.statusCode).toBe(401);
    expect(await record(created.id)).toMatchObject({ activationCount: 2 });
    // A token cannot open a page, and a page key is no API token.
    expect((await open(token)).statusCode).toBe(404);
  });

  it('single use: the second opening is refused with its own error; the first session goes on', async () => {
    const created = await make({
      contentType: 'inventory',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 60,
      singleUse: true,
    });
    const key = keyOf(created.link);
    const first = await sessionOf(key);
    const again = await open(key);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'sharedLinkUsed' });
    expect((await read(first.session)).statusCode).toBe(200);
    expect(await record(created.id)).toMatchObject({
      isAvailable: false,
      endReason: 'used',
      activationCount: 1,
    });
    const token = await make({
      contentType: 'api',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 60,
      singleUse: true,
    });
    expect((await read(String(token.apiToken))).statusCode).toBe(200);
    const second = await read(String(token.apiToken));
    expect(second.statusCode).toBe(410);
    expect(second.json().code).toBe('sharedLinkUsed');
  });

  it('simultaneous openings of a single-use link: exactly one succeeds', async () => {
    const created = await make({
      contentType: 'stock',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 60,
      singleUse: true,
    });
    const key = keyOf(created.link);
    const results = await Promise.all([open(key), open(key), open(key)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
  });

  it('withdrawn: opening, its sessions and its token all stop at once, with who and when recorded', async () => {
    const page = await make({
      contentType: 'inventory',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 10080,
    });
    const api = await make({
      contentType: 'api',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: null,
    });
    const opened = await sessionOf(keyOf(page.link));
    for (const link of [page, api]) {
      const res = await t.call(staff, 'POST', `/api/SharedAccess/${link.id}/withdraw`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        isAvailable: false,
        endReason: 'withdrawn',
        withdrawedByName: staff.row.visibleName,
        withdrawedAt: now().toISOString(),
      });
    }
    for (const res of [
      await open(keyOf(page.link)),
      await read(opened.session),
      await read(String(api.apiToken)),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('sharedLinkWithdrawn');
    }
    expect((await t.call(staff, 'POST', `/api/SharedAccess/${page.id}/withdraw`)).statusCode).toBe(409);
    // Another account's manager cannot withdraw or delete it.
    const other = await aSuperUser(t.ctx, (await aPortalWarehouse(t.ctx)).account);
    expect((await t.call(other, 'POST', `/api/SharedAccess/${page.id}/withdraw`)).statusCode).toBe(404);
    expect((await t.call(other, 'DELETE', `/api/SharedAccess/${page.id}`)).statusCode).toBe(404);
    expect((await t.call(staff, 'DELETE', `/api/SharedAccess/${page.id}`)).statusCode).toBe(204);
    // A deleted link's session ends like a withdrawn one.
    expect((await read(opened.session)).json().code).toBe('sharedLinkWithdrawn');
  });

  it('expired: when its time is up the link, its session and its token stop; the list shows it ended', async () => {
    const page = await make({
      contentType: 'inventory',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 30,
    });
    const api = await make({
      contentType: 'api',
      recipientContractorId: w.contractor.contractorId,
      durationMinutes: 30,
    });
    const opened = await sessionOf(keyOf(page.link));
    minutes(29);
    expect((await read(opened.session)).statusCode).toBe(200);
    expect((await read(String(api.apiToken))).statusCode).toBe(200);
    minutes(2);
    for (const res of [
      await open(keyOf(page.link)),
      await read(opened.session),
      await read(String(api.apiToken)),
    ]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('sharedLinkExpired');
    }
    const filter = encodeURIComponent(
      JSON.stringify([{ field: 'id', operator: 'in', value: [page.id, api.id] }]),
    );
    const listed = (
      await t.call(staff, 'GET', `/api/SharedAccess?BasicFiltersSerialized=${filter}`)
    ).json() as {
      results: Json[];
    };
    expect(listed.results.map((r) => [r.isAvailable, r.endReason])).toEqual([
      [false, 'expired'],
      [false, 'expired'],
    ]);
  });

  it(
    'an unknown key or token is its own error, and failed attempts are limited per address',
    async () => {
      const limited = await createTestApp({
        clock,
        config: { accessTokenSeconds, sharedLinkLimit: { perAddress: 3, windowSeconds: 900 } },
      });
      try {
        const attempt = (remoteAddress: string) =>
          limited.app.inject({
            method: 'POST',
            url: '/api/shared/open',
            payload: { key: 'x'.repeat(43) },
            remoteAddress,
          });
        for (let i = 0; i < 3; i++) {
          const res = await attempt('10.9.9.9');
          expect(res.statusCode).toBe(404);
          expect(res.json().code).toBe('sharedLinkNotFound');
        }
        const blocked = await attempt('10.9.9.9');
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().code).toBe('tooManyAttempts');
        const bearer = await limited.app.inject({
          method: 'GET',
          url: '/api/WmsInventory/inventory',
          headers: { authorization: `Bearer ${'y'.repeat(43)}` },
          remoteAddress: '10.9.9.9',
        });
        expect(bearer.statusCode).toBe(429);
        // Another address is not held back, and the window passes.
        expect((await attempt('10.9.9.8')).statusCode).toBe(404);
        minutes(16);
        expect((await attempt('10.9.9.9')).statusCode).toBe(404);
      } finally {
        await limited.close();
      }
      // A second app of its own (a fresh database, migrated): minutes on a busy machine.
    },
    5 * 60_000,
  );
});
