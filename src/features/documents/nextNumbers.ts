import {
  type CalendarDate,
  isProvisionalNumber,
  type NumberingResult,
  periodKey,
  previewNextNumber,
} from '../../../domain/numbering/documentNumber';
import type { NumberingScheme } from '../../../domain/warehouse/logisticsConfig';

/** The newest final number of a document type, read back. */
export interface LastNumber {
  readonly counter: number;
  readonly year: number;
  /** Absent when the scheme prints no month. */
  readonly month?: number;
}

/**
 * Reads a final number of any scheme back ("{prefix}/{year}[/{month}]/{counter}": prefixes have no slash),
 * whatever prefix or layout it was made with; null for working-copy numbers and anything else.
 */
export const readDocumentNumber = (number: string): LastNumber | null => {
  if (isProvisionalNumber(number)) return null;
  const parts = number.split('/');
  if (parts.length !== 3 && parts.length !== 4) return null;
  const yearText = parts[1] ?? '';
  const monthText = parts.length === 4 ? (parts[2] ?? '') : undefined;
  const counterText = parts[parts.length - 1] ?? '';
  if (!/^(\d{2}|\d{4})$/.test(yearText) || !/^\d+$/.test(counterText)) return null;
  if (monthText !== undefined && !/^(0[1-9]|1[0-2])$/.test(monthText)) return null;
  const counter = Number(counterText);
  if (!Number.isSafeInteger(counter) || counter < 1) return null;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return monthText === undefined ? { counter, year } : { counter, year, month: Number(monthText) };
};

/**
 * The newest final number among a type's newest documents (newest first), skipping working copies; null
 * when there is none. The server's counter belongs to the type, not to the prefix, so any layout counts.
 */
export const lastNumberOf = (numbers: readonly (string | null)[]): LastNumber | null => {
  for (const number of numbers) {
    const read = number ? readDocumentNumber(number) : null;
    if (read) return read;
  }
  return null;
};

const yearMonthOf = (date: string): { year: number; month: number } => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
});

/**
 * The counter the next document continues from: the server keeps one counter per type and reset period, so
 * the last number counts when it falls in today's period and the draft keeps the reset of the saved scheme
 * (a new reset starts new periods: the count starts again). The prefix and layout may change freely.
 */
export const lastCounterFor = (
  draft: NumberingScheme,
  saved: NumberingScheme,
  last: LastNumber | null,
  today: string,
): number => {
  if (!last || draft.reset !== saved.reset) return 0;
  const now = yearMonthOf(today);
  // A number without a month belongs to a yearly or never-resetting counter: today's month stands in.
  const made: CalendarDate = { year: last.year, month: last.month ?? now.month };
  return periodKey(saved, made) === periodKey(saved, now) ? last.counter : 0;
};

/** The number the next document of a type will get under the draft scheme. */
export const nextNumberPreview = (
  draft: NumberingScheme,
  saved: NumberingScheme,
  last: LastNumber | null,
  today: string,
): NumberingResult => previewNextNumber(draft, lastCounterFor(draft, saved, last, today), today);
