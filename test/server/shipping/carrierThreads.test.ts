import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscussionView } from '../../../domain/office/discussion';
import type { CarrierThreadLine } from '../../../domain/shipping/carrierThread';
import { sendAwayMail } from '../../../server/discussions/awayMail';
import { loadOfficeConfig } from '../../../server/office/officeConfig';
import type { Row } from '../../../server/resources/rows';
import { anAccount, aPowerUser, aUser, type TestUser } from '../../support/builders';
import { aCarrierUser, anOfferBody, aTicketBody, mailTo } from '../../support/shippingBuilders';
import { createTestApp, type HttpMethod, type TestApp } from '../../support/testApp';
import { connectClient, eventually, listen, type TestHubClient } from '../hub/hubClient';

const minute = 60_000;

let t: TestApp;
let base: string;
let acc: string;
let manager: TestUser;
let clerk: TestUser;
let alpha: TestUser & { carrierId: string };
let alphaColleague: TestUser;
let beta: TestUser & { carrierId: string };
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      office: loadOfficeConfig(undefined, { backgroundIntervalMs: 0, discussionMailDelayMs: 5 * minute }),
    },
  });
  base = await listen(t.app);
  acc = await anAccount(t.ctx);
  manager = await aUser(t.ctx, acc, { shippingEnabled: true, visibleName: 'Maria' });
  clerk = await aUser(t.ctx, acc, { logisticsEnabled: true });
  alpha = await aCarrierUser(t.ctx, acc, 'ALPHA-TRANS');
  alphaColleague = await aUser(t.ctx, acc, { carrierId: alpha.carrierId, transportEnabled: true });
  beta = await aCarrierUser(t.ctx, acc, 'BETA-CARGO');
  stranger = await aPowerUser(t.ctx, await anAccount(t.ctx), { shippingEnabled: true });
});
afterAll(async () => t.close());

