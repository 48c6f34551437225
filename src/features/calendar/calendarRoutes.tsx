import type { FeatureRoute } from '../../ui/featureRoute';
import { CalendarMonthPage } from './CalendarMonthPage';
import { ResourcePlannerPage } from './ResourcePlannerPage';

/** The calendar: month view and resource planner (GET Calendar, drag to reschedule, live updates). */
export const calendarRoutes: readonly FeatureRoute[] = [
  { path: '/calendar', element: <CalendarMonthPage /> },
  { path: '/calendar/planner', element: <ResourcePlannerPage /> },
];
