import { addQuantities, compareQuantities, roundQuantity, subtractQuantity } from './quantity';

/** What progress needs of an order position. */
export interface ProgressInput {
  readonly id: string;
  readonly productId: string;
  readonly quantity: number;
  readonly quantityReal: number | null;
}

/** Per product: quantity on the order's documents that are not reverted, and of those the confirmed ones. */
export interface DocumentTotals {
  readonly documented: number;
  readonly confirmed: number;
}

export interface PositionProgress {
  readonly positionId: string;
  readonly productId: string;
  readonly ordered: number;
  /** Recorded by the terminal (quantityReal); null = nothing recorded. */
  readonly recorded: number | null;
  /** What documents should cover: the recorded quantity once there is one (at most the ordered one), else the ordered one. */
  readonly target: number;
  /** Quantity on the order's working-copy and confirmed documents attributed to this position. */
  readonly documented: number;
  /** Quantity on confirmed documents attributed to this position. */
  readonly confirmed: number;
  /** Done so far: what the terminal recorded or the confirmed documents moved, whichever is more. */
  readonly realised: number;
  readonly remaining: number;
  /** What GenerateDocuments would put on a new document for this position. */
  readonly toGenerate: number;
  /** Realised at least what was ordered. */
  readonly done: boolean;
  /** Confirmed documents cover everything realised. */
  readonly confirmedDone: boolean;
}

const max = (a: number, b: number) => (compareQuantities(a, b) >= 0 ? a : b);

/**
 * Spreads a product's document total over its positions in the order given, each up to its cap;
 * what is left over goes to the last one (documents may hold more than the order asked).
 */
const allocate = (total: number, caps: readonly number[]): number[] => {
  let left = roundQuantity(total);
  const out = caps.map((cap) => {
    const share = compareQuantities(left, cap) > 0 ? cap : max(left, 0);
    left = subtractQuantity(left, share);
    return share;
  });
  if (out.length > 0 && compareQuantities(left, 0) > 0) {
    const last = out.length - 1;
    out[last] = addQuantities(out[last] ?? 0, left);
  }
  return out;
};

/**
 * Progress of each position (positions in line order). Document positions carry no link to an order
 * line, so a product's document quantities are attributed to its lines, each up to its target.
 */
export const positionsProgress = (
  positions: readonly ProgressInput[],
  totals: ReadonlyMap<string, DocumentTotals>,
): PositionProgress[] => {
  // Documents never go past the order (the domain refuses quantityExceedsOrder), whatever was recorded.
  const targets = positions.map((p) => {
    const ordered = roundQuantity(p.quantity);
    const recorded = p.quantityReal === null ? ordered : roundQuantity(p.quantityReal);
    return compareQuantities(recorded, ordered) < 0 ? recorded : ordered;
  });
  const documented = new Map<number, number>();
  const confirmed = new Map<number, number>();
  const byProduct = new Map<string, number[]>();
  positions.forEach((p, i) => {
    byProduct.set(p.productId, [...(byProduct.get(p.productId) ?? []), i]);
  });
  for (const [productId, lineOrder] of byProduct) {
    // Lines the terminal has not recorded were documented for exactly their ordered quantity, so they are
    // served first; recorded lines take the rest. Attribution then stays put when a recorded quantity grows.
    const indexes = [
      ...lineOrder.filter((i) => positions[i]?.quantityReal === null),
      ...lineOrder.filter((i) => positions[i]?.quantityReal !== null),
    ];
    const caps = indexes.map((i) => targets[i] ?? 0);
    const total = totals.get(productId);
    const docs = allocate(total?.documented ?? 0, caps);
    const conf = allocate(total?.confirmed ?? 0, caps);
    indexes.forEach((i, k) => {
      documented.set(i, docs[k] ?? 0);
      confirmed.set(i, conf[k] ?? 0);
    });
  }
  return positions.map((p, i) => {
    const ordered = roundQuantity(p.quantity);
    const target = targets[i] ?? 0;
    const doc = documented.get(i) ?? 0;
    const conf = confirmed.get(i) ?? 0;
    const recorded = p.quantityReal === null ? null : roundQuantity(p.quantityReal);
    const realised = max(recorded ?? 0, conf);
    return {
      positionId: p.id,
      productId: p.productId,
      ordered,
      recorded,
      target,
      documented: doc,
      confirmed: conf,
      realised,
      remaining: max(subtractQuantity(ordered, realised), 0),
      toGenerate: max(subtractQuantity(target, doc), 0),
      done: compareQuantities(realised, ordered) >= 0,
      confirmedDone: compareQuantities(conf, realised) >= 0,
    };
  });
};
