import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, type FieldError } from '../../domain/errors';
import { textOf } from '../../domain/rowValues';
import { proposeLoad } from '../../domain/shipping/loadProposal';
import {
  deliveryBeforePickup,
  missingForPublish,
  type OfferArchiveReason,
  type TicketAction,
  ticketActionTarget,
  ticketRefusal,
} from '../../domain/shipping/ticketRules';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { DiscussionService } from '../discussions/discussionService';
import { type Row, toApiRow } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { dateOf, listOf, recordValues } from './recordInput';
import { carrierRecipients, queueShippingMail, staffRecipients } from './shippingMail';
import { column, type ShippingTables, shippingTablesOf } from './shippingTables';
import { nextShipmentNumber } from './ticketNumbering';
import type { Work } from './unitOfWork';

const uuid = z.uuid();
/** GET ShipmentTicket/Proposal: the order or the document (one of them) a ticket is proposed for. */
export const proposalQuery = z.object({ orderId: z.string().optional(), documentId: z.string().optional() });
/** The orders or documents a ticket carries (its `loads`). */
export const loadSchema = z
  .array(
    z.union([
      z.object({ documentId: z.uuid(), orderId: z.undefined().or(z.null()).optional() }),
      z.object({ orderId: z.uuid(), documentId: z.undefined().or(z.null()).optional() }),
    ]),
  )
  .max(100);
type LoadInput = z.infer<typeof loadSchema>[number];

/** A ticket with what it carries and the offers made on it (the staff's ticket screen). */
export interface TicketDetail {
  readonly ticket: Row;
  readonly loads: Row[];
  readonly offers: Row[];
}

const routeOf = (t: Row): string =>
  [textOf(t.pickupCountry), textOf(t.destinationCountry)].filter(Boolean).join(' → ') ||
  String(t.shipmentNumber);

/**
 * Shipment tickets of the warehouse (staff with shipping): saving with the loads it carries, numbering,
 * publication to carriers, taking back, archiving and moving its times; every action checked against
 * domain/shipping/ticketRules.ts in the ticket's row lock. Handlers take their unit of work explicitly.
 */
export class TicketService {
  readonly t: ShippingTables;

  constructor(private readonly ctx: AppContext) {
    this.t = shippingTablesOf(ctx);
  }

  private col(name: string) {
    return column(this.t.tickets, name);
  }

