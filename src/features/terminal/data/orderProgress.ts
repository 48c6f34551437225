import {
  addQuantities,
  compareQuantities,
  roundQuantity,
  subtractQuantity,
} from '../../../../domain/warehouse/quantity';

/** What progress needs of an order position. */
export interface ProgressPosition {
  readonly id: string;
  readonly productId: string;
  readonly quantity: number;
  /** Recorded by the terminal (quantityReal); null = nothing recorded yet. */
  readonly quantityReal: number | null;
}

export interface PositionProgress {
  readonly ordered: number;
  readonly recorded: number | null;
  /** Moved by the order's confirmed documents, attributed to this position. */
  readonly confirmed: number;
  /** Done so far: what the terminal recorded or confirmed documents moved, whichever is more. */
  readonly realised: number;
  readonly remaining: number;
  readonly done: boolean;
}

const larger = (a: number, b: number): number => (compareQuantities(a, b) >= 0 ? a : b);

/**
 * Progress of a move order's positions on the replica, read like the server's progress screens
 * (WmsOrder/Move/…/PositionsProgress): realised = max(recorded, confirmed). Documents name no order line,
 * so a product's confirmed quantity fills its positions in line order, each up to what it ordered, and
 * what is left over goes to the last one. Pure.
 */
export const orderProgress = (
  positions: readonly ProgressPosition[],
  confirmedByProduct: ReadonlyMap<string, number>,
): PositionProgress[] => {
  const left = new Map<string, number>(
    [...confirmedByProduct].map(([productId, q]) => [productId, roundQuantity(q)]),
  );
  const lastOf = new Map<string, number>();
  positions.forEach((p, i) => {
    lastOf.set(p.productId, i);
  });
  return positions.map((p, i) => {
    const ordered = roundQuantity(p.quantity);
    const available = left.get(p.productId) ?? 0;
    const share = lastOf.get(p.productId) === i ? available : available < ordered ? available : ordered;
    left.set(p.productId, subtractQuantity(available, share));
    const confirmed = larger(share, 0);
    const recorded = p.quantityReal === null ? null : roundQuantity(p.quantityReal);
    const realised = larger(recorded ?? 0, confirmed);
    return {
      ordered,
      recorded,
      confirmed,
      realised,
      remaining: larger(subtractQuantity(ordered, realised), 0),
      done: compareQuantities(realised, ordered) >= 0,
    };
  });
};

/** Totals of a list of positions' progress: counts and quantities for a list row. */
export interface ProgressTotals {
  readonly lines: number;
  readonly linesDone: number;
  readonly quantityOrdered: number;
  readonly quantityRealised: number;
  readonly quantityRemaining: number;
  /** Realised of ordered, 0–100, rounded. */
  readonly percent: number;
}

export const progressTotals = (progress: readonly PositionProgress[]): ProgressTotals => {
  const ordered = addQuantities(...progress.map((p) => p.ordered));
  const realised = addQuantities(...progress.map((p) => p.realised));
  return {
    lines: progress.length,
    linesDone: progress.filter((p) => p.done).length,
    quantityOrdered: ordered,
    quantityRealised: realised,
    quantityRemaining: addQuantities(...progress.map((p) => p.remaining)),
    percent: ordered > 0 ? Math.min(100, Math.round((realised / ordered) * 100)) : 0,
  };
};
