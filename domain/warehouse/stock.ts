import { AppError } from '../errors';
import { documentTypeOf } from './documentTypes';
import {
  addQuantities,
  compareQuantities,
  isPositiveQuantity,
  roundQuantity,
  subtractQuantity,
} from './quantity';
import { type ResolvedPosition, resolvePosition } from './resolveDocument';
import type { DocumentDraft, PositionDraft } from './validationInput';

/**
 * Stock arithmetic. Stock is a map from a canonical key string to a quantity; a confirmed document changes it
 * by its movements, a reverted one by the same movements negated. Quantities never go below zero.
 */

/** What tells two stock rows apart: product, place, bin and batch. */
export interface StockKey {
  readonly productId: string;
  readonly locationId: string;
  readonly container: string | null;
  readonly serialNumber: string | null;
  readonly prodDate: string | null;
  readonly expDate: string | null;
}

/** A stock row as the inventory queries return it (FEFO and putaway input). */
export interface StockRow extends StockKey {
  readonly quantity: number;
  /** Reserved by working copies and open orders; absent = 0. */
  readonly reserved?: number;
  /** When the goods were received (ISO date or date-time), for "oldest first" among equal expiry dates. */
  readonly receivedAt?: string | null;
  /** kg per unit, for the load of a location. */
  readonly unitWeightKg?: number | null;
}

/** keyString → quantity on hand. Keys with zero are absent. */
export type StockMap = ReadonlyMap<string, number>;

export interface StockMovement {
  readonly key: StockKey;
  readonly keyString: string;
  /** Signed: negative leaves the key, positive enters it. */
  readonly quantity: number;
  readonly positionIndex: number;
}

export interface Shortfall {
  readonly key: StockKey;
  readonly keyString: string;
  readonly onHand: number;
  /** The net (negative) change the movements asked for at this key. */
  readonly change: number;
  /** How much is missing: −(onHand + change). */
  readonly missing: number;
  /** First position that takes from this key. */
  readonly positionIndex: number;
}

export type ApplyResult =
  | { readonly ok: true; readonly stock: Map<string, number> }
  | { readonly ok: false; readonly shortfall: Shortfall };

const text = (v: string | null | undefined): string | null => v?.trim() || null;
const date = (v: string | null | undefined): string | null => text(v)?.slice(0, 10) ?? null;

/** Normalises a key: blank texts become null and dates keep only YYYY-MM-DD. */
export const stockKey = (key: {
  productId: string;
  locationId: string;
  container?: string | null;
  serialNumber?: string | null;
  prodDate?: string | null;
  expDate?: string | null;
}): StockKey => ({
  productId: key.productId,
  locationId: key.locationId,
  container: text(key.container),
  serialNumber: text(key.serialNumber),
  prodDate: date(key.prodDate),
  expDate: date(key.expDate),
});

/** A JSON array: unambiguous whatever characters ids, bins or serials contain. */
export const stockKeyString = (key: StockKey): string => {
  const k = stockKey(key);
  return JSON.stringify([k.productId, k.locationId, k.container, k.serialNumber, k.prodDate, k.expDate]);
};

export const parseStockKey = (keyString: string): StockKey => {
  const [productId, locationId, container, serialNumber, prodDate, expDate] = JSON.parse(keyString) as (
    | string
    | null
  )[];
  return stockKey({
    productId: productId ?? '',
    locationId: locationId ?? '',
    container: container ?? null,
    serialNumber: serialNumber ?? null,
    prodDate: prodDate ?? null,
    expDate: expDate ?? null,
  });
};

const batchOf = (p: ResolvedPosition) => ({
  productId: p.draft.productId,
  serialNumber: p.draft.serialNumber ?? null,
  prodDate: p.draft.prodDate ?? null,
  expDate: p.draft.expDate ?? null,
});

/** The stock row a position takes from, or null when it takes nothing. */
export const sourceKeyOf = (p: ResolvedPosition): StockKey | null =>
  p.takes && p.sourceLocationId !== null
    ? stockKey({ ...batchOf(p), locationId: p.sourceLocationId, container: p.sourceContainer })
    : null;

