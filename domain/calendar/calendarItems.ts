import { z } from 'zod';
import type { ErrorCode } from '../errors';

/**
 * Calendar sub-types (resourceSubType): the spec colours 112, 122, 132 and 141–149 and leaves their meaning
 * open; ours (docs/decisions.md, "Calendar") group what happens at the warehouse by colour:
 * goods in (light green), goods out (red), work inside the warehouse (orange), transport (blue), other (purple).
 */
export const calendarSubTypes = {
  goodsIn: 112,
  goodsOut: 122,
  warehouseWork: 132,
  shipmentPickup: 141,
  shipmentDelivery: 142,
  dockBooking: 143,
  vehicleTrip: 144,
  other: 900,
} as const;
export type CalendarSubTypeName = keyof typeof calendarSubTypes;

/** Sub-types a person may give their own events, in the order the editor lists them. */
export const ownEventSubTypes: readonly number[] = Object.values(calendarSubTypes);

/** The name of a known sub-type (for its translation), undefined for others. */
export const subTypeName = (code: number | null | undefined): CalendarSubTypeName | undefined =>
  (Object.keys(calendarSubTypes) as CalendarSubTypeName[]).find((k) => calendarSubTypes[k] === code);

/** Rows of the resource planner: docks, vehicles and teams are calendar resources; carriers are companies. */
export const plannerResourceKinds = ['dock', 'vehicle', 'team', 'carrier'] as const;
export type PlannerResourceKind = (typeof plannerResourceKinds)[number];

/** Where a calendar item comes from. */
export const calendarSources = ['event', 'document', 'order', 'shipmentPickup', 'shipmentDelivery'] as const;
export type CalendarSource = (typeof calendarSources)[number];

/** One item of GET Calendar. */
export interface CalendarItem {
  /** Unique in a result: `<source>:<recordId>`. */
  readonly id: string;
  readonly source: CalendarSource;
  readonly recordId: string;
  readonly title: string;
  readonly startDate: string;
  /** Never before startDate; an item without a positive duration lasts 15 seconds. */
  readonly finishDate: string;
  readonly resourceSubType: number;
  /** Client path of the record the item stands for. */
  readonly link: string;
  /** The planner row: a calendar resource or a carrier company; null = no resource. */
  readonly resourceId: string | null;
  readonly resourceKind: PlannerResourceKind | null;
  /** Whether the caller may move it (drag) now. */
  readonly movable: boolean;
  /** Whether its length may change (own events only; the others are points in time). */
  readonly resizable: boolean;
}

const fail = (code: ErrorCode) => ({ error: code });
const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : v,
    z.array(item).max(200, fail('maxLength')).optional(),
  );

/** The longest range one request may ask for (a year view is the widest screen). */
export const maxCalendarRangeDays = 400;

/**
 * GET Calendar's query: the range [from, to) (ISO date-times or days) and optional filters by sub-type, by
 * resource (calendar resources and carrier companies) and by source.
 */
export const calendarQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, error: 'invalidValue' }).or(z.iso.date(fail('invalidValue'))),
    to: z.iso.datetime({ offset: true, error: 'invalidValue' }).or(z.iso.date(fail('invalidValue'))),
    resourceSubTypes: csv(z.coerce.number(fail('invalidValue')).int(fail('invalidValue'))),
    resourceIds: csv(z.uuid(fail('invalidValue'))),
    sources: csv(z.enum(calendarSources, fail('invalidValue'))),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { ...fail('invalidValue'), path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= maxCalendarRangeDays * 86_400_000, {
    ...fail('maxValue'),
    path: ['to'],
  });
export type CalendarQuery = z.output<typeof calendarQuerySchema>;
