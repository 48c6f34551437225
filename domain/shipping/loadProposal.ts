import { addQuantities, roundQuantity } from '../warehouse/quantity';

/** One line of the order or document a ticket is made from, with its product's weight and pallet size. */
export interface LoadLine {
  readonly quantity: number;
  /** Weight of one unit in kg (null: unknown). */
  readonly unitWeight: number | null;
  /** Units on a full pallet (null or 0: unknown). */
  readonly paletteQuantity: number | null;
}

export interface LoadProposal {
  /** Σ quantity × unit weight over the lines whose weight is known, kg with 3 decimals; null if none is. */
  readonly loadWeight: number | null;
  /** Σ pallets per line (quantity ÷ pallet size, rounded up); null if no line has a pallet size. */
  readonly palletCount: number | null;
  /** Lines left out of the weight (no unit weight): the proposal is a lower bound then. */
  readonly linesWithoutWeight: number;
  /** Lines left out of the pallet count (no pallet size). */
  readonly linesWithoutPallets: number;
}

/**
 * The load a ticket proposes from the lines it carries: the weight from each product's unit weight and the
 * pallets from each product's pallet quantity (each line on its own pallets — mixed pallets are the planner's
 * call, so the proposal stays an editable suggestion).
 */
export const proposeLoad = (lines: readonly LoadLine[]): LoadProposal => {
  const weights: number[] = [];
  let pallets = 0;
  let withPallets = 0;
  let linesWithoutWeight = 0;
  let linesWithoutPallets = 0;
  for (const line of lines) {
    const q = Math.max(0, line.quantity);
    if (line.unitWeight !== null && line.unitWeight >= 0) weights.push(roundQuantity(q * line.unitWeight));
    else linesWithoutWeight++;
    if (line.paletteQuantity !== null && line.paletteQuantity > 0) {
      pallets += Math.ceil(roundQuantity(q / line.paletteQuantity));
      withPallets++;
    } else linesWithoutPallets++;
  }
  return {
    loadWeight: weights.length ? Math.round(addQuantities(...weights) * 1000) / 1000 : null,
    palletCount: withPallets ? pallets : null,
    linesWithoutWeight,
    linesWithoutPallets,
  };
};
