import type { DashboardFigures } from '../../../domain/dashboard';
import { api } from '../../api/http';

/** Local midnight as an instant: "today" is the user's day, not the server's. */
export const startOfToday = (now: Date = new Date()): string =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();

/** GET /api/Dashboard. */
export const fetchDashboard = (silent = false): Promise<DashboardFigures> =>
  api.get<DashboardFigures>('/api/Dashboard', { todayFrom: startOfToday() }, { silent });
