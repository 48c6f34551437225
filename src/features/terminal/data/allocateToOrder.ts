import { addQuantities, compareQuantities, subtractQuantity } from '../../../../domain/warehouse/quantity';
import type { LineDraft } from './lineDraft';

/** What allocation needs of an order position (queries PositionView has it all). */
export interface AllocatablePosition {
  readonly id: string;
  readonly productId: string;
  readonly ordered: number;
  readonly recorded: number | null;
  readonly realised: number;
  readonly remaining: number;
  readonly sourceLocationId: string | null;
  readonly row: { readonly [field: string]: unknown };
}

export interface QuantityUpdate {
  readonly positionId: string;
  /** The position's new recorded quantity (quantityReal is a total, not a delta). */
  readonly quantityReal: number;
}

export type Allocation =
  | { readonly ok: true; readonly updates: readonly QuantityUpdate[] }
  | { readonly ok: false; readonly code: 'productNotOnOrder'; readonly params: { readonly product: string } };

const same = (a: unknown, b: string | null): boolean =>
  b === null || (typeof a === 'string' ? a.slice(0, 10) === b.slice(0, 10) || a === b : false);

/**
 * Which order positions a recorded line fills. A move order: the product's positions in line order, each
 * up to what it still lacks (an excess stays on the last one — the order rule refuses it before). A count:
 * the position of that product at that location (the batch decides between several; uncounted first), and
 * the count replaces what was counted. `only` limits it to one position (redoing a refused one). Pure.
 */
export const allocateToOrder = (
  positions: readonly AllocatablePosition[],
  draft: LineDraft,
  options: { readonly isCount: boolean; readonly only?: string; readonly productLabel?: string },
): Allocation => {
  const notOnOrder = {
    ok: false,
    code: 'productNotOnOrder',
    params: { product: options.productLabel ?? draft.productId },
  } as const;
  const mine = positions.filter(
    (p) => p.productId === draft.productId && (options.only === undefined || p.id === options.only),
  );
  if (options.isCount) {
    const here = mine.filter((p) => options.only !== undefined || p.sourceLocationId === draft.locationId);
    const rank = (p: AllocatablePosition) =>
      (same(p.row.expDate, draft.expDate) ? 0 : 2) +
      (same(p.row.serialNumber, draft.serialNumber) ? 0 : 2) +
      (p.recorded === null ? 0 : 1);
    const [best] = [...here].sort((a, b) => rank(a) - rank(b));
    return best ? { ok: true, updates: [{ positionId: best.id, quantityReal: draft.quantity }] } : notOnOrder;
  }
  if (!mine.length) return notOnOrder;
  let left = draft.quantity;
  const updates: QuantityUpdate[] = [];
  mine.forEach((p, i) => {
    const last = i === mine.length - 1;
    if (compareQuantities(left, 0) <= 0) return;
    const share = last ? left : compareQuantities(left, p.remaining) > 0 ? p.remaining : left;
    if (compareQuantities(share, 0) <= 0) return;
    left = subtractQuantity(left, share);
    updates.push({ positionId: p.id, quantityReal: addQuantities(p.realised, share) });
  });
  return { ok: true, updates };
};
