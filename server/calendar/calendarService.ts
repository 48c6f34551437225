import { and, asc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasAccess } from '../../domain/auth/claims';
import {
  type CalendarItem,
  type CalendarQuery,
  type CalendarSource,
  calendarQuerySchema,
  calendarSources,
  calendarSubTypes,
  type PlannerResourceKind,
} from '../../domain/calendar/calendarItems';
import { compareEvents, finishOf, moveKeepingDuration } from '../../domain/calendar/eventTimes';
import { AppError } from '../../domain/errors';
import { canRead, canWrite } from '../../domain/resources/access';
import { textOf } from '../../domain/rowValues';
import { documentTypes, isDocumentTypeCode } from '../../domain/warehouse/documentTypes';
import { orderTypeOf } from '../../domain/warehouse/orderTypes';
import type { AppContext } from '../context';
import type { Row } from '../resources/rows';
import type { Scope } from '../resources/scope';
import { dateOf } from '../shipping/recordInput';
import { column, type ShippingTables, shippingTablesOf } from '../shipping/shippingTables';
import { TicketService } from '../shipping/ticketService';
import type { Work } from '../shipping/unitOfWork';

/** Statuses whose planned date no longer moves (the work is done or given up). */
const closedOrderStatuses = ['closedFully', 'closedManually', 'archived'];

export const moveBodySchema = z.object({
  source: z.enum(calendarSources),
  recordId: z.uuid(),
  startDate: z.iso.datetime({ offset: true }),
  /** Own events only (resize); others keep their length. */
  finishDate: z.iso.datetime({ offset: true }).nullable().optional(),
  /** Own events only: the planner row it was dropped on (a calendar resource or a carrier), null = none. */
  resourceId: z.uuid().nullable().optional(),
});
export type MoveBody = z.infer<typeof moveBodySchema>;

const iso = (d: Date) => d.toISOString();

const documentSubType = (typeCode: unknown): number => {
  if (!isDocumentTypeCode(typeCode)) return calendarSubTypes.other;
  const kind = documentTypes[typeCode].kind;
  if (kind === 'receipt') return calendarSubTypes.goodsIn;
  if (kind === 'release') return calendarSubTypes.goodsOut;
  return calendarSubTypes.warehouseWork;
};

const orderSubType = (typeCode: unknown): number => {
  const type = orderTypeOf(typeof typeCode === 'string' ? typeCode : null);
  if (!type) return calendarSubTypes.other;
  if (type.code === 'OIN') return calendarSubTypes.goodsIn;
  if (type.code === 'OOU') return calendarSubTypes.goodsOut;
  if (type.group === 'offer') return calendarSubTypes.other;
  return calendarSubTypes.warehouseWork;
};

/**
 * GET Calendar and the calendar's moves (docs/decisions.md, "Calendar"): the account's own calendar events
 * with the planned dates of documents and orders (logistics) and the pickup and delivery times of shipment
 * tickets (shipping), each only for users who may read its source; sorted by startDate.
 */
export class CalendarService {
  private readonly t: ShippingTables;
  private readonly tickets: TicketService;

  constructor(private readonly ctx: AppContext) {
    this.t = shippingTablesOf(ctx);
    this.tickets = new TicketService(ctx);
  }

  private readable(scope: Scope, name: string): boolean {
    const def = this.ctx.schema.definitions.find((d) => d.name === name);
    return def !== undefined && canRead(def, scope.claims);
  }

  async list(scope: Scope, raw: Record<string, unknown>): Promise<{ results: CalendarItem[] }> {
    if (!hasAccess(scope.claims, 'any')) throw new AppError('forbidden');
    const parsed = calendarQuerySchema.safeParse(raw);
    if (!parsed.success)
      throw new AppError('badRequest', {
        fields: parsed.error.issues.map((i) => ({
          field: String(i.path[0] ?? ''),
          rule: i.message === 'maxValue' ? 'maxValue' : 'invalidValue',
        })),
      });
    const q = parsed.data;
    const from = new Date(q.from);
    const to = new Date(q.to);
    const wanted = (source: CalendarSource) => !q.sources || q.sources.includes(source);
    const items: CalendarItem[] = [];
    if (wanted('event')) items.push(...(await this.ownEvents(scope, from, to)));
    if (wanted('document') && this.readable(scope, 'wmsDocument'))
      items.push(...(await this.documents(scope, from, to)));
    if (wanted('order') && this.readable(scope, 'wmsOrder'))
      items.push(...(await this.orders(scope, from, to)));
    if ((wanted('shipmentPickup') || wanted('shipmentDelivery')) && this.readable(scope, 'shipmentTicket'))
      items.push(...(await this.shipments(scope, from, to, q)));
    return { results: items.filter((i) => this.matches(i, q)).sort(compareEvents) };
  }

