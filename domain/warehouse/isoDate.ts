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
