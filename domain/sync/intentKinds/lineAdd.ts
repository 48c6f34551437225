import { numberOf } from '../../rowValues';
import type { IntentDefinition } from '../intentDefinition';
import {
  checkLineChange,
  type LinePayload,
  lineRowOf,
  lineSubject,
  lineTarget,
  nextLineNo,
  prefetchOfBody,
} from './lines';

/** A new last line of a working copy (the terminal records a scan). */
export interface LineAddIntent {
  readonly kind: 'line.add';
  readonly line: LinePayload;
}

export const lineAdd: IntentDefinition<LineAddIntent> = {
  kind: 'line.add',
  route: { method: 'POST', path: '/api/WmsDocumentPosition' },
  call: (i) => ({ method: 'POST', path: '/api/WmsDocumentPosition', body: i.line }),
  target: (i) => lineTarget(i.line),
  groups: true,
  labelKey: 'lineAdd',
  subject: (i) => lineSubject(i.line),
  replay: (i, view, entry) =>
    view.editLines(i.line.documentId, entry.createdAt, (lines, setLine) => {
      const existing = lines.find((l) => l.id === i.line.id);
      const lineNo = existing ? (numberOf(existing.lineNo) ?? 1) : nextLineNo(lines);
      setLine(i.line.id, lineRowOf(i.line, lineNo, existing));
    }),
  check: (i, view) =>
    checkLineChange(view, { documentId: i.line.documentId, lineId: i.line.id, adds: true, line: i.line }),
  prefetch: prefetchOfBody,
};