const ok = async (who: TestUser, method: HttpMethod, url: string, payload?: unknown, status = 200) => {
  const res = await t.call(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json() as Row;
};

const published = async (body: Row = {}) => {
  const ticket = await ok(manager, 'POST', '/api/ShipmentTicket', aTicketBody(body), 201);
  await ok(manager, 'POST', `/api/ShipmentTicket/${ticket.id}/publish`);
  return String(ticket.id);
};

const offer = (who: TestUser, ticketId: string) =>
  ok(who, 'POST', `/api/Transport/Tickets/${ticketId}/Offers`, anOfferBody(), 201);

const threadOf = async (who: TestUser, ticketId: string) =>
  (await ok(who, 'GET', `/api/Transport/Tickets/${ticketId}/Thread`)) as {
    discussionId: string | null;
    unread: number;
  };

const linesOf = async (ticketId: string) =>
  (
    (await ok(manager, 'GET', `/api/ShipmentTicket/${ticketId}/CarrierThreads`)) as {
      results: CarrierThreadLine[];
    }
  ).results;

const post = (who: TestUser, id: string, text: string) =>
  ok(who, 'POST', `/api/Discussion/${id}/messages`, { text }, 201);

describe('carrier messaging: one thread per ticket and carrier', () => {
  it("the first offer opens the carrier's thread; the warehouse lists one line per carrier", async () => {
    const ticketId = await published();
    expect(await threadOf(alpha, ticketId)).toEqual({ discussionId: null, unread: 0 });
    await offer(alpha, ticketId);
    await offer(beta, ticketId);
    // A second offer (replacing the first) keeps the same thread.
    await offer(alpha, ticketId);
    const a = await threadOf(alpha, ticketId);
    const b = await threadOf(beta, ticketId);
    expect(a.discussionId).toEqual(expect.any(String));
    expect(b.discussionId).toEqual(expect.any(String));
    expect(a.discussionId).not.toBe(b.discussionId);
    expect(await threadOf(alphaColleague, ticketId)).toEqual(a);
    const lines = await linesOf(ticketId);
    expect(lines.map((l) => [l.carrierName, l.offered, l.discussionId])).toEqual([
      ['ALPHA-TRANS', true, a.discussionId],
      ['BETA-CARGO', true, b.discussionId],
    ]);
    const view = (await ok(alpha, 'GET', `/api/Discussion/${a.discussionId}`)) as unknown as DiscussionView;
    expect(view.topic).toMatch(/^SHP\/\d{4}\/\d{6} — ALPHA-TRANS$/);
  });

  it("a carrier never reaches another carrier's thread: by id, list, unread counter or live event", async () => {
    const ticketId = await published();
    await offer(alpha, ticketId);
    await offer(beta, ticketId);
    const alphas = String((await threadOf(alpha, ticketId)).discussionId);
    const betas = String((await threadOf(beta, ticketId)).discussionId);
    const clients: TestHubClient[] = [];
    try {
      const [alphaLive, betaLive] = await Promise.all([
        connectClient(base, alpha.token),
        connectClient(base, beta.token),
      ]);
      clients.push(alphaLive, betaLive);
      const written = await post(manager, alphas, 'Can you load at 7:00?');
      await eventually(() =>
        expect(alphaLive.events).toContainEqual(
          expect.objectContaining({
            resourceType: 'discussion',
            id: alphas,
            discussionMessageId: written.discussionMessageId,
          }),
        ),
      );
      // Beta's own thread gets a message too: its connection hears only that one.
      const toBeta = await post(manager, betas, 'And you?');
      await eventually(() =>
        expect(betaLive.events).toContainEqual(
          expect.objectContaining({ id: betas, discussionMessageId: toBeta.discussionMessageId }),
        ),
      );
      expect(betaLive.events.filter((e) => e.resourceType === 'discussion' && e.id === alphas)).toEqual([]);
    } finally {
      for (const c of clients) await c.stop();
    }
    for (const outsider of [beta, clerk, stranger]) {
      for (const [method, url, body] of [
        ['GET', `/api/Discussion/${alphas}`],
        ['GET', `/api/Discussion/${alphas}/messages`],
        ['POST', `/api/Discussion/${alphas}/messages`, { text: 'let me in' }],
        ['POST', `/api/Discussion/${alphas}/read`, {}],
      ] as const) {
        const res = await t.call(outsider, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().code).toBe('notFoundOrNoPermission');
      }
      const listed = (await ok(outsider, 'GET', '/api/Discussion')) as { results: DiscussionView[] };
      expect(listed.results.map((d) => d.discussionId)).not.toContain(alphas);
      const unread = (await ok(outsider, 'GET', '/api/Discussion/unread')) as { results: DiscussionView[] };
      expect(unread.results.map((d) => d.discussionId)).not.toContain(alphas);
    }
    // Beta counts only its own thread as unread; alpha's users count alpha's.
    const betaUnread = (await ok(beta, 'GET', '/api/Discussion/unread')) as { results: DiscussionView[] };
    expect(betaUnread.results.map((d) => d.discussionId)).toEqual([betas]);
    for (const who of [alpha, alphaColleague]) {
      const unread = (await ok(who, 'GET', '/api/Discussion/unread')) as { results: DiscussionView[] };
      expect(unread.results.map((d) => d.discussionId)).toContain(alphas);
      expect(unread.results.map((d) => d.discussionId)).not.toContain(betas);
    }
    // The messages stayed in their own threads.
    const msgs = (await ok(alpha, 'GET', `/api/Discussion/${alphas}/messages`)) as {
      results: { text: string }[];
    };
    expect(msgs.results.map((m) => m.text)).toEqual(['Can you load at 7:00?']);
  });

  it("the warehouse's message reaches the carrier's users by the away e-mail, never another carrier's", async () => {
    const ticketId = await published();
    await offer(alpha, ticketId);
    await offer(beta, ticketId);
    const alphas = String((await threadOf(alpha, ticketId)).discussionId);
    await post(manager, alphas, 'Please confirm the tail lift');
    const delayMs = t.ctx.config.office.discussionMailDelayMs;
    const sweep = (afterMs: number) => sendAwayMail(t.ctx, { now: new Date(Date.now() + afterMs), delayMs });
    const about = (email: unknown) =>
      mailTo(t, String(email)).filter((m) => m.text.includes('Please confirm the tail lift'));

    expect(await sweep(delayMs - minute)).toBe(0);
    expect(await sweep(delayMs + minute)).toBeGreaterThanOrEqual(2);
    for (const who of [alpha, alphaColleague]) {
      const [mail, more] = about(who.row.email);
      expect(more).toBeUndefined();
      expect(mail?.text).toContain(`/transport/tickets/${ticketId}?discussionId=${alphas}`);
    }
    expect(about(beta.row.email)).toEqual([]);
    expect(about(manager.row.email)).toEqual([]);

    // The carrier answers; the ticket's author (enrolled when the thread opened) is e-mailed in turn.
    await post(alpha, alphas, 'Yes, with tail lift');
    await sweep(delayMs + 2 * minute);
    const answer = mailTo(t, String(manager.row.email)).filter((m) => m.text.includes('Yes, with tail lift'));
    expect(answer).toHaveLength(1);
    expect(answer[0]?.text).toContain(`/shipment-tickets/${ticketId}?discussionId=${alphas}`);
    expect(mailTo(t, String(beta.row.email)).filter((m) => m.text.includes('Yes, with tail lift'))).toEqual(
      [],
    );
  });

  it('either side starts the thread from the ticket, only with a carrier the ticket is meant for', async () => {
    const ticketId = await published({ invitedCarrierIds: [alpha.carrierId] });
    // The carrier writes first, before offering.
    const started = await ok(alpha, 'POST', `/api/Transport/Tickets/${ticketId}/Thread`);
    expect((await ok(alpha, 'POST', `/api/Transport/Tickets/${ticketId}/Thread`)).discussionId).toBe(
      started.discussionId,
    );
    await post(alpha, String(started.discussionId), 'Is the load stackable?');
    const [line] = await linesOf(ticketId);
    expect(line).toMatchObject({
      carrierName: 'ALPHA-TRANS',
      offered: false,
      discussionId: started.discussionId,
      // Unread for the ticket's author, who was enrolled when the thread opened.
      unread: 1,
    });
    const unread = (await ok(manager, 'GET', '/api/Discussion/unread')) as { results: DiscussionView[] };
    expect(unread.results.map((d) => d.discussionId)).toContain(started.discussionId);
    const staffStart = await ok(manager, 'POST', `/api/ShipmentTicket/${ticketId}/CarrierThreads`, {
      carrierId: alpha.carrierId,
    });
    expect(staffStart.discussionId).toBe(started.discussionId);

    // Beta is not invited: it cannot see the ticket, so it has no thread, from either side.
    expect((await t.call(beta, 'POST', `/api/Transport/Tickets/${ticketId}/Thread`)).statusCode).toBe(404);
    expect((await t.call(beta, 'GET', `/api/Transport/Tickets/${ticketId}/Thread`)).statusCode).toBe(404);
    const refused = await t.call(manager, 'POST', `/api/ShipmentTicket/${ticketId}/CarrierThreads`, {
      carrierId: beta.carrierId,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'formHasErrors',
      fields: [{ field: 'carrierId', rule: 'invalidValue' }],
    });
    expect((await linesOf(ticketId)).map((l) => l.carrierName)).toEqual(['ALPHA-TRANS']);

    // A working copy is seen by no carrier: no thread to start.
    const draft = await ok(manager, 'POST', '/api/ShipmentTicket', aTicketBody(), 201);
    expect(
      (
        await t.call(manager, 'POST', `/api/ShipmentTicket/${draft.id}/CarrierThreads`, {
          carrierId: alpha.carrierId,
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.call(alpha, 'POST', `/api/Transport/Tickets/${draft.id}/Thread`)).statusCode).toBe(404);
  });

  it('the warehouse writes first to a carrier; only staff with shipping list and start threads', async () => {
    const ticketId = await published();
    const started = await ok(manager, 'POST', `/api/ShipmentTicket/${ticketId}/CarrierThreads`, {
      carrierId: beta.carrierId,
    });
    await post(manager, String(started.discussionId), 'We have a load for you');
    expect((await threadOf(beta, ticketId)).discussionId).toBe(started.discussionId);
    expect((await threadOf(beta, ticketId)).unread).toBe(1);
    expect((await threadOf(alpha, ticketId)).discussionId).toBeNull();
    for (const who of [clerk, alpha])
      expect((await t.call(who, 'GET', `/api/ShipmentTicket/${ticketId}/CarrierThreads`)).statusCode).toBe(
        403,
      );
    expect(
      (
        await t.call(alpha, 'POST', `/api/ShipmentTicket/${ticketId}/CarrierThreads`, {
          carrierId: alpha.carrierId,
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.call(stranger, 'GET', `/api/ShipmentTicket/${ticketId}/CarrierThreads`)).statusCode).toBe(
      404,
    );
    const bad = await t.call(manager, 'POST', `/api/ShipmentTicket/${ticketId}/CarrierThreads`, {});
    expect(bad.statusCode).toBe(400);
  });
});
