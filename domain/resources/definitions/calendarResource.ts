import { defineResource } from '../types';

/** Docks, vehicles and teams: rows of the resource planner (carriers are companies with the carrier role). */
export const calendarResourceResource = defineResource({
  name: 'calendarResource',
  path: 'CalendarResource',
  route: 'calendar-resources',
  section: 'calendar',
  menu: { order: 40 },
  titleField: 'name',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'name' },
  fields: {
    name: { kind: 'string', required: true, maxLength: 100, unique: 'account', list: true },
    kind: { kind: 'enum', options: ['dock', 'vehicle', 'team'], required: true, list: true },
    description: { kind: 'text', maxLength: 2000 },
  },
});
