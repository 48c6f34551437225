/** An event without a positive duration lasts this long (the spec's constant, in seconds). */
export const defaultEventSeconds = 15;

const millis = (value: Date | string | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const t = value instanceof Date ? value.getTime() : Date.parse(value);
  return Number.isFinite(t) ? t : null;
};

/**
 * The finish of an event: the given one when it is after the start, otherwise (none, equal or earlier) the
 * start plus 15 seconds. The start must be a valid date.
 */
export const finishOf = (start: Date | string, finish: Date | string | null | undefined): Date => {
  const s = millis(start);
  if (s === null) throw new RangeError(`calendar: invalid start ${String(start)}`);
  const f = millis(finish);
  return new Date(f !== null && f > s ? f : s + defaultEventSeconds * 1000);
};

/** Moves an event so that it starts at `newStart`, keeping its duration (at least the 15-second default). */
export const moveKeepingDuration = (
  start: Date | string,
  finish: Date | string | null | undefined,
  newStart: Date | string,
): { startDate: Date; finishDate: Date } => {
  const s = millis(start);
  const n = millis(newStart);
  if (s === null || n === null) throw new RangeError('calendar: invalid date');
  const duration = finishOf(start, finish).getTime() - s;
  return { startDate: new Date(n), finishDate: new Date(n + duration) };
};

/** Whether [start, finish) meets the range [from, to): events that touch a day show on it. */
export const overlaps = (start: Date, finish: Date, from: Date, to: Date): boolean =>
  start.getTime() < to.getTime() && finish.getTime() > from.getTime();

/** Calendar order: by start, then finish, then title and id so that equal times keep one order. */
export const compareEvents = (
  a: { readonly startDate: string; readonly finishDate: string; readonly title: string; readonly id: string },
  b: { readonly startDate: string; readonly finishDate: string; readonly title: string; readonly id: string },
): number =>
  Date.parse(a.startDate) - Date.parse(b.startDate) ||
  Date.parse(a.finishDate) - Date.parse(b.finishDate) ||
  a.title.localeCompare(b.title) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
