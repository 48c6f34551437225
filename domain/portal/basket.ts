import type { FieldError } from '../errors';
import { isBeforeDate, isoDatePattern } from '../warehouse/isoDate';
import { issue, type WarehouseIssue } from '../warehouse/issues';
import {
  addQuantities,
  compareQuantities,
  isPositiveQuantity,
  roundQuantity,
  subtractQuantity,
} from '../warehouse/quantity';

/** The largest quantity one basket line may hold (far below what a stock row can store). */
export const maxLineQuantity = 1_000_000_000;
/** How far ahead a delivery may be asked for. */
export const maxDeliveryDays = 366;
/** Lines one basket may hold. */
export const maxBasketLines = 500;
/** A confirmation's comment. */
export const maxOrderComment = 2000;

/** A quantity typed into the basket: a positive number of at most 6 decimals, within maxLineQuantity. */
export const checkLineQuantity = (value: unknown): { quantity: number } | { error: FieldError } => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  if (typeof value !== 'number' && (typeof value !== 'string' || value.trim() === ''))
    return { error: { field: 'quantity', rule: 'required' } };
  if (!Number.isFinite(n)) return { error: { field: 'quantity', rule: 'invalidValue' } };
  if (n > maxLineQuantity)
    return { error: { field: 'quantity', rule: 'maxValue', params: { max: maxLineQuantity } } };
  if (!isPositiveQuantity(n)) return { error: { field: 'quantity', rule: 'minValue', params: { min: 0 } } };
  return { quantity: roundQuantity(n) };
};

const addDays = (iso: string, days: number): string => {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A delivery date: an ISO date from today up to maxDeliveryDays ahead (`today` comes from the caller). */
export const checkDeliveryDate = (
  value: unknown,
  today: string,
): { date: string } | { error: FieldError } => {
  if (value === undefined || value === null || value === '')
    return { error: { field: 'deliveryDate', rule: 'required' } };
  const text = typeof value === 'string' ? value.slice(0, 10) : '';
  const valid = isoDatePattern.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
  if (!valid || (typeof value === 'string' && value.length > 30))
    return { error: { field: 'deliveryDate', rule: 'invalidValue' } };
  if (new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) !== text)
    return { error: { field: 'deliveryDate', rule: 'invalidValue' } };
  if (isBeforeDate(text, today))
    return { error: { field: 'deliveryDate', rule: 'minValue', params: { min: today } } };
  const latest = addDays(today, maxDeliveryDays);
  if (isBeforeDate(latest, text))
    return { error: { field: 'deliveryDate', rule: 'maxValue', params: { max: latest } } };
  return { date: text };
};

export interface BasketLine {
  readonly productId: string;
  readonly quantity: number;
}

/** A line asking for more than can be ordered: how much it asks, how much there is, how much is missing. */
export interface Shortage {
  readonly index: number;
  readonly productId: string;
  readonly quantity: number;
  readonly available: number;
  readonly missing: number;
}

/** The lines that ask for more than `orderable` (per product; a product missing from it has 0). */
export const basketShortages = (
  lines: readonly BasketLine[],
  orderable: ReadonlyMap<string, number>,
): Shortage[] =>
  lines.flatMap((line, index) => {
    const available = orderable.get(line.productId) ?? 0;
    if (compareQuantities(line.quantity, available) <= 0) return [];
    return [
      {
        index,
        productId: line.productId,
        quantity: line.quantity,
        available,
        missing: subtractQuantity(line.quantity, available),
      },
    ];
  });

/** Why a line of an earlier order could not go back into the basket as it was. */
export type RepeatRefusal = 'productUnavailable' | 'nothingAvailable' | 'reduced' | 'basketFull';

export interface RepeatResult {
  /** Quantities to add to the basket (per product, on top of what it holds). */
  readonly add: BasketLine[];
  readonly refused: {
    /** The line of the earlier order (1 = first). */
    readonly line: number;
    readonly productId: string;
    readonly reason: RepeatRefusal;
    readonly wanted: number;
    readonly added: number;
    readonly available: number;
  }[];
}

/**
 * An earlier order's lines back into the basket: a product the contractor can no longer order (hidden, removed,
 * no longer theirs) is refused; otherwise as much as can be ordered beyond what the basket already holds. A
 * product not yet in the basket is refused once the basket holds maxBasketLines lines (`maxLines`).
 */
export const repeatIntoBasket = (
  lines: readonly BasketLine[],
  orderable: ReadonlyMap<string, number>,
  inBasket: ReadonlyMap<string, number>,
  maxLines = maxBasketLines,
): RepeatResult => {
  const add: BasketLine[] = [];
  const refused: RepeatResult['refused'][number][] = [];
  const taken = new Map(inBasket);
  lines.forEach((line, i) => {
    const at = i + 1;
    if (!taken.has(line.productId) && taken.size >= maxLines) {
      refused.push({
        line: at,
        productId: line.productId,
        reason: 'basketFull',
        wanted: line.quantity,
        added: 0,
        available: 0,
      });
      return;
    }
    const total = orderable.get(line.productId);
    if (total === undefined) {
      refused.push({
        line: at,
        productId: line.productId,
        reason: 'productUnavailable',
        wanted: line.quantity,
        added: 0,
        available: 0,
      });
      return;
    }
    const left = subtractQuantity(total, taken.get(line.productId) ?? 0);
    const available = compareQuantities(left, 0) > 0 ? left : 0;
    if (available === 0) {
      refused.push({
        line: at,
        productId: line.productId,
        reason: 'nothingAvailable',
        wanted: line.quantity,
        added: 0,
        available,
      });
      return;
    }
    const quantity = compareQuantities(line.quantity, available) <= 0 ? line.quantity : available;
    add.push({ productId: line.productId, quantity });
    taken.set(line.productId, addQuantities(taken.get(line.productId) ?? 0, quantity));
    if (quantity !== line.quantity)
      refused.push({
        line: at,
        productId: line.productId,
        reason: 'reduced',
        wanted: line.quantity,
        added: quantity,
        available,
      });
  });
  return { add, refused };
};

/**
 * The shortages as warehouse issues (quantityExceedsOrderable) on the basket lines they concern, each naming the
 * product (`labels`: product id → index), what was asked, what can be ordered and what is missing.
 */
export const basketIssues = (
  lines: readonly BasketLine[],
  orderable: ReadonlyMap<string, number>,
  labels: ReadonlyMap<string, string> = new Map(),
): WarehouseIssue[] =>
  basketShortages(lines, orderable).map((s) =>
    issue('quantityExceedsOrderable', {
      positionIndex: s.index,
      field: 'quantity',
      params: {
        product: labels.get(s.productId) ?? s.productId,
        productId: s.productId,
        quantity: s.quantity,
        available: s.available,
        missing: s.missing,
      },
    }),
  );
