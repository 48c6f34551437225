import { documentTypeOf } from '../../warehouse/documentTypes';
import { refusalOf } from '../../warehouse/refusal';
import { type IntentDefinition, ok, refuse } from '../intentDefinition';
import { prefetchOfBody } from './lines';

/** A document header as the terminal opens it (POST /api/WmsDocument without positions). */
export interface DocumentHeaderPayload {
  readonly id: string;
  readonly typeCode: string;
  /** The working-copy (provisional) number made offline; the server gives the final one. */
  readonly documentNumber: string;
  readonly orderId?: string | null;
  readonly contractorId?: string | null;
  readonly sourceLocationId?: string | null;
  readonly destinationLocationId?: string | null;
  readonly sourceContainer?: string | null;
  readonly destinationContainer?: string | null;
  readonly comment?: string | null;
}

/** A new working copy, opened before its first line, under a provisional number. */
export interface DocumentCreateIntent {
  readonly kind: 'document.create';
  readonly document: DocumentHeaderPayload;
}

export const documentCreate: IntentDefinition<DocumentCreateIntent> = {
  kind: 'document.create',
  route: { method: 'POST', path: '/api/WmsDocument' },
  call: (i) => ({ method: 'POST', path: '/api/WmsDocument', body: { ...i.document, positions: [] } }),
  target: (i) => ({ entity: 'wmsDocument', id: i.document.id }),
  groups: true,
  labelKey: 'documentCreate',
  subject: (i) => ({ documentId: i.document.id, provisionalNumber: i.document.documentNumber }),
  replay: (i, view, entry) => {
    const d = i.document;
    if (view.document(d.id)) return;
    view.addDocument({
      id: d.id,
      typeCode: d.typeCode,
      statusCode: 'workingCopy',
      documentNumber: entry.result?.documentNumber ?? d.documentNumber,
      offlineNumber: d.documentNumber,
      orderId: d.orderId ?? null,
      contractorId: d.contractorId ?? null,
      sourceLocationId: d.sourceLocationId ?? null,
      destinationLocationId: d.destinationLocationId ?? null,
      sourceContainer: d.sourceContainer ?? null,
      destinationContainer: d.destinationContainer ?? null,
      comment: d.comment ?? null,
      generated: false,
      createdAt: entry.createdAt,
    });
  },
  check: async (i, view) => {
    if (!documentTypeOf(i.document.typeCode)) return refuse({ code: 'documentTypeMissing' });
    if (view.before.documents.get(i.document.id)) return refuse({ code: 'uniqueConflict' });
    const doc = view.after.documents.get(i.document.id);
    if (!doc) return refuse({ code: 'badRequest' });
    const { issues } = await view.judge(doc, [], false);
    return issues.length ? refuse(refusalOf(issues)) : ok;
  },
  prefetch: prefetchOfBody,
  numbering: {
    typeCode: (i) => i.document.typeCode,
    number: (i) => i.document.documentNumber,
    withNumber: (i, documentNumber) => ({ ...i, document: { ...i.document, documentNumber } }),
  },
};
