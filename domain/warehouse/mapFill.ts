import { compareQuantities, isPositiveQuantity } from './quantity';

export const fillBands = ['empty', 'low', 'medium', 'high', 'full', 'unknown'] as const;
/**
 * How full a location on the warehouse map is: empty (nothing stored), low / medium / high (under half, under
 * 85 %, under capacity), full (at or over its capacity), unknown (goods stored but no capacity to compare with).
 */
export type FillBand = (typeof fillBands)[number];

export interface LocationFill {
  readonly band: FillBand;
  /** Load ÷ capacity in whole percent (may exceed 100); null without a capacity. */
  readonly percent: number | null;
}

/** Where a band starts, as a fraction of the capacity. */
const medium = 0.5;
const high = 0.85;

/**
 * The fill rule of the location planner: a location's load (kg of the goods in it and under it) against its
 * capacity in kg. A location without weight data but with goods is "unknown", never shown as empty.
 */
export const locationFill = (loadKg: number, quantity: number, capacityKg: number | null): LocationFill => {
  const stored = isPositiveQuantity(quantity) || isPositiveQuantity(loadKg);
  if (capacityKg === null || !isPositiveQuantity(capacityKg))
    return { band: stored ? 'unknown' : 'empty', percent: null };
  const percent = Math.round((loadKg / capacityKg) * 100);
  if (!stored) return { band: 'empty', percent: 0 };
  if (compareQuantities(loadKg, capacityKg) >= 0) return { band: 'full', percent };
  const ratio = loadKg / capacityKg;
  if (ratio >= high) return { band: 'high', percent };
  if (ratio >= medium) return { band: 'medium', percent };
  return { band: 'low', percent };
};

/** The planner's colour for each band (Mantine palette names: the screen and its legend use the same). */
export const fillColours: Readonly<Record<FillBand, string>> = {
  empty: 'gray',
  low: 'green',
  medium: 'yellow',
  high: 'orange',
  full: 'red',
  unknown: 'blue',
};

export interface MapBoundsLike {
  readonly southWestX: number;
  readonly southWestY: number;
  readonly northEastX: number;
  readonly northEastY: number;
}

/** A point on the map lies within its bounds (edges included). */
export const insideBounds = (bounds: MapBoundsLike, x: number, y: number): boolean =>
  x >= bounds.southWestX && x <= bounds.northEastX && y >= bounds.southWestY && y <= bounds.northEastY;

/**
 * Map coordinates → the drawing's fractions (0..1 from the left and from the top): y grows northwards on the
 * map and downwards on the screen.
 */
export const toDrawing = (bounds: MapBoundsLike, x: number, y: number): { left: number; top: number } => ({
  left: (x - bounds.southWestX) / (bounds.northEastX - bounds.southWestX),
  top: (bounds.northEastY - y) / (bounds.northEastY - bounds.southWestY),
});

/** The inverse of toDrawing, clamped to the map and rounded to 2 decimals (what a drop stores). */
export const fromDrawing = (bounds: MapBoundsLike, left: number, top: number): { x: number; y: number } => {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    x: round(bounds.southWestX + clamp(left) * (bounds.northEastX - bounds.southWestX)),
    y: round(bounds.northEastY - clamp(top) * (bounds.northEastY - bounds.southWestY)),
  };
};

/**
 * A child location as the planner shows it on its parent's map (x/y null: not placed yet), with the units and
 * kg of the goods in it and every location under it, and its fill (GET /api/StorageSpace/{id}/schema/places).
 */
export interface MapPlace {
  readonly id: string;
  readonly label: string;
  readonly x: number | null;
  readonly y: number | null;
  readonly capacityKg: number | null;
  readonly quantity: number;
  readonly loadKg: number;
  readonly fill: FillBand;
  readonly percent: number | null;
}
