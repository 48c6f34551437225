import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isCarrier } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import type { DiscussionAudience } from '../../domain/office/discussion';
import { textOf } from '../../domain/rowValues';
import type { CarrierThreadLine, OwnCarrierThread } from '../../domain/shipping/carrierThread';
import { carrierSeesTicket, type TicketForCarrier } from '../../domain/shipping/carrierVisibility';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { DiscussionService, type ParticipantRef } from '../discussions/discussionService';
import { registerDiscussionLinks } from '../discussions/recordAccess';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { carrierScopeOf } from './carrierScope';
import { listOf } from './recordInput';
import { column, type ShippingTables, shippingTablesOf } from './shippingTables';
import { TicketService } from './ticketService';
import type { Work } from './unitOfWork';

/** Threads of a ticket live under the ticket; each carrier's has its own key. */
const ticketType = 'shipmentTicket';
const keyPrefix = 'carrier:';
const threadKeyOf = (carrierId: string): string => `${keyPrefix}${carrierId}`;

// A carrier's e-mail opens its own view of the ticket (it never opens the warehouse's ticket screen).
registerDiscussionLinks(ticketType, (scope, ticketId, threadKey) =>
  isCarrier(scope.claims) && threadKey.startsWith(keyPrefix) ? `/transport/tickets/${ticketId}` : undefined,
);

/** What decides whether a carrier sees the ticket. */
const forCarrier = (ticket: Row): TicketForCarrier => ({
  statusCode: ticket.statusCode,
  invitedCarrierIds: listOf(ticket.invitedCarrierIds),
  assignedCarrierId: textOf(ticket.assignedCarrierId),
});

/** The audience of one carrier's thread (docs/decisions.md, "Carrier messaging"). */
export const carrierAudience = (accountId: string, carrierId: string): DiscussionAudience => ({
  kind: 'members',
  accounts: [accountId],
  access: 'shipping',
  carriers: [carrierId],
});

/** POST ShipmentTicket/{id}/CarrierThreads: the carrier the staff writes to. */
export const startThreadBody = z.object({ carrierId: z.string().regex(/^[0-9a-f-]{36}$/i) });

/**
 * Carrier messaging: one discussion per (shipment ticket, carrier company) between the warehouse's staff with
 * shipping and that carrier's users with transport (server/discussions/README.md, `members` audience). Opened
 * when the carrier first offers, or when either side starts it from the ticket. The carrier's users and the
 * ticket's author are enrolled as participants, so they count its messages as unread and get the away e-mail.
 */
export class CarrierThreads {
  private readonly t: ShippingTables;
  private readonly tickets: TicketService;
  private readonly discussions: DiscussionService;

  constructor(private readonly ctx: AppContext) {
    this.t = shippingTablesOf(ctx);
    this.tickets = new TicketService(ctx);
    this.discussions = new DiscussionService(ctx);
  }

  private async carrierName(db: Executor, accountId: string, carrierId: string): Promise<string | undefined> {
    const c = (name: string) => column(this.t.companies, name);
    const [row] = await db
      .select({ name: c('shortName') })
      .from(this.t.companies)
      .where(
        and(
          eq(c('clientAccountId'), accountId),
          eq(c('id'), carrierId),
          sql`${c('roles')} @> '["carrier"]'::jsonb`,
        ),
      );
    return row ? String(row.name) : undefined;
  }

  /** The carrier's users with transport (active, not blocked) and the ticket's author: the thread's people. */
  private async peopleOf(db: Executor, accountId: string, carrierId: string, ticket: Row) {
    const u = (name: string) => column(this.t.users, name);
    const author = textOf(ticket.createdById);
    const rows = await db
      .select({ id: u('id') })
      .from(this.t.users)
      .where(
        and(
          eq(u('clientAccountId'), accountId),
          eq(u('isBlocked'), false),
          sql`((${u('carrierId')} = ${carrierId}::uuid and ${u('transportEnabled')} = true
            and ${u('isActivated')} = true and ${u('contractorId')} is null)
            or (${u('id')} = ${author ?? null}::uuid and ${u('carrierId')} is null))`,
        ),
      );
    return rows.map((r): ParticipantRef => ({ userId: String(r.id), clientAccountId: accountId }));
  }

  /**
   * Opens the carrier's thread of the ticket in the work's transaction (or returns the open one), enrolling
   * its people and `starter`. Announces the ticket as changed when the thread is new (the warehouse's list).
   */
  async open(work: Work, accountId: string, ticket: Row, carrierId: string, starter?: Scope) {
    const ticketId = String(ticket.id);
    const name = await this.carrierName(work.tx, accountId, carrierId);
    if (name === undefined) throw new AppError('notFoundOrNoPermission');
    const existing = await this.discussions.threadsOf(work.tx, accountId, ticketType, ticketId);
    const isNew = !existing.some((d) => d.threadKey === threadKeyOf(carrierId));
    const thread = await this.discussions.open(work.tx, {
      clientAccountId: accountId,
      refResourceType: ticketType,
      refResourceId: ticketId,
      threadKey: threadKeyOf(carrierId),
      topic: `${String(ticket.shipmentNumber)} — ${name}`,
      audience: carrierAudience(accountId, carrierId),
      ...(starter ? { createdBy: starter.userId } : {}),
    });
    const people = await this.peopleOf(work.tx, accountId, carrierId, ticket);
    if (starter) people.push({ userId: starter.userId, clientAccountId: accountId });
    await this.discussions.enrol(work.tx, thread.id, people);
    if (isNew)
      work.changes.push({
        clientAccountId: accountId,
        resourceType: ticketType,
        id: ticketId,
        action: 'update',
      });
    return thread;
  }

