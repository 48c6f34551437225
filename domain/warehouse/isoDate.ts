/** Calendar dates travel as ISO `YYYY-MM-DD` strings; rules get `today` from the caller, never from a clock. */
export const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

const dayNumber = (iso: string): number => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / 86_400_000;
};

/** Whole days from `from` to `to` (negative when `to` is earlier). Only the date part is read. */
export const daysBetween = (from: string, to: string): number => Math.round(dayNumber(to) - dayNumber(from));

/** Same-length ISO dates compare correctly as strings; the date part is cut off first. */
export const isBeforeDate = (a: string, b: string): boolean => a.slice(0, 10) < b.slice(0, 10);

/**
 * The calendar date the rules treat as today at `ms` (UTC: the account's time zone is not modelled yet). The
 * server and the terminal both take it from here, each from its own clock.
 */
export const todayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
