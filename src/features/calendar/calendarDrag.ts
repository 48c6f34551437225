import dayjs from 'dayjs';
import type { CalendarItem } from '../../../domain/calendar/calendarItems';

/** What a drag carries: the item and whether it moves it or stretches its end (resize). */
export interface DragPayload {
  readonly id: string;
  readonly mode: 'move' | 'resize';
}

const mime = 'application/x-aisle-calendar';

export const writeDrag = (transfer: DataTransfer, payload: DragPayload): void => {
  transfer.setData(mime, JSON.stringify(payload));
  transfer.setData('text/plain', payload.id);
  transfer.effectAllowed = 'move';
};

export const readDrag = (transfer: DataTransfer): DragPayload | null => {
  try {
    const raw = transfer.getData(mime);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, mode } = parsed as Record<string, unknown>;
    return typeof id === 'string' && (mode === 'move' || mode === 'resize') ? { id, mode } : null;
  } catch {
    return null;
  }
};

/** The same local time of day on another day ('YYYY-MM-DD'): a drag between days keeps the hour. */
export const onDay = (iso: string, day: string): string => {
  const at = dayjs(iso);
  const target = dayjs(day);
  return target.hour(at.hour()).minute(at.minute()).second(at.second()).millisecond(0).toISOString();
};

/** The local days ('YYYY-MM-DD') an item covers, from its start to its finish. */
export const daysOf = (item: Pick<CalendarItem, 'startDate' | 'finishDate'>): string[] => {
  const days: string[] = [];
  let d = dayjs(item.startDate).startOf('day');
  // A finish at midnight ends the day before.
  const last = dayjs(item.finishDate).subtract(1, 'millisecond').startOf('day');
  while (!d.isAfter(last) && days.length < 62) {
    days.push(d.format('YYYY-MM-DD'));
    d = d.add(1, 'day');
  }
  return days.length ? days : [dayjs(item.startDate).format('YYYY-MM-DD')];
};
