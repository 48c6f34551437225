import type {
  CalendarItem,
  CalendarSource,
  PlannerResourceKind,
} from '../../../domain/calendar/calendarItems';
import { api } from '../../api/http';

export interface PlannerResource {
  readonly id: string;
  readonly name: string;
  readonly kind: PlannerResourceKind;
}

export interface MoveRequest {
  readonly source: CalendarSource;
  readonly recordId: string;
  readonly startDate: string;
  readonly finishDate?: string | null;
  readonly resourceId?: string | null;
}

/** The calendar calls (server/calendar/calendarRoutes.ts) and the own events' generic resource. */
export const calendarApi = {
  items: (from: string, to: string, filters: Record<string, string> = {}) =>
    api.get<{ results: CalendarItem[] }>('/api/Calendar', { from, to, ...filters }),
  resources: () => api.get<{ results: PlannerResource[] }>('/api/Calendar/Resources'),
  move: (body: MoveRequest) => api.post('/api/Calendar/move', body),
  event: (id: string) => api.get<Record<string, unknown>>(`/api/CalendarEvent/${encodeURIComponent(id)}`),
  createEvent: (body: Record<string, unknown>) => api.post<{ id: string }>('/api/CalendarEvent', body),
  updateEvent: (id: string, body: Record<string, unknown>) =>
    api.put(`/api/CalendarEvent/${encodeURIComponent(id)}`, body),
  deleteEvent: (id: string) => api.delete(`/api/CalendarEvent/${encodeURIComponent(id)}`),
};
