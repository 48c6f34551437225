import { numberOf } from '../../rowValues';
import type { IntentDefinition } from '../intentDefinition';
import {
  checkLineChange,
  type LinePayload,
  lineRowOf,
  lineSubject,
  lineTarget,
  prefetchOfBody,
} from './lines';

/** A line of a working copy changed (another quantity, batch or place); it keeps its number. */
export interface LineUpdateIntent {
  readonly kind: 'line.update';
  readonly line: LinePayload;
}

export const lineUpdate: IntentDefinition<LineUpdateIntent> = {
  kind: 'line.update',
  route: { method: 'PUT', path: '/api/WmsDocumentPosition/:id' },
  call: (i) => ({ method: 'PUT', path: `/api/WmsDocumentPosition/${i.line.id}`, body: i.line }),
  target: (i) => lineTarget(i.line),
  groups: true,
  labelKey: 'lineUpdate',
  subject: (i) => lineSubject(i.line),
  replay: (i, view, entry) =>
    view.editLines(i.line.documentId, entry.createdAt, (lines, setLine) => {
      const existing = lines.find((l) => l.id === i.line.id);
      if (existing) setLine(existing.id, lineRowOf(i.line, numberOf(existing.lineNo) ?? 1, existing));
    }),
  check: (i, view) =>
    checkLineChange(view, { documentId: i.line.documentId, lineId: i.line.id, adds: false, line: i.line }),
  prefetch: prefetchOfBody,
};
