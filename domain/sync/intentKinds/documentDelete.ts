import { canDeleteDocument, isDocumentStatus } from '../../warehouse/statuses';
import { type IntentDefinition, ok, refuse } from '../intentDefinition';

/** A working copy deleted with its lines (confirmed documents are reverted, never deleted). */
export interface DocumentDeleteIntent {
  readonly kind: 'document.delete';
  readonly documentId: string;
}

export const documentDelete: IntentDefinition<DocumentDeleteIntent> = {
  kind: 'document.delete',
  route: { method: 'DELETE', path: '/api/WmsDocument/:id' },
  call: (i) => ({ method: 'DELETE', path: `/api/WmsDocument/${i.documentId}` }),
  target: (i) => ({ entity: 'wmsDocument', id: i.documentId }),
  groups: true,
  labelKey: 'documentDelete',
  subject: (i) => ({ documentId: i.documentId }),
  replay: (i, view, entry) => view.removeDocument(i.documentId, entry.createdAt),
  check: async (i, view) => {
    const doc = view.before.documents.get(i.documentId);
    if (!doc) return refuse({ code: 'notFoundOrNoPermission' });
    return isDocumentStatus(doc.statusCode) && canDeleteDocument(doc.statusCode)
      ? ok
      : refuse({ code: 'statusForbidsDelete' });
  },
};
