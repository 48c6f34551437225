import { and, asc, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isCarrier } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import type { Page } from '../../domain/resources/query';
import { textOf } from '../../domain/rowValues';
import { carrierMayOffer, carrierSeesTicket } from '../../domain/shipping/carrierVisibility';
import { findTransportQuerySchema } from '../../domain/shipping/findTransportQuery';
import {
  deliveryBeforePickup,
  isOfferStatus,
  type OfferAction,
  offerRefusal,
} from '../../domain/shipping/ticketRules';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { type Row, toApiRow } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { type CarrierScope, carrierScopeOf } from './carrierScope';
import { CarrierThreads } from './carrierThreads';
import { dateOf, listOf, recordValues } from './recordInput';
import { carrierRecipients, queueShippingMail } from './shippingMail';
import { column, type ShippingTables, shippingTablesOf } from './shippingTables';
import { TicketService } from './ticketService';
import type { Work } from './unitOfWork';

const uuid = z.uuid();

/** Ticket fields a carrier sees (never the invitations, other carriers or the warehouse's records). */
const carrierTicketFields = [
  'id',
  'shipmentNumber',
  'statusCode',
  'pickupPoint',
  'pickupCountry',
  'destinationPoint',
  'destinationCountry',
  'pickupTime',
  'deliveryTime',
  'loadWeight',
  'palletCount',
  'loadText',
  'description',
  'publishedAt',
  'createdAt',
  'updatedAt',
] as const;

const routeOf = (t: Row): string =>
  [textOf(t.pickupCountry), textOf(t.destinationCountry)].filter(Boolean).join(' → ') ||
  String(t.shipmentNumber);

/** GET Transport/Offers: which of the carrier's offers, a page of them. */
export const carrierOffersQuery = z.object({
  statusCode: z.string().optional(),
  PageNumber: z.coerce.number().int().min(1).default(1),
  PageSize: z.coerce.number().int().min(1).max(200).default(25),
});

/**
 * Freight offers and the carriers' side of shipping: find transport (published tickets meant for the carrier,
 * filtered), a carrier's own offers (make, change, withdraw) and the warehouse's confirmation, which assigns the
 * ticket and archives every other offer in the ticket's row lock.
 */
export class OfferService {
  readonly t: ShippingTables;
  readonly tickets: TicketService;

  constructor(private readonly ctx: AppContext) {
    this.t = shippingTablesOf(ctx);
    this.tickets = new TicketService(ctx);
  }

  private o(name: string) {
    return column(this.t.offers, name);
  }

  private tc(name: string) {
    return column(this.t.tickets, name);
  }

  /** The SQL twin of carrierSeesTicket (domain/shipping/carrierVisibility.ts). */
  private visibleTo(carrierId: string): SQL {
    return sql`((${this.tc('statusCode')} = 'published' and (${this.tc('invitedCarrierIds')} = '[]'::jsonb
      or ${this.tc('invitedCarrierIds')} @> ${JSON.stringify([carrierId])}::jsonb))
      or (${this.tc('statusCode')} in ('assigned', 'archived') and ${this.tc('assignedCarrierId')} = ${carrierId}::uuid))`;
  }

  /** A ticket as a carrier sees it, with its own offers on it. */
  private carrierTicket(ticket: Row, carrierId: string, own: readonly Row[] = []): Row {
    const api = toApiRow(this.t.ticketDef, ticket);
    const out: Row = {};
    for (const name of carrierTicketFields) out[name] = api[name] ?? null;
    const mine = ticket.assignedCarrierId === carrierId;
    out.assignedToMe = mine;
    out.agreedPrice = mine ? api.agreedPrice : null;
    out.agreedCurrency = mine ? api.agreedCurrency : null;
    out.myOffers = own.map((r) => this.carrierOffer(r));
    return out;
  }

  private carrierOffer(offer: Row, ticket?: Row): Row {
    const api = toApiRow(this.t.offerDef, offer);
    const { createdById: _author, clientAccountId: _account, ...rest } = api;
    return ticket
      ? {
          ...rest,
          ticketStatus: ticket.statusCode,
          route: routeOf(ticket),
          pickupCountry: ticket.pickupCountry ?? null,
          destinationCountry: ticket.destinationCountry ?? null,
        }
      : rest;
  }

