import type { SharedContentType } from '../../../domain/sharedAccess/sharedLinks';
import { api } from '../../api/http';
import type { Row } from '../../resources/resourceApi';

/** What staff send to make a link. */
export interface NewLink {
  readonly contentType: SharedContentType;
  readonly recipientContractorId?: string | null;
  readonly recipientPersonId?: string | null;
  readonly contractorId?: string | null;
  readonly durationMinutes: string;
  readonly singleUse: boolean;
  readonly email?: string | null;
}

/** A link as made: the record, and once only its address (page links) or its token (API access). */
export type CreatedLink = Row & {
  readonly link: string | null;
  readonly apiToken: string | null;
  readonly mailedTo: string | null;
};

/** Staff calls of shared access (the list, preview and export are the generic SharedAccess ones). */
export const sharedAccessApi = {
  create: (body: NewLink) => api.post<CreatedLink>('/api/SharedAccess', body),
  withdraw: (id: string) => api.post<Row>(`/api/SharedAccess/${encodeURIComponent(id)}/withdraw`),
};
