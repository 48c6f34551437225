import type { DiscussionMessageView, DiscussionView } from '../../../domain/office/discussion';
import { api } from '../../api/http';

export interface MyDiscussions {
  readonly results: DiscussionView[];
  readonly allFilteredRowCount: number;
  readonly unreadTotal: number;
}

const path = (id: string, rest = '') => `/api/Discussion/${encodeURIComponent(id)}${rest}`;

/** The discussion calls (server/discussions/discussionRoutes.ts). */
export const discussionApi = {
  /** The record's own thread (opened on first use). */
  openForRecord: (refResourceType: string, refResourceId: string): Promise<DiscussionView> =>
    api.post<DiscussionView>('/api/Discussion', { refResourceType, refResourceId }),
  get: (id: string): Promise<DiscussionView> => api.get<DiscussionView>(path(id), null, { silent: true }),
  messages: async (id: string, after?: string): Promise<DiscussionMessageView[]> =>
    (
      await api.get<{ results: DiscussionMessageView[] }>(
        path(id, '/messages'),
        { limit: after ? 200 : 100, after },
        { silent: true },
      )
    ).results,
  post: (id: string, text: string): Promise<DiscussionMessageView> =>
    api.post<DiscussionMessageView>(path(id, '/messages'), { text }),
  markRead: (id: string): Promise<{ unread: number }> =>
    api.post<{ unread: number }>(path(id, '/read'), {}, { silent: true }),
  mine: (pageNumber: number, pageSize: number): Promise<MyDiscussions> =>
    api.get<MyDiscussions>('/api/Discussion', { PageNumber: pageNumber, PageSize: pageSize }),
  unread: (): Promise<{ total: number; results: DiscussionView[] }> =>
    api.get<{ total: number; results: DiscussionView[] }>('/api/Discussion/unread', null, { silent: true }),
};