  // --- find transport ------------------------------------------------------------------------------------

  /** GET Transport/Tickets: published tickets meant for the carrier, filtered by country, dates and weight. */
  async findTransport(scope: Scope, raw: Record<string, unknown>): Promise<Page<Row>> {
    const carrier = carrierScopeOf(scope);
    const parsed = findTransportQuerySchema.safeParse(raw);
    if (!parsed.success)
      throw new AppError('badRequest', {
        fields: parsed.error.issues.map((i) => ({
          field: String(i.path[0] ?? ''),
          rule: i.message === 'minValue' || i.message === 'maxValue' ? i.message : 'invalidValue',
        })),
      });
    const q = parsed.data;
    const conditions: SQL[] = [
      eq(this.tc('clientAccountId'), carrier.clientAccountId),
      eq(this.tc('statusCode'), 'published'),
      this.visibleTo(carrier.carrierId),
    ];
    if (q.pickupCountry) conditions.push(eq(this.tc('pickupCountry'), q.pickupCountry));
    if (q.destinationCountry) conditions.push(eq(this.tc('destinationCountry'), q.destinationCountry));
    if (q.pickupFrom) conditions.push(gte(this.tc('pickupTime'), new Date(`${q.pickupFrom}T00:00:00.000Z`)));
    if (q.pickupTo)
      conditions.push(
        lt(this.tc('pickupTime'), new Date(Date.parse(`${q.pickupTo}T00:00:00.000Z`) + 86_400_000)),
      );
    if (q.minWeight !== undefined) conditions.push(gte(this.tc('loadWeight'), q.minWeight));
    if (q.maxWeight !== undefined) conditions.push(lte(this.tc('loadWeight'), q.maxWeight));
    const where = and(...conditions) as SQL;
    const db = this.ctx.db;
    const [rows, count] = await Promise.all([
      db
        .select()
        .from(this.t.tickets)
        .where(where)
        .orderBy(sql`${this.tc('pickupTime')} asc nulls last`, asc(this.tc('id')))
        .limit(q.PageSize)
        .offset((q.PageNumber - 1) * q.PageSize),
      db.select({ n: sql<number>`count(*)::int` }).from(this.t.tickets).where(where),
    ]);
    const own = await this.ownOffersOf(
      db,
      carrier,
      rows.map((r) => String(r.id)),
    );
    return {
      results: rows.map((r) => this.carrierTicket(r, carrier.carrierId, own.get(String(r.id)))),
      allFilteredRowCount: Number(count[0]?.n ?? 0),
    };
  }