  /** The ticket in the caller's account (locked for the transaction when `lock`), or 404. */
  async find(db: Executor, scope: Pick<Scope, 'clientAccountId'>, id: string, lock = false): Promise<Row> {
    if (!uuid.safeParse(id).success) throw new AppError('notFoundOrNoPermission');
    const q = db
      .select()
      .from(this.t.tickets)
      .where(and(eq(this.col('clientAccountId'), scope.clientAccountId), eq(this.col('id'), id)));
    const [row] = lock ? await q.for('update') : await q;
    if (!row) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  /** Refuses an action the ticket's state does not allow, with the state's own message. */
  assertAction(ticket: Row, action: TicketAction): void {
    const refusal = ticketRefusal(ticket.statusCode, action);
    if (refusal) throw new AppError(refusal, { detail: `${String(ticket.statusCode)}: ${action}` });
  }

  /** Invited carriers must be carrier companies of the account. */
  private async carrierErrors(db: Executor, scope: Scope, ids: readonly string[]): Promise<FieldError[]> {
    if (!ids.length) return [];
    if (ids.some((id) => !uuid.safeParse(id).success))
      return [{ field: 'invitedCarrierIds', rule: 'invalidValue' }];
    const found = await this.carriersAmong(db, scope.clientAccountId, ids);
    return found.size === new Set(ids).size ? [] : [{ field: 'invitedCarrierIds', rule: 'invalidValue' }];
  }

  /** Which of `ids` are companies of the account with the carrier role. */
  async carriersAmong(db: Executor, accountId: string, ids: readonly string[]): Promise<Set<string>> {
    const c = (name: string) => column(this.t.companies, name);
    const rows = await db
      .select({ id: c('id') })
      .from(this.t.companies)
      .where(
        and(
          eq(c('clientAccountId'), accountId),
          inArray(c('id'), [...ids]),
          sql`${c('roles')} @> '["carrier"]'::jsonb`,
        ),
      );
    return new Set(rows.map((r) => String(r.id)));
  }

  private values(existing: Row | undefined, body: unknown): Row {
    return recordValues(this.t.ticketDef, existing, body, (v) =>
      deliveryBeforePickup(v.pickupTime as string | null, v.deliveryTime as string | null)
        ? [{ field: 'deliveryTime', rule: 'deliveryBeforePickup' }]
        : [],
    );
  }

  private loadsOf(body: unknown): LoadInput[] | undefined {
    const raw = typeof body === 'object' && body !== null ? (body as Row).loads : undefined;
    if (raw === undefined) return undefined;
    const parsed = loadSchema.safeParse(raw ?? []);
    if (!parsed.success)
      throw new AppError('formHasErrors', { fields: [{ field: 'loads', rule: 'invalidValue' }] });
    return parsed.data;
  }

  /** Replaces the documents and orders the ticket carries; each must be of the account. */
  private async replaceLoads(work: Work, scope: Scope, ticketId: string, loads: readonly LoadInput[]) {
    const { tx } = work;
    const l = (name: string) => column(this.t.loads, name);
    const documentIds = [...new Set(loads.flatMap((x) => (x.documentId ? [x.documentId] : [])))];
    const orderIds = [...new Set(loads.flatMap((x) => (x.orderId ? [x.orderId] : [])))];
    const known = async (table: typeof this.t.documents, ids: string[]) => {
      if (!ids.length) return;
      const rows = await tx
        .select({ id: column(table, 'id') })
        .from(table)
        .where(
          and(eq(column(table, 'clientAccountId'), scope.clientAccountId), inArray(column(table, 'id'), ids)),
        );
      if (rows.length !== ids.length)
        throw new AppError('formHasErrors', { fields: [{ field: 'loads', rule: 'invalidValue' }] });
    };
    await known(this.t.documents, documentIds);
    await known(this.t.orders, orderIds);
    await tx
      .delete(this.t.loads)
      .where(and(eq(l('clientAccountId'), scope.clientAccountId), eq(l('ticketId'), ticketId)));
    const rows = [
      ...documentIds.map((documentId) => ({ documentId, orderId: null })),
      ...orderIds.map((orderId) => ({ documentId: null, orderId })),
    ];
    if (rows.length)
      await tx
        .insert(this.t.loads)
        .values(rows.map((r) => ({ ...r, ticketId, clientAccountId: scope.clientAccountId })));
  }

  private change(
    work: Work,
    scope: Scope,
    resourceType: string,
    id: string,
    action: 'create' | 'update' | 'delete',
  ) {
    work.changes.push({ clientAccountId: scope.clientAccountId, resourceType, id, action });
  }

  /** POST ShipmentTicket: a working copy with its final number and the loads it carries. */
  async create(work: Work, scope: Scope, body: unknown): Promise<Row> {
    this.t.ticketService.assertWrite(scope);
    const values = this.values(undefined, body);
    const loads = this.loadsOf(body) ?? [];
    const errors = await this.carrierErrors(work.tx, scope, listOf(values.invitedCarrierIds));
    if (errors.length) throw new AppError('formHasErrors', { fields: errors });
    await this.checkAddresses(work, scope, values);
    const shipmentNumber = await nextShipmentNumber(
      this.ctx,
      work.tx,
      scope.clientAccountId,
      work.now.toISOString().slice(0, 10),
    );
    const [row] = await work.tx
      .insert(this.t.tickets)
      .values({
        ...values,
        shipmentNumber,
        statusCode: 'workingCopy',
        offersCount: 0,
        createdById: scope.userId,
        clientAccountId: scope.clientAccountId,
      })
      .returning();
    if (!row) throw new AppError('saveFailed');
    const id = String(row.id);
    await this.replaceLoads(work, scope, id, loads);
    await this.t.ticketService.log(work.tx, scope, 'create', id, undefined, row);
    this.change(work, scope, 'shipmentTicket', id, 'create');
    return toApiRow(this.t.ticketDef, row);
  }

  private async checkAddresses(work: Work, scope: Scope, values: Row) {
    const addresses = this.ctx.schema.resourceTables.address;
    if (!addresses) return;
    for (const field of ['pickupAddressId', 'destinationAddressId']) {
      const id = textOf(values[field]);
      if (!id) continue;
      const found = await work.tx
        .select({ id: column(addresses, 'id') })
        .from(addresses)
        .where(
          and(
            eq(column(addresses, 'clientAccountId'), scope.clientAccountId),
            eq(column(addresses, 'id'), id),
          ),
        );
      if (!found.length) throw new AppError('formHasErrors', { fields: [{ field, rule: 'invalidValue' }] });
    }
  }

  private async store(work: Work, scope: Scope, existing: Row, set: Row): Promise<Row> {
    const id = String(existing.id);
    const [row] = await work.tx
      .update(this.t.tickets)
      .set({ ...set, updatedAt: work.now, version: sql`${this.col('version')} + 1` })
      .where(and(eq(this.col('clientAccountId'), scope.clientAccountId), eq(this.col('id'), id)))
      .returning();
    if (!row) throw new AppError('notFoundOrNoPermission');
    await this.t.ticketService.log(work.tx, scope, 'update', id, existing, row);
    this.change(work, scope, 'shipmentTicket', id, 'update');
    return row;
  }

  /** PUT ShipmentTicket/{id}: a working copy's fields (and loads, when sent). */
  async update(work: Work, scope: Scope, id: string, body: unknown): Promise<Row> {
    this.t.ticketService.assertWrite(scope);
    const existing = await this.find(work.tx, scope, id, true);
    this.assertAction(existing, 'edit');
    const expected = typeof body === 'object' && body !== null ? (body as Row).version : undefined;
    if (typeof expected === 'number' && expected !== existing.version)
      throw new AppError('statusForbidsChange', { status: 409 });
    const values = this.values(existing, body);
    const errors = await this.carrierErrors(work.tx, scope, listOf(values.invitedCarrierIds));
    if (errors.length) throw new AppError('formHasErrors', { fields: errors });
    await this.checkAddresses(work, scope, values);
    const loads = this.loadsOf(body);
    if (loads) await this.replaceLoads(work, scope, id, loads);
    return toApiRow(this.t.ticketDef, await this.store(work, scope, existing, values));
  }

  /** DELETE ShipmentTicket/{id}: a working copy nobody has offered on (otherwise it is archived). */
  async remove(work: Work, scope: Scope, id: string): Promise<void> {
    this.t.ticketService.assertWrite(scope);
    const existing = await this.find(work.tx, scope, id, true);
    this.assertAction(existing, 'delete');
    if (Number(existing.offersCount ?? 0) > 0) throw new AppError('ticketHasOffers');
    await work.tx
      .delete(this.t.tickets)
      .where(and(eq(this.col('clientAccountId'), scope.clientAccountId), eq(this.col('id'), id)));
    await this.t.ticketService.log(work.tx, scope, 'delete', id, existing, undefined);
    // Carrier threads of a ticket that was taken back before anyone offered go with it.
    await new DiscussionService(this.ctx).removeThreadsOf(
      work.tx,
      scope.clientAccountId,
      'shipmentTicket',
      id,
    );
    this.change(work, scope, 'shipmentTicket', id, 'delete');
  }

  /** POST ShipmentTicket/{id}/publish: carriers it is meant for see it and are told by e-mail. */
  async publish(work: Work, scope: Scope, id: string): Promise<Row> {
    this.t.ticketService.assertWrite(scope);
    const existing = await this.find(work.tx, scope, id, true);
    this.assertAction(existing, 'publish');
    const missing = missingForPublish(toApiRow(this.t.ticketDef, existing));
    if (missing.length)
      throw new AppError('formHasErrors', {
        fields: missing.map((field) => ({ field, rule: 'required' as const })),
      });
    const row = await this.store(work, scope, existing, {
      statusCode: ticketActionTarget.publish,
      publishedAt: work.now,
    });
    const invited = listOf(row.invitedCarrierIds);
    const recipients = await carrierRecipients(
      this.ctx,
      work.tx,
      scope.clientAccountId,
      invited.length ? invited : null,
    );
    await queueShippingMail(this.ctx, work, scope.clientAccountId, 'ticketPublished', recipients, {
      ticketId: id,
      number: String(row.shipmentNumber),
      route: routeOf(row),
    });
    return toApiRow(this.t.ticketDef, row);
  }

  /**
   * Archives the ticket's active offers (the ticket was taken back or archived) and tells their carriers.
   * Returns the carriers whose offers were archived.
   */
  async archiveActiveOffers(
    work: Work,
    scope: Scope,
    ticket: Row,
    reason: OfferArchiveReason,
    exceptOfferId?: string,
  ): Promise<string[]> {
    const o = (name: string) => column(this.t.offers, name);
    const conditions = [
      eq(o('clientAccountId'), scope.clientAccountId),
      eq(o('ticketId'), String(ticket.id)),
      eq(o('statusCode'), 'active'),
    ];
    if (exceptOfferId) conditions.push(sql`${o('id')} <> ${exceptOfferId}::uuid`);
    const archived = await work.tx
      .update(this.t.offers)
      .set({
        statusCode: 'archived',
        archivedReason: reason,
        archivedAt: work.now,
        updatedAt: work.now,
        version: sql`${o('version')} + 1`,
      })
      .where(and(...conditions))
      .returning();
    for (const offer of archived) {
      await this.t.offerService.log(
        work.tx,
        scope,
        'update',
        String(offer.id),
        { ...offer, statusCode: 'active' },
        offer,
      );
      this.change(work, scope, 'freightOffer', String(offer.id), 'update');
    }
    const carriers = [...new Set(archived.map((r) => String(r.carrierId)))];
    if (reason !== 'otherConfirmed' && carriers.length) {
      const recipients = await carrierRecipients(this.ctx, work.tx, scope.clientAccountId, carriers);
      await queueShippingMail(this.ctx, work, scope.clientAccountId, 'ticketWithdrawn', recipients, {
        ticketId: String(ticket.id),
        number: String(ticket.shipmentNumber),
        route: routeOf(ticket),
      });
    }
    return carriers;
  }

  /** POST ShipmentTicket/{id}/unpublish: back to a working copy; active offers are archived. */
  async unpublish(work: Work, scope: Scope, id: string): Promise<Row> {
    this.t.ticketService.assertWrite(scope);
    const existing = await this.find(work.tx, scope, id, true);
    this.assertAction(existing, 'unpublish');
    await this.archiveActiveOffers(work, scope, existing, 'ticketWithdrawn');
    const row = await this.store(work, scope, existing, {
      statusCode: ticketActionTarget.unpublish,
      publishedAt: null,
    });
    return toApiRow(this.t.ticketDef, row);
  }

  /** POST ShipmentTicket/{id}/archive: final; active offers are archived. */
  async archive(work: Work, scope: Scope, id: string): Promise<Row> {
    this.t.ticketService.assertWrite(scope);
    const existing = await this.find(work.tx, scope, id, true);
    this.assertAction(existing, 'archive');
    await this.archiveActiveOffers(work, scope, existing, 'ticketArchived');
    const row = await this.store(work, scope, existing, { statusCode: ticketActionTarget.archive });
    return toApiRow(this.t.ticketDef, row);
  }

  /**
   * Moves the pickup and/or delivery time (the calendar's drag): allowed until the ticket is archived; moving the
   * pickup alone moves the delivery by as much. The assigned carrier is told by e-mail.
   */
  async reschedule(
    work: Work,
    scope: Scope,
    id: string,
    times: { readonly pickupTime?: Date; readonly deliveryTime?: Date },
  ): Promise<Row> {
    this.t.ticketService.assertWrite(scope);
    const existing = await this.find(work.tx, scope, id, true);
    this.assertAction(existing, 'reschedule');
    const before = dateOf(existing.pickupTime);
    const stored = dateOf(existing.deliveryTime);
    const pickup = times.pickupTime ?? before;
    // Moving only the pickup moves the delivery with it: the transit time stays what it was.
    const delivery =
      times.deliveryTime ??
      (times.pickupTime && before && stored
        ? new Date(stored.getTime() + times.pickupTime.getTime() - before.getTime())
        : stored);
    if (deliveryBeforePickup(pickup, delivery))
      throw new AppError('formHasErrors', {
        fields: [{ field: 'deliveryTime', rule: 'deliveryBeforePickup' }],
      });
    const row = await this.store(work, scope, existing, {
      ...(times.pickupTime ? { pickupTime: times.pickupTime } : {}),
      ...(delivery && delivery !== stored ? { deliveryTime: delivery } : {}),
    });
    const carrier = textOf(row.assignedCarrierId);
    if (row.statusCode === 'assigned' && carrier) {
      const recipients = await carrierRecipients(this.ctx, work.tx, scope.clientAccountId, [carrier]);
      await queueShippingMail(this.ctx, work, scope.clientAccountId, 'ticketRescheduled', recipients, {
        ticketId: id,
        number: String(row.shipmentNumber),
        route: routeOf(row),
        when: dateOf(row.pickupTime)?.toISOString().replace('T', ' ').slice(0, 16) ?? '',
      });
    }
    return toApiRow(this.t.ticketDef, row);
  }

  /** GET ShipmentTicket/Carriers: the account's carrier companies (to invite). */
  async carriers(scope: Scope): Promise<{ results: { id: string; name: string }[] }> {
    this.t.ticketService.assertRead(scope);
    const c = (name: string) => column(this.t.companies, name);
    const rows = await this.ctx.db
      .select({ id: c('id'), name: c('shortName') })
      .from(this.t.companies)
      .where(and(eq(c('clientAccountId'), scope.clientAccountId), sql`${c('roles')} @> '["carrier"]'::jsonb`))
      .orderBy(asc(c('shortName')));
    return { results: rows.map((r) => ({ id: String(r.id), name: String(r.name) })) };
  }

  /** The ticket author's recipients (offer received, offer confirmed). */
  authorRecipients(db: Executor, scope: Scope, ticket: Row) {
    return staffRecipients(this.ctx, db, scope.clientAccountId, [textOf(ticket.createdById)]);
  }

  /** GET ShipmentTicket/{id}/Detail: the ticket, its loads (with numbers) and its offers (with carriers). */
  async detail(scope: Scope, id: string): Promise<TicketDetail> {
    this.t.ticketService.assertRead(scope);
    const db = this.ctx.db;
    const ticket = await this.find(db, scope, id);
    const l = (name: string) => column(this.t.loads, name);
    const d = (name: string) => column(this.t.documents, name);
    const ord = (name: string) => column(this.t.orders, name);
    const loads = await db
      .select({
        id: l('id'),
        documentId: l('documentId'),
        orderId: l('orderId'),
        documentNumber: d('documentNumber'),
        documentType: d('typeCode'),
        orderNumber: ord('orderNumber'),
        orderType: ord('typeCode'),
      })
      .from(this.t.loads)
      .leftJoin(this.t.documents, eq(d('id'), l('documentId')))
      .leftJoin(this.t.orders, eq(ord('id'), l('orderId')))
      .where(and(eq(l('clientAccountId'), scope.clientAccountId), eq(l('ticketId'), id)))
      .orderBy(asc(l('createdAt')), asc(l('id')));
    const o = (name: string) => column(this.t.offers, name);
    const c = (name: string) => column(this.t.companies, name);
    const offers = await db
      .select({ offer: this.t.offers, carrierName: c('shortName') })
      .from(this.t.offers)
      .innerJoin(this.t.companies, eq(c('id'), o('carrierId')))
      .where(and(eq(o('clientAccountId'), scope.clientAccountId), eq(o('ticketId'), id)))
      .orderBy(asc(o('createdAt')), asc(o('id')));
    return {
      ticket: toApiRow(this.t.ticketDef, ticket),
      loads: loads.map((r) => ({ ...r })),
      offers: offers.map((r) => ({
        ...toApiRow(this.t.offerDef, r.offer as Row),
        carrierName: r.carrierName,
      })),
    };
  }

  /**
   * GET ShipmentTicket/Proposal?orderId=|documentId=: what a ticket made from a release order or document
   * starts with — the load (weight and pallets from its lines' products), the contractor's address as the
   * destination when it has one, the planned date as the pickup time, and the record as its load.
   */
  async proposal(scope: Scope, query: Row): Promise<Row> {
    this.t.ticketService.assertWrite(scope);
    const db = this.ctx.db;
    const q = proposalQuery.safeParse(query);
    const orderId = q.success ? textOf(q.data.orderId) : null;
    const documentId = q.success ? textOf(q.data.documentId) : null;
    if ((orderId ? 1 : 0) + (documentId ? 1 : 0) !== 1 || !uuid.safeParse(orderId ?? documentId).success)
      throw new AppError('badRequest', { fields: [{ field: 'orderId', rule: 'invalidValue' }] });
    const header = orderId ? this.t.orders : this.t.documents;
    const lines = orderId ? this.t.orderPositions : this.t.documentPositions;
    const key = orderId ? 'orderId' : 'documentId';
    const id = (orderId ?? documentId) as string;
    const h = (name: string) => column(header, name);
    const [record] = await db
      .select()
      .from(header)
      .where(and(eq(h('clientAccountId'), scope.clientAccountId), eq(h('id'), id)));
    if (!record) throw new AppError('notFoundOrNoPermission');
    const p = (name: string) => column(lines, name);
    const pr = (name: string) => column(this.t.products, name);
    const rows = await db
      .select({ quantity: p('quantity'), weight: pr('weight'), paletteQuantity: pr('paletteQuantity') })
      .from(lines)
      .innerJoin(this.t.products, eq(pr('id'), p('productId')))
      .where(and(eq(p('clientAccountId'), scope.clientAccountId), eq(p(key), id)));
    const load = proposeLoad(
      rows.map((r) => ({
        quantity: Number(r.quantity),
        unitWeight: r.weight === null ? null : Number(r.weight),
        paletteQuantity: r.paletteQuantity === null ? null : Number(r.paletteQuantity),
      })),
    );
    const destination = await this.contractorAddress(db, scope, textOf(record.contractorId));
    const number = String((orderId ? record.orderNumber : record.documentNumber) ?? '');
    const planned = dateOf(record.plannedDate);
    return {
      loadWeight: load.loadWeight,
      palletCount: load.palletCount,
      linesWithoutWeight: load.linesWithoutWeight,
      linesWithoutPallets: load.linesWithoutPallets,
      pickupTime: planned ? planned.toISOString() : null,
      destinationAddressId: destination?.id ?? null,
      destinationPoint: destination?.point ?? null,
      loadText: number,
      loads: [orderId ? { orderId: id } : { documentId: id }],
      sourceNumber: number,
    };
  }

  private async contractorAddress(
    db: Executor,
    scope: Scope,
    contractorId: string | null,
  ): Promise<{ id: string; point: string } | undefined> {
    const addresses = this.ctx.schema.resourceTables.address;
    if (!contractorId || !addresses) return undefined;
    const a = (name: string) => column(addresses, name);
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(a('clientAccountId'), scope.clientAccountId), eq(a('companyId'), contractorId)))
      .orderBy(asc(a('createdAt')))
      .limit(1);
    if (!row) return undefined;
    const point = [
      [row.street, row.number].filter(Boolean).join(' '),
      [row.postalCode, row.city].filter(Boolean).join(' '),
      row.country,
    ]
      .filter((s) => typeof s === 'string' && s !== '')
      .join(', ');
    return { id: String(row.id), point };
  }
}