  /** Carriers that offered on the ticket, by id. */
  private async offeredCarriers(db: Executor, accountId: string, ticketId: string): Promise<Set<string>> {
    const o = (name: string) => column(this.t.offers, name);
    const rows = await db
      .selectDistinct({ carrierId: o('carrierId') })
      .from(this.t.offers)
      .where(and(eq(o('clientAccountId'), accountId), eq(o('ticketId'), ticketId)));
    return new Set(rows.map((r) => String(r.carrierId)));
  }

  // --- the warehouse ------------------------------------------------------------------------------------

  /** GET ShipmentTicket/{id}/CarrierThreads: one line per carrier that offered or was written to. */
  async listForStaff(scope: Scope, ticketId: string): Promise<{ results: CarrierThreadLine[] }> {
    this.t.ticketService.assertRead(scope);
    const db = this.ctx.db;
    const ticket = await this.tickets.find(db, scope, ticketId);
    const id = String(ticket.id);
    const threads = (await this.discussions.threadsOf(db, scope.clientAccountId, ticketType, id)).filter(
      (d) => d.threadKey.startsWith(keyPrefix),
    );
    const views = new Map((await this.discussions.viewsOf(scope, threads)).map((v) => [v.discussionId, v]));
    const offered = await this.offeredCarriers(db, scope.clientAccountId, id);
    const byCarrier = new Map(threads.map((d) => [d.threadKey.slice(keyPrefix.length), d.id]));
    const carriers = [...new Set([...offered, ...byCarrier.keys()])];
    const lines: CarrierThreadLine[] = [];
    for (const carrierId of carriers) {
      const name = await this.carrierName(db, scope.clientAccountId, carrierId);
      if (name === undefined) continue;
      const discussionId = byCarrier.get(carrierId);
      const view = discussionId ? views.get(discussionId) : undefined;
      lines.push({
        carrierId,
        carrierName: name,
        offered: offered.has(carrierId),
        discussionId: view?.discussionId ?? null,
        messageCount: view?.messageCount ?? 0,
        unread: view?.unread ?? 0,
        lastMessageAt: view?.lastMessageAt ?? null,
      });
    }
    lines.sort((a, b) => a.carrierName.localeCompare(b.carrierName));
    return { results: lines };
  }

  /**
   * POST ShipmentTicket/{id}/CarrierThreads { carrierId }: the warehouse writes to a carrier that offered on the
   * ticket or may see it (a ticket the carrier cannot see gets no thread: it would show the carrier the ticket).
   */
  async startForStaff(
    work: Work,
    scope: Scope,
    ticketId: string,
    body: unknown,
  ): Promise<{ discussionId: string }> {
    if (isCarrier(scope.claims)) throw new AppError('forbidden');
    this.t.ticketService.assertRead(scope);
    const parsed = startThreadBody.safeParse(body ?? {});
    if (!parsed.success)
      throw new AppError('formHasErrors', { fields: [{ field: 'carrierId', rule: 'required' }] });
    const { carrierId } = parsed.data;
    const ticket = await this.tickets.find(work.tx, scope, ticketId, true);
    const offered = await this.offeredCarriers(work.tx, scope.clientAccountId, String(ticket.id));
    const sees = carrierSeesTicket(forCarrier(ticket), carrierId);
    if (!offered.has(carrierId) && !sees)
      throw new AppError('formHasErrors', { fields: [{ field: 'carrierId', rule: 'invalidValue' }] });
    const thread = await this.open(work, scope.clientAccountId, ticket, carrierId, scope);
    return { discussionId: thread.id };
  }

  // --- the carrier --------------------------------------------------------------------------------------

  /** The ticket when the carrier may see it, else 404 (another carrier's ticket is indistinguishable). */
  private async carrierTicket(db: Executor, scope: Scope, ticketId: string, lock = false) {
    const carrier = carrierScopeOf(scope);
    const ticket = await this.tickets.find(db, carrier, ticketId, lock);
    const sees = carrierSeesTicket(forCarrier(ticket), carrier.carrierId);
    if (!sees) throw new AppError('notFoundOrNoPermission');
    return { carrier, ticket };
  }

  /** GET Transport/Tickets/{id}/Thread: the carrier's own thread of the ticket, if there is one yet. */
  async ownThread(scope: Scope, ticketId: string): Promise<OwnCarrierThread> {
    const { carrier, ticket } = await this.carrierTicket(this.ctx.db, scope, ticketId);
    const threads = await this.discussions.threadsOf(
      this.ctx.db,
      carrier.clientAccountId,
      ticketType,
      String(ticket.id),
    );
    const mine = threads.filter((d) => d.threadKey === threadKeyOf(carrier.carrierId));
    const [view] = await this.discussions.viewsOf(carrier, mine);
    return { discussionId: view?.discussionId ?? null, unread: view?.unread ?? 0 };
  }

  /** POST Transport/Tickets/{id}/Thread: the carrier starts (or reopens) its thread with the warehouse. */
  async startForCarrier(work: Work, scope: Scope, ticketId: string): Promise<{ discussionId: string }> {
    const { carrier, ticket } = await this.carrierTicket(work.tx, scope, ticketId, true);
    const thread = await this.open(work, carrier.clientAccountId, ticket, carrier.carrierId, carrier);
    return { discussionId: thread.id };
  }
}