  private async ownOffersOf(db: Executor, carrier: CarrierScope, ticketIds: readonly string[]) {
    const out = new Map<string, Row[]>();
    if (!ticketIds.length) return out;
    const rows = await db
      .select()
      .from(this.t.offers)
      .where(
        and(
          eq(this.o('clientAccountId'), carrier.clientAccountId),
          eq(this.o('carrierId'), carrier.carrierId),
          sql`${this.o('ticketId')} in (${sql.join(
            ticketIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      )
      .orderBy(asc(this.o('createdAt')));
    for (const r of rows) {
      const key = String(r.ticketId);
      out.set(key, [...(out.get(key) ?? []), r]);
    }
    return out;
  }

  /** The ticket if the carrier may see it (404 otherwise: another carrier's ticket is indistinguishable). */
  private async visibleTicket(db: Executor, carrier: CarrierScope, id: string, lock = false): Promise<Row> {
    const ticket = await this.tickets.find(db, carrier, id, lock);
    if (
      !carrierSeesTicket(
        {
          statusCode: ticket.statusCode,
          invitedCarrierIds: listOf(ticket.invitedCarrierIds),
          assignedCarrierId: textOf(ticket.assignedCarrierId),
        },
        carrier.carrierId,
      )
    )
      throw new AppError('notFoundOrNoPermission');
    return ticket;
  }

  /** GET Transport/Tickets/{id}: one ticket the carrier may see, with its own offers on it. */
  async carrierTicketById(scope: Scope, id: string): Promise<Row> {
    const carrier = carrierScopeOf(scope);
    const ticket = await this.visibleTicket(this.ctx.db, carrier, id);
    const own = await this.ownOffersOf(this.ctx.db, carrier, [id]);
    return this.carrierTicket(ticket, carrier.carrierId, own.get(id));
  }

  /** GET Transport/Offers: the carrier's own offers (newest first), optionally by status. */
  async carrierOffers(scope: Scope, raw: Record<string, unknown>): Promise<Page<Row>> {
    const carrier = carrierScopeOf(scope);
    const q = carrierOffersQuery.safeParse(raw);
    if (!q.success || (q.data.statusCode && !isOfferStatus(q.data.statusCode)))
      throw new AppError('badRequest', { fields: [{ field: 'statusCode', rule: 'invalidValue' }] });
    const conditions = [
      eq(this.o('clientAccountId'), carrier.clientAccountId),
      eq(this.o('carrierId'), carrier.carrierId),
    ];
    if (q.data.statusCode) conditions.push(eq(this.o('statusCode'), q.data.statusCode));
    const where = and(...conditions) as SQL;
    const db = this.ctx.db;
    const [rows, count] = await Promise.all([
      db
        .select({ offer: this.t.offers, ticket: this.t.tickets })
        .from(this.t.offers)
        .innerJoin(this.t.tickets, eq(this.tc('id'), this.o('ticketId')))
        .where(where)
        .orderBy(desc(this.o('createdAt')), asc(this.o('id')))
        .limit(q.data.PageSize)
        .offset((q.data.PageNumber - 1) * q.data.PageSize),
      db.select({ n: sql<number>`count(*)::int` }).from(this.t.offers).where(where),
    ]);
    return {
      results: rows.map((r) => this.carrierOffer(r.offer as Row, r.ticket as Row)),
      allFilteredRowCount: Number(count[0]?.n ?? 0),
    };
  }

  // --- a carrier's offers --------------------------------------------------------------------------------

  private offerValues(
    existing: Row | undefined,
    body: unknown,
    ticketId: string,
    carrierId: string,
    now: Date,
  ) {
    const given = typeof body === 'object' && body !== null ? (body as Row) : {};
    return recordValues(this.t.offerDef, existing, { ...given, ticketId, carrierId }, (v) => {
      const errors: { field: string; rule: 'deliveryBeforePickup' | 'validityInPast' }[] = [];
      if (deliveryBeforePickup(v.pickupTime as string | null, v.deliveryTime as string | null))
        errors.push({ field: 'deliveryTime', rule: 'deliveryBeforePickup' });
      const validUntil = dateOf(v.validUntil);
      if (validUntil && validUntil.getTime() <= now.getTime())
        errors.push({ field: 'validUntil', rule: 'validityInPast' });
      return errors;
    });
  }

  /**
   * POST Transport/Tickets/{id}/Offers: the carrier's offer on a published ticket meant for it. A carrier keeps
   * one active offer per ticket: a new one replaces (archives) its previous active one. The ticket's author is
   * told by e-mail.
   */
  async make(work: Work, scope: Scope, ticketId: string, body: unknown): Promise<Row> {
    const carrier = carrierScopeOf(scope);
    const ticket = await this.visibleTicket(work.tx, carrier, ticketId, true);
    this.tickets.assertAction(ticket, 'offer');
    if (
      !carrierMayOffer(
        {
          statusCode: ticket.statusCode,
          invitedCarrierIds: listOf(ticket.invitedCarrierIds),
          assignedCarrierId: textOf(ticket.assignedCarrierId),
        },
        carrier.carrierId,
      )
    )
      throw new AppError('notFoundOrNoPermission');
    const values = this.offerValues(undefined, body, ticketId, carrier.carrierId, work.now);
    const replaced = await work.tx
      .update(this.t.offers)
      .set({
        statusCode: 'archived',
        archivedReason: 'replaced',
        archivedAt: work.now,
        updatedAt: work.now,
        version: sql`${this.o('version')} + 1`,
      })
      .where(
        and(
          eq(this.o('clientAccountId'), carrier.clientAccountId),
          eq(this.o('ticketId'), ticketId),
          eq(this.o('carrierId'), carrier.carrierId),
          eq(this.o('statusCode'), 'active'),
        ),
      )
      .returning();
    for (const r of replaced) this.changed(work, carrier, String(r.id), 'update');
    const [offer] = await work.tx
      .insert(this.t.offers)
      .values({
        ...values,
        ticketNumber: ticket.shipmentNumber,
        statusCode: 'active',
        createdById: carrier.userId,
        clientAccountId: carrier.clientAccountId,
      })
      .returning();
    if (!offer) throw new AppError('saveFailed');
    await work.tx
      .update(this.t.tickets)
      .set({ offersCount: sql`${this.tc('offersCount')} + 1`, updatedAt: work.now })
      .where(eq(this.tc('id'), ticketId));
    await this.t.offerService.log(work.tx, carrier, 'create', String(offer.id), undefined, offer);
    this.changed(work, carrier, String(offer.id), 'create');
    // The first offer opens the carrier's thread with the warehouse (docs/decisions.md, "Carrier messaging").
    await new CarrierThreads(this.ctx).open(
      work,
      carrier.clientAccountId,
      ticket,
      carrier.carrierId,
      carrier,
    );
    work.changes.push({
      clientAccountId: carrier.clientAccountId,
      resourceType: 'shipmentTicket',
      id: ticketId,
      action: 'update',
    });
    await queueShippingMail(
      this.ctx,
      work,
      carrier.clientAccountId,
      'offerReceived',
      await this.tickets.authorRecipients(work.tx, carrier, ticket),
      {
        ticketId,
        number: String(ticket.shipmentNumber),
        route: routeOf(ticket),
        carrier: await this.carrierName(work.tx, carrier.clientAccountId, carrier.carrierId),
        price: `${offer.price} ${offer.currency}`,
      },
    );
    return this.carrierOffer(offer);
  }

  private changed(work: Work, scope: Scope, id: string, action: 'create' | 'update') {
    work.changes.push({ clientAccountId: scope.clientAccountId, resourceType: 'freightOffer', id, action });
  }

  private async carrierName(db: Executor, accountId: string, carrierId: string): Promise<string> {
    const c = (name: string) => column(this.t.companies, name);
    const [row] = await db
      .select({ name: c('shortName') })
      .from(this.t.companies)
      .where(and(eq(c('clientAccountId'), accountId), eq(c('id'), carrierId)));
    return String(row?.name ?? '');
  }

  /** An offer of the account (locked when `lock`), or 404. */
  private async findOffer(db: Executor, scope: Scope, id: string, lock = false): Promise<Row> {
    if (!uuid.safeParse(id).success) throw new AppError('notFoundOrNoPermission');
    const q = db
      .select()
      .from(this.t.offers)
      .where(and(eq(this.o('clientAccountId'), scope.clientAccountId), eq(this.o('id'), id)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /** The carrier's own offer with its ticket, both locked (ticket first, as every offer action does). */
  private async ownOffer(work: Work, carrier: CarrierScope, id: string, action: OfferAction) {
    const first = await this.findOffer(work.tx, carrier, id);
    if (first.carrierId !== carrier.carrierId) throw new AppError('notFoundOrNoPermission');
    const ticket = await this.tickets.find(work.tx, carrier, String(first.ticketId), true);
    const offer = await this.findOffer(work.tx, carrier, id, true);
    const refusal = offerRefusal(
      { statusCode: offer.statusCode, validUntil: dateOf(offer.validUntil) },
      action,
      work.now,
    );
    if (refusal) throw new AppError(refusal);
    return { offer, ticket };
  }

  private async storeOffer(work: Work, scope: Scope, existing: Row, set: Row): Promise<Row> {
    const id = String(existing.id);
    const [row] = await work.tx
      .update(this.t.offers)
      .set({ ...set, updatedAt: work.now, version: sql`${this.o('version')} + 1` })
      .where(and(eq(this.o('clientAccountId'), scope.clientAccountId), eq(this.o('id'), id)))
      .returning();
    if (!row) throw new AppError('notFoundOrNoPermission');
    await this.t.offerService.log(work.tx, scope, 'update', id, existing, row);
    this.changed(work, scope, id, 'update');
    return row;
  }

  /** PUT Transport/Offers/{id}: the carrier changes its active offer while the ticket is published. */
  async change(work: Work, scope: Scope, id: string, body: unknown): Promise<Row> {
    const carrier = carrierScopeOf(scope);
    const { offer, ticket } = await this.ownOffer(work, carrier, id, 'edit');
    this.tickets.assertAction(ticket, 'offer');
    const values = this.offerValues(offer, body, String(offer.ticketId), carrier.carrierId, work.now);
    return this.carrierOffer(await this.storeOffer(work, carrier, offer, values));
  }

  /** POST Transport/Offers/{id}/withdraw: an active offer is archived; a confirmed one is binding. */
  async withdraw(work: Work, scope: Scope, id: string): Promise<Row> {
    const carrier = carrierScopeOf(scope);
    const { offer } = await this.ownOffer(work, carrier, id, 'withdraw');
    const row = await this.storeOffer(work, carrier, offer, {
      statusCode: 'archived',
      archivedReason: 'withdrawn',
      archivedAt: work.now,
    });
    return this.carrierOffer(row);
  }

  // --- the warehouse confirms ----------------------------------------------------------------------------

  /**
   * POST FreightOffer/{id}/confirm: the ticket's company (staff with shipping) confirms an active, valid offer
   * on its published ticket. In the ticket's row lock: the offer becomes confirmed, every other active offer is
   * archived, the ticket is assigned to the carrier (with the offer's price and, when given, its times).
   * Everyone involved is told by e-mail; the live connection announces every changed record.
   */
  async confirm(work: Work, scope: Scope, id: string): Promise<Row> {
    if (isCarrier(scope.claims)) throw new AppError('onlyTicketOwnerConfirms');
    this.t.offerService.assertWrite(scope);
    const first = await this.findOffer(work.tx, scope, id);
    const ticket = await this.tickets.find(work.tx, scope, String(first.ticketId), true);
    this.tickets.assertAction(ticket, 'confirm');
    const offer = await this.findOffer(work.tx, scope, id, true);
    const refusal = offerRefusal(
      { statusCode: offer.statusCode, validUntil: dateOf(offer.validUntil) },
      'confirm',
      work.now,
    );
    if (refusal) throw new AppError(refusal);
    const confirmed = await this.storeOffer(work, scope, offer, {
      statusCode: 'confirmed',
      confirmedAt: work.now,
    });
    const losers = await this.tickets.archiveActiveOffers(work, scope, ticket, 'otherConfirmed', id);
    const carrierId = String(offer.carrierId);
    const pickup = dateOf(offer.pickupTime);
    const delivery = dateOf(offer.deliveryTime);
    const [assigned] = await work.tx
      .update(this.t.tickets)
      .set({
        statusCode: 'assigned',
        assignedCarrierId: carrierId,
        agreedPrice: offer.price,
        agreedCurrency: offer.currency,
        assignedAt: work.now,
        ...(pickup ? { pickupTime: pickup } : {}),
        ...(delivery ? { deliveryTime: delivery } : {}),
        updatedAt: work.now,
        version: sql`${this.tc('version')} + 1`,
      })
      .where(and(eq(this.tc('clientAccountId'), scope.clientAccountId), eq(this.tc('id'), String(ticket.id))))
      .returning();
    if (!assigned) throw new AppError('notFoundOrNoPermission');
    await this.t.ticketService.log(work.tx, scope, 'update', String(ticket.id), ticket, assigned);
    work.changes.push({
      clientAccountId: scope.clientAccountId,
      resourceType: 'shipmentTicket',
      id: String(ticket.id),
      action: 'update',
    });
    const values = {
      ticketId: String(ticket.id),
      number: String(ticket.shipmentNumber),
      route: routeOf(assigned),
      carrier: await this.carrierName(work.tx, scope.clientAccountId, carrierId),
      price: `${offer.price} ${offer.currency}`,
    };
    const winner = await carrierRecipients(this.ctx, work.tx, scope.clientAccountId, [carrierId]);
    const author = await this.tickets.authorRecipients(work.tx, scope, ticket);
    await queueShippingMail(
      this.ctx,
      work,
      scope.clientAccountId,
      'offerConfirmed',
      [...winner, ...author],
      values,
    );
    const others = await carrierRecipients(this.ctx, work.tx, scope.clientAccountId, losers);
    await queueShippingMail(this.ctx, work, scope.clientAccountId, 'offerNotChosen', others, values);
    return toApiRow(this.t.offerDef, confirmed);
  }
}
