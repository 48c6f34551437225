import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';

const CalendarMonthPage = lazyNamed(() => import('./CalendarMonthPage'), 'CalendarMonthPage');
const ResourcePlannerPage = lazyNamed(() => import('./ResourcePlannerPage'), 'ResourcePlannerPage');

/** The calendar: month view and resource planner (GET Calendar, drag to reschedule, live updates). */
export const calendarRoutes: readonly FeatureRoute[] = [
  { path: '/calendar', element: <CalendarMonthPage /> },
  { path: '/calendar/planner', element: <ResourcePlannerPage /> },
];