/** The stock row a position puts into, or null when it puts nothing. */
export const destinationKeyOf = (p: ResolvedPosition): StockKey | null =>
  p.puts && p.destinationLocationId !== null
    ? stockKey({ ...batchOf(p), locationId: p.destinationLocationId, container: p.destinationContainer })
    : null;

const noLookups = { products: new Map(), locations: new Map() } as const;

/**
 * Signed movements of a document per its type's stock effect (−source, +destination), in position order.
 * Expects a validated document: positions without a positive quantity or without the side's location
 * move nothing. An unknown type is refused (documentTypeMissing).
 */
export const movementsOf = (
  document: Pick<
    DocumentDraft,
    'typeCode' | 'sourceLocationId' | 'destinationLocationId' | 'sourceContainer' | 'destinationContainer'
  >,
  positions: readonly PositionDraft[],
): StockMovement[] => {
  const type = documentTypeOf(document.typeCode);
  if (!type)
    throw new AppError('documentTypeMissing', { detail: `unknown document type ${document.typeCode}` });
  const header: DocumentDraft = { ...document, statusCode: 'workingCopy', contractorId: null, orderId: null };
  return positions.flatMap((draft, index) => {
    if (!isPositiveQuantity(draft.quantity)) return [];
    const p = resolvePosition(header, type, draft, index, noLookups);
    const quantity = roundQuantity(draft.quantity);
    const out: StockMovement[] = [];
    const from = sourceKeyOf(p);
    const to = destinationKeyOf(p);
    if (from)
      out.push({ key: from, keyString: stockKeyString(from), quantity: -quantity, positionIndex: index });
    if (to) out.push({ key: to, keyString: stockKeyString(to), quantity, positionIndex: index });
    return out;
  });
};

/** Net change per key, in the order keys first appear. */
export const sumMovements = (movements: readonly StockMovement[]): Map<string, number> => {
  const net = new Map<string, number>();
  for (const m of movements) net.set(m.keyString, addQuantities(net.get(m.keyString) ?? 0, m.quantity));
  return net;
};

/**
 * Applies a document's movements atomically: the net change per key must not take it below zero
 * (a document is one transaction, so its own positions may feed each other). Returns a new map,
 * or the first shortfall in key order of appearance and leaves the given map untouched.
 */
export const applyMovements = (stock: StockMap, movements: readonly StockMovement[]): ApplyResult => {
  const net = sumMovements(movements);
  const next = new Map(stock);
  for (const [keyString, change] of net) {
    const onHand = stock.get(keyString) ?? 0;
    const after = addQuantities(onHand, change);
    if (compareQuantities(after, 0) < 0) {
      const first = movements.find((m) => m.keyString === keyString && m.quantity < 0) ?? movements[0];
      return {
        ok: false,
        shortfall: {
          key: parseStockKey(keyString),
          keyString,
          onHand,
          change,
          missing: roundQuantity(-after),
          positionIndex: first?.positionIndex ?? 0,
        },
      };
    }
    if (after === 0) next.delete(keyString);
    else next.set(keyString, after);
  }
  return { ok: true, stock: next };
};

/** The movements that undo the given ones (a revert): same keys and positions, quantities negated. */
export const inverseMovements = (movements: readonly StockMovement[]): StockMovement[] =>
  movements.map((m) => ({ ...m, quantity: -m.quantity + 0 }));

/** Undoes a confirmed document; refused when the goods it brought in have since left. */
export const revertMovements = (stock: StockMap, movements: readonly StockMovement[]): ApplyResult =>
  applyMovements(stock, inverseMovements(movements));

/** What may still be taken: on hand minus reserved, never negative. */
export const available = (onHand: number, reserved: number): number =>
  Math.max(0, subtractQuantity(onHand, reserved));

/** Quantities a working copy reserves at its sources (when workingCopiesCountInStock is on), per key string. */
export const reservationsOf = (
  document: Parameters<typeof movementsOf>[0],
  positions: readonly PositionDraft[],
): Map<string, number> =>
  new Map(
    [...sumMovements(movementsOf(document, positions).filter((m) => m.quantity < 0))].map(([k, q]) => [
      k,
      -q + 0,
    ]),
  );

export { bestSourceMaterial } from './bestSourceMaterial';
export { suggestLocationsIn } from './suggestLocationsIn';
