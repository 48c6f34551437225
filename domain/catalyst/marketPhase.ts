import type { MarketPhase } from './rateOptions';

const dayMinutes = 24 * 60;
const minuteMs = 60_000;

/**
 * A rate's update hours in UTC ("9", "09:30", "14:00") as minutes of the day, sorted, without repeats;
 * undefined when one of them is not a time of day.
 */
export const parseUpdateHours = (hours: readonly string[]): number[] | undefined => {
  const out = new Set<number>();
  for (const text of hours) {
    const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*$/.exec(text);
    if (!m) return undefined;
    const h = Number(m[1]);
    const min = Number(m[2] ?? 0);
    if (h > 23 || min > 59) return undefined;
    out.add(h * 60 + min);
  }
  return [...out].sort((a, b) => a - b);
};

/** "09:30" for 570: how update hours are stored once checked. */
export const formatUpdateHour = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface Boundary {
  /** Minutes after the start of the cycle (the notice before the first update). */
  readonly offset: number;
  readonly phase: MarketPhase;
}

/**
 * The day's phases as a cycle starting `notice` minutes before the first update: before opening until the
 * first update; opening (quotes move during the day) until `notice` minutes before the last update; before
 * closing until the last update; closing (the day's last quote stands) until the next day's notice. With a
 * single update hour the day has no opening: its quote is the closing one.
 */
const cycleOf = (updates: readonly number[], notice: number): { start: number; bounds: Boundary[] } => {
  const first = updates[0] ?? 0;
  const last = updates[updates.length - 1] ?? 0;
  const start = (((first - notice) % dayMinutes) + dayMinutes) % dayMinutes;
  const at = (minute: number) => (((minute - start) % dayMinutes) + dayMinutes) % dayMinutes;
  const bounds: Boundary[] = [{ offset: 0, phase: 'beforeOpening' }];
  const firstAt = at(first);
  if (updates.length === 1) {
    bounds.push({ offset: firstAt, phase: 'closing' });
    return { start, bounds };
  }
  bounds.push({ offset: firstAt, phase: 'opening' });
  // The notice before the last update cannot start before the day has opened.
  const lastAt = Math.max(at(last), firstAt);
  bounds.push({ offset: Math.max(firstAt, lastAt - notice), phase: 'beforeClosing' });
  bounds.push({ offset: lastAt, phase: 'closing' });
  return { start, bounds };
};

const minuteOfDay = (at: Date): number => (at.getTime() / minuteMs) % dayMinutes;

/** The market phase at an instant, or null for a rate without update hours. */
export const marketPhaseAt = (updates: readonly number[], at: Date, notice: number): MarketPhase | null => {
  if (updates.length === 0) return null;
  const { start, bounds } = cycleOf(updates, notice);
  const offset = (((minuteOfDay(at) - start) % dayMinutes) + dayMinutes) % dayMinutes;
  let phase: MarketPhase = 'closing';
  for (const b of bounds) if (b.offset <= offset) phase = b.phase;
  return phase;
};

/** A moment the scheduler acts at: a quote is due (`update`) and/or the phase moves. */
export interface ScheduleSlot {
  readonly at: Date;
  readonly update: boolean;
}

/**
 * The first moment strictly after `after` when a rate's quote is due or its phase changes; undefined for a
 * rate without update hours.
 */
export const nextSlotAfter = (
  updates: readonly number[],
  after: Date,
  notice: number,
): ScheduleSlot | undefined => {
  if (updates.length === 0) return undefined;
  const { start, bounds } = cycleOf(updates, notice);
  const minutes = new Set<number>(updates);
  for (const b of bounds) minutes.add((start + b.offset) % dayMinutes);
  const dayStart = Math.floor(after.getTime() / (dayMinutes * minuteMs)) * dayMinutes * minuteMs;
  let best: number | undefined;
  for (const m of minutes)
    for (const day of [0, 1]) {
      const t = dayStart + (day * dayMinutes + m) * minuteMs;
      if (t > after.getTime() && (best === undefined || t < best)) best = t;
    }
  if (best === undefined) return undefined;
  const due = (best / minuteMs) % dayMinutes;
  return { at: new Date(best), update: updates.includes(due) };
};
