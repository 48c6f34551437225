import { issue, type WarehouseIssue } from '../issues';
import type { DocumentRule } from '../resolveDocument';

const sides = ['sourceLocationId', 'destinationLocationId'] as const;

/** A location id nobody knows (deleted, or from another account). The header is reported once, not per position. */
export const checkUnknownLocation: DocumentRule = ({ document, positions, context }) => {
  const out: WarehouseIssue[] = [];
  const unknown = (id: string | null | undefined): id is string => !!id && !context.locations.has(id);
  for (const field of sides) {
    const id = document[field];
    if (unknown(id)) out.push(issue('unknownLocation', { field, params: { locationId: id } }));
  }
  for (const p of positions) {
    for (const field of sides) {
      const id = p.draft[field];
      if (unknown(id))
        out.push(issue('unknownLocation', { positionIndex: p.index, field, params: { locationId: id } }));
    }
  }
  return out;
};