  private matches(item: CalendarItem, q: CalendarQuery): boolean {
    if (q.sources && !q.sources.includes(item.source)) return false;
    if (q.resourceSubTypes && !q.resourceSubTypes.includes(item.resourceSubType)) return false;
    if (q.resourceIds && (item.resourceId === null || !q.resourceIds.includes(item.resourceId))) return false;
    return true;
  }

  private async ownEvents(scope: Scope, from: Date, to: Date): Promise<CalendarItem[]> {
    if (!this.readable(scope, 'calendarEvent')) return [];
    const e = (name: string) => column(this.t.events, name);
    const r = (name: string) => column(this.t.calendarResources, name);
    // An event without a positive duration lasts 15 seconds: it still meets a range starting up to 15 s later.
    const rows = await this.ctx.db
      .select({ event: this.t.events, resourceKind: r('kind') })
      .from(this.t.events)
      .leftJoin(this.t.calendarResources, eq(r('id'), e('resourceId')))
      .where(
        and(
          eq(e('clientAccountId'), scope.clientAccountId),
          lt(e('startDate'), to),
          sql`greatest(coalesce(${e('finishDate')}, ${e('startDate')}), ${e('startDate')} + interval '15 seconds') > ${from}`,
        ),
      )
      .orderBy(asc(e('startDate')));
    const writable = this.writable(scope, 'calendarEvent');
    return rows.map((found) => {
      const event = found.event as Row;
      const resourceKind = found.resourceKind;
      const start = dateOf(event.startDate) as Date;
      const carrierId = textOf(event.carrierId);
      const resourceId = textOf(event.resourceId) ?? carrierId;
      const kind: PlannerResourceKind | null = textOf(event.resourceId)
        ? (resourceKind as PlannerResourceKind)
        : carrierId
          ? 'carrier'
          : null;
      return {
        id: `event:${String(event.id)}`,
        source: 'event',
        recordId: String(event.id),
        title: String(event.title),
        startDate: iso(start),
        finishDate: iso(finishOf(start, dateOf(event.finishDate))),
        resourceSubType:
          typeof event.resourceSubType === 'number' ? event.resourceSubType : calendarSubTypes.other,
        link: `/calendar?event=${String(event.id)}`,
        resourceId,
        resourceKind: kind,
        movable: writable,
        resizable: writable,
      };
    });
  }

  private writable(scope: Scope, name: string): boolean {
    const def = this.ctx.schema.definitions.find((d) => d.name === name);
    return def !== undefined && canWrite(def, scope.claims);
  }

  private async documents(scope: Scope, from: Date, to: Date): Promise<CalendarItem[]> {
    const d = (name: string) => column(this.t.documents, name);
    const rows = await this.ctx.db
      .select({
        id: d('id'),
        number: d('documentNumber'),
        typeCode: d('typeCode'),
        statusCode: d('statusCode'),
        plannedDate: d('plannedDate'),
      })
      .from(this.t.documents)
      .where(
        and(
          eq(d('clientAccountId'), scope.clientAccountId),
          gte(d('plannedDate'), from),
          lt(d('plannedDate'), to),
        ),
      );
    const writable = this.writable(scope, 'wmsDocument');
    return rows.map((row) => {
      const start = dateOf(row.plannedDate) as Date;
      return {
        id: `document:${String(row.id)}`,
        source: 'document',
        recordId: String(row.id),
        title: `${String(row.typeCode)} ${String(row.number ?? '')}`.trim(),
        startDate: iso(start),
        finishDate: iso(finishOf(start, null)),
        resourceSubType: documentSubType(row.typeCode),
        link: `/documents/${String(row.id)}`,
        resourceId: null,
        resourceKind: null,
        movable: writable && row.statusCode === 'workingCopy',
        resizable: false,
      };
    });
  }

