import type { IntentDefinition } from '../intentDefinition';
import { checkLineChange } from './lines';

/** A line leaves its working copy (the others keep their numbers). */
export interface LineRemoveIntent {
  readonly kind: 'line.remove';
  readonly lineId: string;
  readonly documentId: string;
}

export const lineRemove: IntentDefinition<LineRemoveIntent> = {
  kind: 'line.remove',
  route: { method: 'DELETE', path: '/api/WmsDocumentPosition/:id' },
  call: (i) => ({ method: 'DELETE', path: `/api/WmsDocumentPosition/${i.lineId}` }),
  target: (i) => ({ entity: 'wmsDocumentPosition', id: i.lineId }),
  groups: true,
  labelKey: 'lineRemove',
  subject: (i) => ({ documentId: i.documentId, lineId: i.lineId }),
  replay: (i, view, entry) =>
    view.editLines(i.documentId, entry.createdAt, (lines, setLine) => {
      if (lines.some((l) => l.id === i.lineId)) setLine(i.lineId, null);
    }),
  check: (i, view) => checkLineChange(view, { documentId: i.documentId, lineId: i.lineId, adds: false }),
};
