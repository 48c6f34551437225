import type { Page } from '../../../domain/resources/query';
import type { OpenedLink, SharedView } from '../../../domain/sharedAccess/sharedLinks';
import { api } from '../../api/http';
import type { DataRow } from '../../resources/DataTable';

export type { OpenedLink };

const storageKey = 'aisle-shared-link';

/**
 * The viewing session of this tab: kept in sessionStorage so a reload goes on without opening the link again
 * (a single-use link could not be opened twice), and gone with the tab.
 */
export const sharedSession = {
  read(): OpenedLink | null {
    try {
      const raw = sessionStorage.getItem(storageKey);
      const parsed = raw ? (JSON.parse(raw) as OpenedLink) : null;
      return parsed && Date.parse(parsed.sessionExpiresAt) > Date.now() ? parsed : null;
    } catch {
      return null;
    }
  },
  write(link: OpenedLink): void {
    sessionStorage.setItem(storageKey, JSON.stringify(link));
  },
  clear(): void {
    sessionStorage.removeItem(storageKey);
  },
};

const auth = (session: string) => ({ headers: { Authorization: `Bearer ${session}` } });

/** The public shared pages' calls: opening a link by its key, then the inventory calls with its session. */
export const sharedApi = {
  open: (key: string) =>
    api.post<OpenedLink>('/api/shared/open', { key }, { headers: { Authorization: '' } }),
  page: (session: string, path: string, query: Record<string, string>) =>
    api.get<Page<DataRow>>(`/api/${path}`, query, auth(session)),
  exportCsv: (session: string, view: SharedView, query: Record<string, string>) =>
    api.download(`/api/shared/export/${view}`, { ...auth(session), query: { ...query, format: 'csv' } }),
};
