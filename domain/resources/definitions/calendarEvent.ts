import { defineResource } from '../types';

/**
 * The calendar's own events (startDate, finishDate, resourceSubType; docs/decisions.md, "Calendar"), created,
 * moved and resized on the month view and the resource planner. GET Calendar shows them with the dates of
 * documents, orders and shipment tickets (server/calendar). An event without a positive duration lasts 15
 * seconds there.
 */
export const calendarEventResource = defineResource({
  name: 'calendarEvent',
  path: 'CalendarEvent',
  route: 'calendar-events',
  section: 'calendar',
  menu: { order: 30 },
  titleField: 'title',
  read: 'any',
  write: 'any',
  defaultSort: { column: 'startDate' },
  fields: {
    title: { kind: 'string', required: true, maxLength: 200, list: true },
    startDate: { kind: 'datetime', required: true, list: true },
    finishDate: { kind: 'datetime', list: true },
    resourceSubType: { kind: 'integer', min: 0, max: 9999, default: 900, list: true },
    resourceId: { kind: 'ref', ref: 'calendarResource', onDelete: 'setNull', list: true },
    carrierId: { kind: 'ref', ref: 'company', onDelete: 'setNull', list: true },
    description: { kind: 'text', maxLength: 2000 },
  },
});
