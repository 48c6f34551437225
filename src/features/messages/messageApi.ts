import type { SendMessageInput } from '../../../domain/office/message';
import { api } from '../../api/http';
import type { Row } from '../../resources/resourceApi';

export interface MessagePreview {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly recipients: string[];
  readonly missing: string[];
}

/** The message calls (server/messages/messageRoutes.ts). */
export const messageApi = {
  send: (input: Partial<SendMessageInput>): Promise<Row> => api.post<Row>('/api/Message/send', input),
  preview: (input: Partial<SendMessageInput>): Promise<MessagePreview> =>
    api.post<MessagePreview>('/api/Message/preview', input),
  placeholders: async (refResourceType: string): Promise<string[]> =>
    (
      await api.get<{ results: string[] }>(
        '/api/emailTemplate/placeholders',
        { refResourceType },
        { silent: true },
      )
    ).results,
  testAccount: (id: string, to?: string): Promise<{ sent: boolean; to: string }> =>
    api.post<{ sent: boolean; to: string }>(
      `/api/EmailAccount/${encodeURIComponent(id)}/test`,
      to ? { to } : {},
    ),
};
