import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionMessageView, DiscussionView } from '../../../domain/office/discussion';
import { sendAwayMail } from '../../../server/discussions/awayMail';
import { DiscussionService } from '../../../server/discussions/discussionService';
import { discussion, discussionParticipant } from '../../../server/discussions/discussionTables';
import { loadOfficeConfig } from '../../../server/office/officeConfig';
import {
  aContractorUser,
  anAccount,
  aPowerUser,
  aRecord,
  aUser,
  definitionOf,
  type TestUser,
} from '../../support/builders';
import { type SmtpCapture, startSmtpCapture } from '../../support/smtpCapture';
import { createTestApp, type TestApp } from '../../support/testApp';
import { connectClient, eventually, listen, type TestHubClient } from '../hub/hubClient';

const minute = 60_000;

describe('discussions on records', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let base: string;
  let acc: string;
  let other: string;
  let alice: TestUser;
  let bob: TestUser;
  let stranger: TestUser;
  let companyId: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      config: {
        smtpUrl: smtp.url,
        office: loadOfficeConfig(undefined, { backgroundIntervalMs: 0, discussionMailDelayMs: 5 * minute }),
      },
    });
    base = await listen(t.app);
    acc = await anAccount(t.ctx, 'Warehouse Co');
    other = await anAccount(t.ctx, 'Other Co');
    alice = await aPowerUser(t.ctx, acc, { visibleName: 'Alice' });
    bob = await aUser(t.ctx, acc, { visibleName: 'Bob' });
    stranger = await aPowerUser(t.ctx, other);
    companyId = String((await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc)).id);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const open = async (who: TestUser, refResourceType: string, refResourceId: string) =>
    t.call(who, 'POST', '/api/Discussion', { refResourceType, refResourceId });
  const post = (who: TestUser, id: string, text: string) =>
    t.call(who, 'POST', `/api/Discussion/${id}/messages`, { text });
  const messagesOf = async (who: TestUser, id: string, query = '') => {
    const res = await t.call(who, 'GET', `/api/Discussion/${id}/messages${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { results: DiscussionMessageView[] }).results;
  };
  const unreadOf = async (who: TestUser) => {
    const res = await t.call(who, 'GET', '/api/Discussion/unread');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { total: number; results: DiscussionView[] };
  };

  it("opens the record's own thread once, with the record's title as topic", async () => {
    const first = await open(alice, 'Company', companyId);
    expect(first.statusCode, first.body).toBe(200);
    const again = await open(bob, 'company', companyId);
    const a = first.json() as DiscussionView;
    const b = again.json() as DiscussionView;
    expect(b.discussionId).toBe(a.discussionId);
    expect(a).toMatchObject({ refResourceType: 'company', refResourceId: companyId, audience: 'record' });
    expect(a.topic.length).toBeGreaterThan(0);
    expect(b.participants.map((p) => p.name).sort()).toEqual(['Alice', 'Bob']);
  });

  it('keeps messages in order with author, company and time; counts what others have not read', async () => {
    const id = ((await open(alice, 'company', companyId)).json() as DiscussionView).discussionId;
    const written = await post(alice, id, 'Pallets arrive at 10:00');
    expect(written.statusCode, written.body).toBe(201);
    const message = written.json() as DiscussionMessageView;
    expect(message).toMatchObject({
      discussionId: id,
      text: 'Pallets arrive at 10:00',
      authorId: String(alice.row.id),
      authorName: 'Alice',
      authorCompany: 'Warehouse Co',
    });
    expect(Date.parse(message.time)).not.toBeNaN();
    await post(alice, id, 'Dock 3, please');

    expect((await unreadOf(alice)).total).toBe(0);
    const bobs = await unreadOf(bob);
    expect(bobs.total).toBe(2);
    expect(bobs.results[0]).toMatchObject({ discussionId: id, unread: 2 });

    const list = await messagesOf(bob, id);
    expect(list.map((m) => m.text)).toEqual(['Pallets arrive at 10:00', 'Dock 3, please']);
    expect(await messagesOf(bob, id, `?after=${list[0]?.discussionMessageId}`)).toHaveLength(1);
    expect(await messagesOf(bob, id, `?before=${list[1]?.discussionMessageId}`)).toHaveLength(1);

    // Read up to the first: one left; then all.
    const partly = await t.call(bob, 'POST', `/api/Discussion/${id}/read`, {
      discussionMessageId: list[0]?.discussionMessageId,
    });
    expect(partly.json()).toEqual({ unread: 1 });
    await t.call(bob, 'POST', `/api/Discussion/${id}/read`, {});
    expect((await unreadOf(bob)).total).toBe(0);

    const mine = await t.call(bob, 'GET', '/api/Discussion?PageNumber=1&PageSize=10');
    expect(mine.json()).toMatchObject({ allFilteredRowCount: 1, unreadTotal: 0 });
  });

  it('refuses an empty or too long message with the form rules', async () => {
    const id = ((await open(alice, 'company', companyId)).json() as DiscussionView).discussionId;
    const empty = await post(alice, id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'text', rule: 'required' }],
    });
    const long = await post(alice, id, 'x'.repeat(4001));
    expect(long.json()).toMatchObject({ fields: [{ field: 'text', rule: 'maxLength' }] });
  });

  it("hides another company's threads by id, by filter and by record", async () => {
    const id = ((await open(alice, 'company', companyId)).json() as DiscussionView).discussionId;
    for (const [method, url, body] of [
      ['GET', `/api/Discussion/${id}`, undefined],
      ['GET', `/api/Discussion/${id}/messages`, undefined],
      ['POST', `/api/Discussion/${id}/messages`, { text: 'hello' }],
      ['POST', `/api/Discussion/${id}/read`, {}],
      ['POST', '/api/Discussion', { refResourceType: 'company', refResourceId: companyId }],
    ] as const) {
      const res = await t.call(stranger, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'notFoundOrNoPermission' });
    }
    const list = await t.call(stranger, 'GET', '/api/Discussion');
    expect(list.json()).toMatchObject({ results: [], allFilteredRowCount: 0, unreadTotal: 0 });
    expect((await unreadOf(stranger)).total).toBe(0);
  });

  it('lets a contractor discuss only records of their own', async () => {
    const contractor = await aContractorUser(t.ctx, acc);
    const products = definitionOf(t.ctx, 'product');
    const theirs = await aRecord(t.ctx, products, acc, {
      contractorId: contractor.contractorId,
      hideFromPortal: false,
      mainGroupId: null,
      defaultLocationId: null,
    });
    const notTheirs = await aRecord(t.ctx, products, acc, {
      contractorId: null,
      mainGroupId: null,
      defaultLocationId: null,
    });
    expect((await open(contractor, 'product', String(theirs.id))).statusCode).toBe(200);
    expect((await open(contractor, 'product', String(notTheirs.id))).statusCode).toBe(404);
    // A staff thread on a company is no contractor's business.
    const staffThread = ((await open(alice, 'company', companyId)).json() as DiscussionView).discussionId;
    expect((await t.call(contractor, 'GET', `/api/Discussion/${staffThread}`)).statusCode).toBe(404);
  });

  it("a module's members thread spans two companies and nobody else", async () => {
    const carrierAcc = await anAccount(t.ctx, 'Carrier Co');
    const carrier = await aUser(t.ctx, carrierAcc, { visibleName: 'Carl', shippingEnabled: true });
    const carrierWithoutShipping = await aUser(t.ctx, carrierAcc);
    const shipper = await aUser(t.ctx, acc, { visibleName: 'Sam', shippingEnabled: true });
    const thirdAcc = await anAccount(t.ctx, 'Third Co');
    const third = await aUser(t.ctx, thirdAcc, { shippingEnabled: true });
    const guest = await aUser(t.ctx, thirdAcc, { visibleName: 'Guest' });
    const service = new DiscussionService(t.ctx);
    const thread = await t.ctx.db.transaction((tx) =>
      service.open(tx, {
        clientAccountId: acc,
        refResourceType: 'shipmentTicket',
        refResourceId: 'ticket-1',
        threadKey: `carrier:${carrierAcc}`,
        topic: 'Ticket 1 — Carrier Co',
        audience: { kind: 'members', accounts: [acc, carrierAcc], access: 'shipping' },
        participants: [{ userId: String(guest.row.id), clientAccountId: thirdAcc }],
      }),
    );
    const again = await t.ctx.db.transaction((tx) =>
      service.open(tx, {
        clientAccountId: acc,
        refResourceType: 'shipmentTicket',
        refResourceId: 'ticket-1',
        threadKey: `carrier:${carrierAcc}`,
        topic: 'ignored',
        audience: { kind: 'record' },
      }),
    );
    expect(again.id).toBe(thread.id);
    expect(again.topic).toBe('Ticket 1 — Carrier Co');

    expect((await post(shipper, thread.id, 'Can you take it on Monday?')).statusCode).toBe(201);
    const reply = await post(carrier, thread.id, 'Yes, 8:00');
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ authorCompany: 'Carrier Co', authorName: 'Carl' });
    expect((await messagesOf(guest, thread.id)).map((m) => m.text)).toEqual([
      'Can you take it on Monday?',
      'Yes, 8:00',
    ]);
    for (const outsider of [carrierWithoutShipping, third, bob, stranger])
      expect((await t.call(outsider, 'GET', `/api/Discussion/${thread.id}/messages`)).statusCode).toBe(404);
    // The carrier hears of the shipper's next message as unread.
    await post(shipper, thread.id, 'Great');
    expect((await unreadOf(carrier)).results.map((d) => d.discussionId)).toEqual([thread.id]);
  });

  it("is live for everyone looking at it through the hub, and nobody else's connection hears it", async () => {
    const id = ((await open(alice, 'company', companyId)).json() as DiscussionView).discussionId;
    await t.call(bob, 'GET', `/api/Discussion/${id}`);
    const clients: TestHubClient[] = [];
    try {
      const [bobs, strangers] = await Promise.all([
        connectClient(base, bob.token),
        connectClient(base, stranger.token),
      ]);
      clients.push(bobs, strangers);
      const written = (await post(alice, id, 'Live?')).json() as DiscussionMessageView;
      await eventually(() =>
        expect(bobs.events).toContainEqual(
          expect.objectContaining({
            resourceType: 'discussion',
            id,
            discussionMessageId: written.discussionMessageId,
          }),
        ),
      );
      expect(strangers.events.filter((e) => e.resourceType === 'discussion')).toEqual([]);
    } finally {
      for (const c of clients) await c.stop();
    }
  });

  it('e-mails participants who stay away, once per unread stretch', async () => {
    const record = String((await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc)).id);
    const away = await aUser(t.ctx, acc, { visibleName: 'Away Anna', email: 'anna@example.com' });
    const id = ((await open(away, 'company', record)).json() as DiscussionView).discussionId;
    await open(alice, 'company', record);
    await post(alice, id, 'Anna, please check the invoice');
    const delayMs = t.ctx.config.office.discussionMailDelayMs;
    const sweep = (afterMs: number) => sendAwayMail(t.ctx, { now: new Date(Date.now() + afterMs), delayMs });

    // Too early: nobody is away yet.
    expect(await sweep(delayMs - minute)).toBe(0);
    const before = smtp.messages.length;
    expect(await sweep(delayMs + minute)).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor((m) => m.to.includes('anna@example.com'));
    expect(smtp.messages.length).toBeGreaterThan(before);
    expect(mail.text).toContain('Anna, please check the invoice');
    expect(
      mail.links.some(
        (l) => l.startsWith('http://aisle.test/companies/') && l.includes(`discussionId=${id}`),
      ),
    ).toBe(true);
    // The author is not e-mailed about their own message.
    expect(
      smtp.messages.filter((m) => m.to.includes(String(alice.row.email)) && m.text.includes('Anna, please')),
    ).toEqual([]);

    // Once: the next run sends nothing more about it.
    const count = smtp.messages.filter((m) => m.to.includes('anna@example.com')).length;
    await sweep(delayMs + 2 * minute);
    expect(smtp.messages.filter((m) => m.to.includes('anna@example.com')).length).toBe(count);

    // Read, then a new message: a new stretch, a new e-mail.
    await t.call(away, 'POST', `/api/Discussion/${id}/read`, {});
    const [row] = await t.ctx.db
      .select()
      .from(discussionParticipant)
      .where(
        and(
          eq(discussionParticipant.discussionId, id),
          eq(discussionParticipant.userId, String(away.row.id)),
        ),
      );
    expect(row?.mailedAt).not.toBeNull();
    // The e-mail time was set ahead by the test's clock; reading now is later than that.
    await t.ctx.db
      .update(discussionParticipant)
      .set({ mailedAt: new Date(Date.now() - minute) })
      .where(
        and(
          eq(discussionParticipant.discussionId, id),
          eq(discussionParticipant.userId, String(away.row.id)),
        ),
      );
    await post(alice, id, 'Second question');
    await sweep(delayMs + minute);
    await smtp.waitFor((m) => m.to.includes('anna@example.com') && m.text.includes('Second question'));
  });

  it("a record's threads go when the record goes", async () => {
    const record = String((await aRecord(t.ctx, definitionOf(t.ctx, 'company'), acc)).id);
    const id = ((await open(alice, 'company', record)).json() as DiscussionView).discussionId;
    await post(alice, id, 'soon gone');
    const deleted = await t.call(alice, 'DELETE', `/api/Company/${record}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await t.call(alice, 'GET', `/api/Discussion/${id}`)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(discussion).where(eq(discussion.id, id))).toEqual([]);
  });

  it('answers 401 without a token and 404 for an unknown record or id', async () => {
    expect((await t.call(undefined, 'GET', '/api/Discussion')).statusCode).toBe(401);
    expect((await open(alice, 'company', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await open(alice, 'noSuchThing', 'x')).statusCode).toBe(404);
    expect((await t.call(alice, 'GET', '/api/Discussion/not-a-uuid')).statusCode).toBe(404);
  });
});
