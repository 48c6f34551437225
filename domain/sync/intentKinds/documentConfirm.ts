import { refusalOf } from '../../warehouse/refusal';
import { type IntentDefinition, ok, refuse } from '../intentDefinition';
import { linesOfView } from '../replicaView';

/** A working copy confirmed: its stock moves. */
export interface DocumentConfirmIntent {
  readonly kind: 'document.confirm';
  readonly documentId: string;
}

export const documentConfirm: IntentDefinition<DocumentConfirmIntent> = {
  kind: 'document.confirm',
  route: { method: 'POST', path: '/api/WmsDocument/:id/confirm' },
  call: (i) => ({ method: 'POST', path: `/api/WmsDocument/${i.documentId}/confirm` }),
  target: (i) => ({ entity: 'wmsDocument', id: i.documentId }),
  groups: true,
  labelKey: 'documentConfirm',
  subject: (i) => ({ documentId: i.documentId }),
  replay: (i, view, entry) => view.confirmDocument(entry, i.documentId),
  check: async (i, view) => {
    const doc = view.before.documents.get(i.documentId);
    if (!doc) return refuse({ code: 'notFoundOrNoPermission' });
    const { issues } = await view.judge(doc, linesOfView(view.before, i.documentId), true);
    return issues.length ? refuse(refusalOf(issues)) : ok;
  },
};
