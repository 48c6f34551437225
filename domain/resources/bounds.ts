import type { FieldDef } from './types';

/**
 * What the columns behind the fields can hold, so that a value is refused at entry (with the field named)
 * instead of failing in the database later. Integer fields are PostgreSQL `integer`; decimal fields are
 * `double precision`, bounded here to what stock keeps exactly (stock is numeric(18,6): under 10^12 units,
 * and its arithmetic in millionths stays exact only to about 9 × 10^9 — see domain/warehouse/quantity.ts).
 */
export const columnBounds = {
  integer: { min: -2_147_483_648, max: 2_147_483_647 },
  decimal: { min: -1e12, max: 1e12 },
} as const;

/** Dates and times the database and the app both read: years 1 to 9999 (PostgreSQL goes further, ISO does not). */
export const yearBounds = { min: 1, max: 9999 } as const;

/** The numeric range a field accepts: its own min/max within what its column holds. */
export const numberBounds = (f: Pick<FieldDef, 'kind' | 'min' | 'max'>): { min: number; max: number } => {
  const column = f.kind === 'integer' ? columnBounds.integer : columnBounds.decimal;
  return {
    min: f.min === undefined ? column.min : Math.max(f.min, column.min),
    max: f.max === undefined ? column.max : Math.min(f.max, column.max),
  };
};

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day `YYYY-MM-DD` (no 30 February) in the years above. */
export const isCalendarDate = (value: string): boolean => {
  const m = isoDate.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < yearBounds.min || y > yearBounds.max || mo < 1 || mo > 12 || d < 1) return false;
  const t = new Date(Date.UTC(2000, mo - 1, d));
  // Day overflow moves into the next month; the year 2000 is a leap year, so 29 February needs its own year.
  if (t.getUTCMonth() !== mo - 1) return false;
  return !(mo === 2 && d === 29 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)));
};

/** A moment within the years above. */
export const isInYearBounds = (t: Date): boolean => {
  const y = t.getUTCFullYear();
  return !Number.isNaN(t.getTime()) && y >= yearBounds.min && y <= yearBounds.max;
};

const isoMoment =
  /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * A moment given as an ISO date or date-time (a real calendar day; JavaScript would roll 30 February into
 * March) or as milliseconds since 1970, within the years above; undefined for anything else.
 */
export const parseMoment = (value: unknown): Date | undefined => {
  if (typeof value === 'string') {
    const m = isoMoment.exec(value.trim());
    if (!m?.[1] || !isCalendarDate(m[1])) return undefined;
  } else if (typeof value !== 'number') return undefined;
  const t = new Date(value);
  return isInYearBounds(t) ? t : undefined;
};
