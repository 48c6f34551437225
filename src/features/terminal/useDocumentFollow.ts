import { useRef } from 'react';
import type { OutboxEntry, Row } from '../../../sync/types';
import { useReplicaQuery } from '../../db/useReplicaQuery';
import { documentIdOf } from './data/syncStates';

/** Where a document the user just acted on stands with the server, as the replica knows it. */
export interface DocumentFollow {
  /** Its number: the final one once the server gave it, the provisional one before. */
  readonly number: string | null;
  /** Something of it still waits to be sent or answered. */
  readonly pending: boolean;
  /** The server refused something of it (the user deals with it on the document). */
  readonly refused: boolean;
}

/** The follow-up of a document from its replica row and its outbox entries (pure, for tests). */
export const documentFollowOf = (
  document: Row | undefined,
  entries: readonly OutboxEntry[],
  documentId: string,
): DocumentFollow => {
  const own = entries.filter((e) => documentIdOf(e) === documentId && !e.resolvedAt);
  const created = own.find((e) => e.intent.kind === 'document.create');
  const number =
    (typeof document?.documentNumber === 'string' && document.documentNumber !== ''
      ? document.documentNumber
      : null) ??
    created?.result?.documentNumber ??
    (created?.intent.kind === 'document.create' ? created.intent.document.documentNumber || null : null);
  return {
    number,
    pending: own.some((e) => e.status === 'pending'),
    refused: own.some((e) => e.status === 'rejected'),
  };
};

/**
 * Follows a document after the user left it (a confirmation's banner): live from the replica, and remembering the
 * last number seen once nothing waits, since a confirmed document may then leave the device's data.
 */
export const useDocumentFollow = (documentId: string | undefined): DocumentFollow | undefined => {
  const settled = useRef<DocumentFollow | undefined>(undefined);
  const live = useReplicaQuery(
    async (tx) => {
      if (!documentId) return undefined;
      const [document] = await tx.get('wmsDocument', [documentId]);
      const entries = [...(await tx.outboxOpen()), ...(await tx.outboxRejected())];
      return documentFollowOf(document, entries, documentId);
    },
    [documentId],
  );
  if (live && !live.pending && live.number !== null) settled.current = live;
  // Gone from the replica with nothing left in the outbox: what was last seen.
  if (live && live.number === null && settled.current) return settled.current;
  return live;
};
