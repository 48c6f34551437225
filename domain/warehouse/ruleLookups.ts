import { documentTypeOf } from './documentTypes';
import { resolvePosition } from './resolveDocument';
import { sourceKeyOf, stockKeyString } from './stock';
import type { DocumentDraft, PositionDraft } from './validationInput';

/** What the rules of one document read beyond the document itself: each side looks these up in its own store. */
export interface RuleLookups {
  readonly productIds: string[];
  /** Every location the header or a position names (a position's own, else the header's). */
  readonly locationIds: string[];
  /** Every bin the header or a position names: where each stands (containerLocations). */
  readonly containers: string[];
  /** The stock keys the positions take from (stockKeyString), when availability is checked; else none. */
  readonly stockKeys: string[];
}

/**
 * The look-ups of validateDocument's context for a document and its positions: products, locations (the ones the
 * positions resolve to), bins and, with `availability`, the stock keys taken from. The server and the terminal
 * gather them here and only read them, each from its own store.
 */
export const ruleLookupsOf = (
  document: DocumentDraft,
  positions: readonly PositionDraft[],
  options: { readonly availability: boolean },
): RuleLookups => {
  const type = documentTypeOf(document.typeCode);
  const noLookups = { products: new Map(), locations: new Map() };
  const resolved = positions.map((p, i) => resolvePosition(document, type, p, i, noLookups));
  const locationIds = new Set<string>();
  const containers = new Set<string>();
  for (const id of [document.sourceLocationId, document.destinationLocationId]) if (id) locationIds.add(id);
  for (const c of [document.sourceContainer, document.destinationContainer]) if (c) containers.add(c);
  for (const p of resolved) {
    if (p.sourceLocationId) locationIds.add(p.sourceLocationId);
    if (p.destinationLocationId) locationIds.add(p.destinationLocationId);
    if (p.sourceContainer) containers.add(p.sourceContainer);
    if (p.destinationContainer) containers.add(p.destinationContainer);
  }
  const stockKeys = new Set<string>();
  if (options.availability)
    for (const p of resolved) {
      const key = sourceKeyOf(p);
      if (key) stockKeys.add(stockKeyString(key));
    }
  return {
    productIds: [...new Set(positions.map((p) => p.productId).filter((id) => id !== ''))],
    locationIds: [...locationIds],
    containers: [...containers],
    stockKeys: [...stockKeys],
  };
};
