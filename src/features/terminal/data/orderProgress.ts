import {
  type PositionProgress,
  type ProgressInput,
  positionsProgress,
} from '../../../../domain/warehouse/positionsProgress';
import { addQuantities } from '../../../../domain/warehouse/quantity';

export type {
  PositionProgress,
  ProgressInput as ProgressPosition,
} from '../../../../domain/warehouse/positionsProgress';

/**
 * Progress of a move order's positions on the replica, with the server's own rule (domain/warehouse/
 * positionsProgress, behind WmsOrder/Move/…/PositionsProgress): realised = max(recorded, confirmed), a
 * product's confirmed quantity spread over its positions. The replica knows the confirmed documents only, so
 * they stand for the documented quantity too. Pure.
 */
export const orderProgress = (
  positions: readonly ProgressInput[],
  confirmedByProduct: ReadonlyMap<string, number>,
): PositionProgress[] =>
  positionsProgress(
    positions,
    new Map([...confirmedByProduct].map(([productId, q]) => [productId, { documented: q, confirmed: q }])),
  );

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
