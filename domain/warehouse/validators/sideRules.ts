import { issue, type WarehouseIssue, type WarehouseIssueCode } from '../issues';
import type { DocumentRule } from '../resolveDocument';

/** A document side: the type's rule for it and the field that carries it on header and position. */
export type Side = 'sourceLocation' | 'destinationLocation' | 'sourceContainer' | 'destinationContainer';
type SideField = 'sourceLocationId' | 'destinationLocationId' | 'sourceContainer' | 'destinationContainer';

export const sideField: Readonly<Record<Side, SideField>> = {
  sourceLocation: 'sourceLocationId',
  destinationLocation: 'destinationLocationId',
  sourceContainer: 'sourceContainer',
  destinationContainer: 'destinationContainer',
};

/**
 * A required side must be known for every position (header or own value); a document without positions
 * is judged by its header alone.
 */
export const requiredSideRule =
  (sides: readonly Side[], code: WarehouseIssueCode): DocumentRule =>
  ({ document, type, positions }) => {
    if (!type) return [];
    const out: WarehouseIssue[] = [];
    for (const side of sides) {
      if (type[side] !== 'required') continue;
      const field = sideField[side];
      if (positions.length === 0 && document[field] === null) out.push(issue(code, { field }));
      for (const p of positions)
        if (p[field] === null) out.push(issue(code, { positionIndex: p.index, field }));
    }
    return out;
  };

/** A forbidden side is reported where it was typed: once on the header, and on each position that sets its own. */
export const forbiddenSideRule =
  (sides: readonly Side[], code: WarehouseIssueCode): DocumentRule =>
  ({ document, type, positions }) => {
    if (!type) return [];
    const out: WarehouseIssue[] = [];
    for (const side of sides) {
      if (type[side] !== 'forbidden') continue;
      const field = sideField[side];
      if (document[field] !== null) out.push(issue(code, { field }));
      for (const p of positions) if (p.draft[field]) out.push(issue(code, { positionIndex: p.index, field }));
    }
    return out;
  };