  private async orders(scope: Scope, from: Date, to: Date): Promise<CalendarItem[]> {
    const o = (name: string) => column(this.t.orders, name);
    const rows = await this.ctx.db
      .select({
        id: o('id'),
        number: o('orderNumber'),
        typeCode: o('typeCode'),
        statusCode: o('statusCode'),
        plannedDate: o('plannedDate'),
      })
      .from(this.t.orders)
      .where(
        and(
          eq(o('clientAccountId'), scope.clientAccountId),
          gte(o('plannedDate'), from),
          lt(o('plannedDate'), to),
          ...(scope.contractorId ? [eq(o('contractorId'), scope.contractorId)] : []),
        ),
      );
    const writable = this.writable(scope, 'wmsOrder');
    return rows.map((row) => {
      const start = dateOf(row.plannedDate) as Date;
      const group = orderTypeOf(String(row.typeCode))?.group;
      return {
        id: `order:${String(row.id)}`,
        source: 'order',
        recordId: String(row.id),
        title: String(row.number ?? row.typeCode),
        startDate: iso(start),
        finishDate: iso(finishOf(start, null)),
        resourceSubType: orderSubType(row.typeCode),
        link: group === 'verify' ? `/verification-orders/${String(row.id)}` : `/orders/${String(row.id)}`,
        resourceId: null,
        resourceKind: null,
        movable: writable && !closedOrderStatuses.includes(String(row.statusCode)),
        resizable: false,
      };
    });
  }

  private async shipments(scope: Scope, from: Date, to: Date, q: CalendarQuery): Promise<CalendarItem[]> {
    const c = (name: string) => column(this.t.tickets, name);
    const inRange = (name: string): SQL => and(gte(c(name), from), lt(c(name), to)) as SQL;
    const rows = await this.ctx.db
      .select()
      .from(this.t.tickets)
      .where(
        and(
          eq(c('clientAccountId'), scope.clientAccountId),
          sql`(${inRange('pickupTime')} or ${inRange('deliveryTime')})`,
        ),
      );
    const writable = this.writable(scope, 'shipmentTicket');
    const out: CalendarItem[] = [];
    for (const row of rows) {
      const route = [textOf(row.pickupCountry), textOf(row.destinationCountry)].filter(Boolean).join(' → ');
      const carrier = textOf(row.assignedCarrierId);
      const movable = writable && row.statusCode !== 'archived';
      const parts = [
        {
          source: 'shipmentPickup' as const,
          at: dateOf(row.pickupTime),
          subType: calendarSubTypes.shipmentPickup,
        },
        {
          source: 'shipmentDelivery' as const,
          at: dateOf(row.deliveryTime),
          subType: calendarSubTypes.shipmentDelivery,
        },
      ];
      for (const part of parts) {
        if (!part.at || part.at < from || part.at >= to) continue;
        if (q.sources && !q.sources.includes(part.source)) continue;
        out.push({
          id: `${part.source}:${String(row.id)}`,
          source: part.source,
          recordId: String(row.id),
          title: `${String(row.shipmentNumber)}${route ? ` ${route}` : ''}`,
          startDate: iso(part.at),
          finishDate: iso(finishOf(part.at, null)),
          resourceSubType: part.subType,
          link: `/shipment-tickets/${String(row.id)}`,
          resourceId: carrier,
          resourceKind: carrier ? 'carrier' : null,
          movable,
          resizable: false,
        });
      }
    }
    return out;
  }

