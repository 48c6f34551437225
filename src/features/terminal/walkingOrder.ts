import { compareLocations } from '../../../domain/warehouse/locationOrder';
import type { LocationRules } from '../../../domain/warehouse/validationInput';
import type { StoreTx } from '../../../sync/ports';
import type { Row } from '../../../sync/types';
import type { FlowKind } from './data/flowKinds';
import type { PositionView } from './data/orderViews';
import { fefoSource } from './data/stockSuggestions';

/** An open position and where the picker does it. */
export interface Stop {
  readonly position: PositionView;
  /** The location to go to; undefined when the replica knows none (listed last). */
  readonly location: Row | undefined;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** What the walking order needs of a location row (compareLocations reads the label and the pickup order). */
const orderRulesOf = (row: Row): LocationRules => ({
  id: row.id,
  label: text(row.label),
  pickupOrder: typeof row.pickupOrder === 'number' ? row.pickupOrder : null,
  lockedIn: false,
  lockedOut: false,
  temperature: null,
  capacityKg: null,
  handleStock: true,
});

/**
 * Stops in walking order: by their locations as the picking round walks them (pickup order, then the label in
 * natural order, domain compareLocations), positions without a known location last, then by line number.
 */
export const inWalkingOrder = (stops: readonly Stop[]): Stop[] =>
  [...stops].sort((a, b) => {
    if (a.location && b.location) {
      const byPlace = compareLocations(orderRulesOf(a.location), orderRulesOf(b.location));
      if (byPlace !== 0) return byPlace;
    } else if (a.location || b.location) return a.location ? -1 : 1;
    return a.position.lineNo - b.position.lineNo;
  });

/** The flows that take goods from a location (the others put them somewhere). */
const takes = (kind: FlowKind): boolean => kind !== 'receipt';

/**
 * Where each open position is done, read from the replica: its own location on the side the flow works (the source
 * of a release, picking or count, the destination of a receipt), else for a take the first FEFO source of what is
 * still to do, for a put the order's own location. Then the round in walking order.
 */
export const walkingRound = async (
  tx: StoreTx,
  kind: FlowKind,
  positions: readonly PositionView[],
  orderLocationId: string | null,
): Promise<Stop[]> => {
  const places = await Promise.all(
    positions.map(async (p) => {
      const own = takes(kind) ? p.sourceLocationId : p.destinationLocationId;
      if (own) return own;
      if (!takes(kind)) return orderLocationId;
      const fefo = await fefoSource(tx, p.productId, Math.max(p.remaining, 1));
      return fefo.picks[0]?.candidate.key.locationId ?? fefo.candidates[0]?.key.locationId ?? null;
    }),
  );
  const ids = [...new Set(places.filter((id): id is string => id !== null))];
  const rows = new Map((await tx.get('storageSpace', ids)).map((r) => [r.id, r]));
  return inWalkingOrder(
    positions.map((position, i) => {
      const id = places[i];
      return { position, location: id ? rows.get(id) : undefined };
    }),
  );
};