  /** GET Calendar/Resources: the planner's rows — docks, vehicles and teams, then the carriers. */
  async resources(
    scope: Scope,
  ): Promise<{ results: { id: string; name: string; kind: PlannerResourceKind }[] }> {
    if (!hasAccess(scope.claims, 'any')) throw new AppError('forbidden');
    const r = (name: string) => column(this.t.calendarResources, name);
    const own = await this.ctx.db
      .select({ id: r('id'), name: r('name'), kind: r('kind') })
      .from(this.t.calendarResources)
      .where(eq(r('clientAccountId'), scope.clientAccountId))
      .orderBy(asc(r('kind')), asc(r('name')));
    const c = (name: string) => column(this.t.companies, name);
    const carriers = await this.ctx.db
      .select({ id: c('id'), name: c('shortName') })
      .from(this.t.companies)
      .where(and(eq(c('clientAccountId'), scope.clientAccountId), sql`${c('roles')} @> '["carrier"]'::jsonb`))
      .orderBy(asc(c('shortName')));
    const order: PlannerResourceKind[] = ['dock', 'vehicle', 'team'];
    return {
      results: [
        ...own
          .map((row) => ({
            id: String(row.id),
            name: String(row.name),
            kind: row.kind as PlannerResourceKind,
          }))
          .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind)),
        ...carriers.map((row) => ({ id: String(row.id), name: String(row.name), kind: 'carrier' as const })),
      ],
    };
  }

  /**
   * POST Calendar/move: drag (and resize) on the month view or the planner. Own events take the new times and
   * row; a document's or order's planned date moves while it is still open; a shipment's pickup or delivery
   * moves through the ticket (its carrier is told). Refusals: calendarRecordLocked, the ticket's own ones.
   */
  async move(work: Work, scope: Scope, body: MoveBody): Promise<void> {
    const start = new Date(body.startDate);
    switch (body.source) {
      case 'event':
        return this.moveEvent(work, scope, body, start);
      case 'document':
        return this.movePlanned(
          work,
          scope,
          'wmsDocument',
          body.recordId,
          start,
          (row) => row.statusCode === 'workingCopy',
        );
      case 'order':
        return this.movePlanned(
          work,
          scope,
          'wmsOrder',
          body.recordId,
          start,
          (row) => !closedOrderStatuses.includes(String(row.statusCode)),
        );
      case 'shipmentPickup':
        await this.tickets.reschedule(work, scope, body.recordId, { pickupTime: start });
        return;
      case 'shipmentDelivery':
        await this.tickets.reschedule(work, scope, body.recordId, { deliveryTime: start });
        return;
    }
  }

  private async moveEvent(work: Work, scope: Scope, body: MoveBody, start: Date): Promise<void> {
    const service = this.t.service('calendarEvent');
    service.assertWrite(scope);
    const e = (name: string) => column(this.t.events, name);
    const [existing] = await work.tx
      .select()
      .from(this.t.events)
      .where(and(eq(e('clientAccountId'), scope.clientAccountId), eq(e('id'), body.recordId)))
      .for('update');
    if (!existing) throw new AppError('notFoundOrNoPermission');
    const times =
      body.finishDate !== undefined && body.finishDate !== null
        ? { startDate: start, finishDate: new Date(body.finishDate) }
        : moveKeepingDuration(dateOf(existing.startDate) as Date, dateOf(existing.finishDate), start);
    if (times.finishDate < times.startDate)
      throw new AppError('formHasErrors', { fields: [{ field: 'finishDate', rule: 'invalidValue' }] });
    const row: Row = { ...times };
    if (body.resourceId !== undefined) {
      const placed = await this.placement(work, scope, body.resourceId);
      row.resourceId = placed.resourceId;
      row.carrierId = placed.carrierId;
    }
    const [updated] = await work.tx
      .update(this.t.events)
      .set({ ...row, updatedAt: work.now, version: sql`${e('version')} + 1` })
      .where(and(eq(e('clientAccountId'), scope.clientAccountId), eq(e('id'), body.recordId)))
      .returning();
    await service.log(work.tx, scope, 'update', body.recordId, existing, updated);
    work.changes.push({
      clientAccountId: scope.clientAccountId,
      resourceType: 'calendarEvent',
      id: body.recordId,
      action: 'update',
    });
  }

  /** A planner row id as the event's resource or carrier. */
  private async placement(work: Work, scope: Scope, id: string | null) {
    if (id === null) return { resourceId: null, carrierId: null };
    const r = (name: string) => column(this.t.calendarResources, name);
    const [own] = await work.tx
      .select({ id: r('id') })
      .from(this.t.calendarResources)
      .where(and(eq(r('clientAccountId'), scope.clientAccountId), eq(r('id'), id)));
    if (own) return { resourceId: id, carrierId: null };
    const carriers = await this.tickets.carriersAmong(work.tx, scope.clientAccountId, [id]);
    if (carriers.has(id)) return { resourceId: null, carrierId: id };
    throw new AppError('formHasErrors', { fields: [{ field: 'resourceId', rule: 'invalidValue' }] });
  }

  private async movePlanned(
    work: Work,
    scope: Scope,
    name: 'wmsDocument' | 'wmsOrder',
    id: string,
    start: Date,
    open: (row: Row) => boolean,
  ): Promise<void> {
    const service = this.t.service(name);
    service.assertWrite(scope);
    const table = name === 'wmsDocument' ? this.t.documents : this.t.orders;
    const c = (field: string) => column(table, field);
    const [existing] = await work.tx
      .select()
      .from(table)
      .where(and(service.scopeCondition(scope), eq(c('id'), id)))
      .for('update');
    if (!existing) throw new AppError('notFoundOrNoPermission');
    if (!open(existing)) throw new AppError('calendarRecordLocked');
    const [updated] = await work.tx
      .update(table)
      .set({ plannedDate: start, updatedAt: work.now, version: sql`${c('version')} + 1` })
      .where(and(service.scopeCondition(scope), eq(c('id'), id)))
      .returning();
    await service.log(work.tx, scope, 'update', id, existing, updated);
    work.changes.push({ clientAccountId: scope.clientAccountId, resourceType: name, id, action: 'update' });
  }
}
