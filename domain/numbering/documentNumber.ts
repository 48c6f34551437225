import { deviceShortCode } from './deviceShort';
import { isUsableScheme, type NumberingSchemeLike } from './numberingScheme';

export { deviceShortCode } from './deviceShort';
export {
  type DocumentNumberingScheme,
  type DocumentNumberingSchemeInput,
  defaultDocumentNumbering,
  documentNumberingSchema,
  isUsableScheme,
  type NumberingReset,
  type NumberingScheme,
  type NumberingSchemeLike,
  numberingResets,
  numberingSchemeSchema,
  workingCopyPrefixSchema,
} from './numberingScheme';

/**
 * Document numbers (the layout is in numberingScheme.ts).
 *
 * FINAL number — assigned by the server from its counter row (account, type, period):
 *
 *     {prefix}/{year}[/{month}]/{counter}
 *
 *   - prefix:  the scheme's prefix (the type's short code by default), letters/digits/single hyphens;
 *   - year:    the document date's year, 4 digits ('2026') or its last 2 ('26');
 *   - month:   only when `withMonth`, 2 digits '01'–'12';
 *   - counter: 1 … 10^counterDigits − 1, zero-padded to exactly `counterDigits` (5–8) digits.
 *   e.g. DIN/2026/11/00042 (5 digits, with month), DIN/26/000042 (6 digits, 2-digit year, no month).
 *
 * WORKING-COPY (provisional) number — made offline by a terminal, before the server numbers it:
 *
 *     {workingCopyPrefix}{prefix}/{year}[/{month}]/{deviceShort}-{deviceSeq}
 *
 *   - workingCopyPrefix: prepended as it is (default 'WC-'), e.g. WC-DIN/2026/11/T01-17;
 *   - deviceShort: {@link deviceShortCode} of the device id; deviceSeq: the device's own running
 *     number (1, 2, … never reset, so (device, seq) is unique for ever), not padded.
 *   A final number's last segment is digits only; a working copy's always holds a '-', so the two can
 *   never be equal — whatever the schemes, prefixes and dates involved.
 *
 * Dates are calendar dates in the account's time zone, 'YYYY-MM-DD' (a longer ISO string is cut to its
 * date part, 'YYYY-MM' is enough) or `{ year, month }`; an invalid date is a programming error (RangeError).
 */

export type CalendarDate = string | { readonly year: number; readonly month: number };

/** Why a number could not be made. */
export const numberingErrorCodes = [
  /** The counter does not fit `counterDigits` digits (counter ≥ 10^counterDigits). */
  'counterOverflow',
  /** The counter (or device sequence) is not a whole number ≥ 1. */
  'invalidCounter',
  /** The scheme breaks the rules of documentNumberingSchema (see isUsableScheme). */
  'invalidScheme',
] as const;
export type NumberingErrorCode = (typeof numberingErrorCodes)[number];

/** The AppError-like failure of the numbering functions; `max` is the largest counter that fits. */
export interface NumberingError {
  readonly ok: false;
  readonly error: NumberingErrorCode;
  readonly max?: number;
}
export type NumberingResult = { readonly ok: true; readonly number: string } | NumberingError;

export interface ParsedDocumentNumber {
  readonly counter: number;
  /** Four-digit year; a 2-digit year 'YY' reads as 20YY. */
  readonly year: number;
  readonly month?: number;
}

export interface ParsedProvisionalNumber {
  readonly deviceShort: string;
  readonly deviceSeq: number;
  readonly year: number;
  readonly month?: number;
}

const SEPARATOR = '/';
const DEFAULT_WORKING_COPY_PREFIX = 'WC-';

const calendar = (date: CalendarDate): { year: number; month: number } => {
  let year: number;
  let month: number;
  if (typeof date === 'string') {
    const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(date);
    if (!match) throw new RangeError(`document numbering: not a 'YYYY-MM-DD' date: "${date}"`);
    year = Number(match[1]);
    month = Number(match[2]);
  } else {
    ({ year, month } = date);
  }
  if (
    !Number.isInteger(year) ||
    year < 1 ||
    year > 9999 ||
    !Number.isInteger(month) ||
    month < 1 ||
    month > 12
  ) {
    throw new RangeError(`document numbering: invalid date ${JSON.stringify(date)}`);
  }
  return { year, month };
};

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** The largest counter a scheme can print: 10^counterDigits − 1. */
export const maxCounter = (scheme: Pick<NumberingSchemeLike, 'counterDigits'>): number =>
  10 ** scheme.counterDigits - 1;

/** "{year}[/{month}]" of the scheme for a date. */
const periodPart = (scheme: NumberingSchemeLike, date: CalendarDate): string => {
  const { year, month } = calendar(date);
  const yearText = scheme.yearDigits === 2 ? pad(year % 100, 2) : pad(year, 4);
  return scheme.withMonth ? `${yearText}${SEPARATOR}${pad(month, 2)}` : yearText;
};

const isCounter = (n: number): boolean => Number.isSafeInteger(n) && n >= 1;

/**
 * The counter's reset period for a date — the server keeps one counter row per (account, type, period):
 * 'YYYY-MM' when monthly, 'YYYY' when yearly, 'all' when never.
 */
export const periodKey = (scheme: Pick<NumberingSchemeLike, 'reset'>, date: CalendarDate): string => {
  const { year, month } = calendar(date);
  if (scheme.reset === 'monthly') return `${pad(year, 4)}-${pad(month, 2)}`;
  if (scheme.reset === 'yearly') return pad(year, 4);
  return 'all';
};

/** The final number for a counter value (see the layout above). */
export const formatDocumentNumber = (
  scheme: NumberingSchemeLike,
  counter: number,
  date: CalendarDate,
): NumberingResult => {
  if (!isUsableScheme(scheme)) return { ok: false, error: 'invalidScheme' };
  if (!isCounter(counter)) return { ok: false, error: 'invalidCounter' };
  const max = maxCounter(scheme);
  if (counter > max) return { ok: false, error: 'counterOverflow', max };
  return {
    ok: true,
    number: `${scheme.prefix}${SEPARATOR}${periodPart(scheme, date)}${SEPARATOR}${pad(counter, scheme.counterDigits)}`,
  };
};

/**
 * The number the next document will get, for the settings screen: `lastCounter` is the counter of the
 * period `date` falls in (0 when that period has no document yet).
 */
export const previewNextNumber = (
  scheme: NumberingSchemeLike,
  lastCounter: number,
  date: CalendarDate,
): NumberingResult => {
  if (!Number.isSafeInteger(lastCounter) || lastCounter < 0) return { ok: false, error: 'invalidCounter' };
  return formatDocumentNumber(scheme, lastCounter + 1, date);
};

/** Splits "{head}/{year}[/{month}]/{tail}" after a known head; `undefined` when the layout does not fit. */
const splitNumber = (
  scheme: NumberingSchemeLike,
  head: string,
  text: string,
): { year: number; month?: number; tail: string } | undefined => {
  if (!isUsableScheme(scheme) || !text.startsWith(`${head}${SEPARATOR}`)) return undefined;
  const parts = text.slice(head.length + 1).split(SEPARATOR);
  if (parts.length !== (scheme.withMonth ? 3 : 2)) return undefined;
  const [yearText = '', monthOrTail = '', last = ''] = parts;
  if (yearText.length !== scheme.yearDigits || !/^\d+$/.test(yearText)) return undefined;
  const year = scheme.yearDigits === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (year < 1) return undefined;
  if (!scheme.withMonth) return { year, tail: monthOrTail };
  if (!/^(0[1-9]|1[0-2])$/.test(monthOrTail)) return undefined;
  return { year, month: Number(monthOrTail), tail: last };
};

/** Reads a final number of this scheme back; `undefined` when `text` is not one. */
export const parseDocumentNumber = (
  scheme: NumberingSchemeLike,
  text: string,
): ParsedDocumentNumber | undefined => {
  const split = splitNumber(scheme, scheme.prefix, text);
  if (!split || split.tail.length !== scheme.counterDigits || !/^\d+$/.test(split.tail)) return undefined;
  const counter = Number(split.tail);
  if (counter < 1) return undefined;
  return split.month === undefined
    ? { counter, year: split.year }
    : { counter, year: split.year, month: split.month };
};

const workingCopyPrefixOf = (scheme: NumberingSchemeLike): string =>
  scheme.workingCopyPrefix ?? DEFAULT_WORKING_COPY_PREFIX;

/** The working-copy number an offline terminal gives a new document (see the layout above). */
export const provisionalNumber = (
  scheme: NumberingSchemeLike,
  deviceSeq: number,
  deviceId: string,
  date: CalendarDate,
): NumberingResult => {
  if (!isUsableScheme(scheme)) return { ok: false, error: 'invalidScheme' };
  if (!isCounter(deviceSeq)) return { ok: false, error: 'invalidCounter' };
  const head = `${workingCopyPrefixOf(scheme)}${scheme.prefix}`;
  return {
    ok: true,
    number: `${head}${SEPARATOR}${periodPart(scheme, date)}${SEPARATOR}${deviceShortCode(deviceId)}-${deviceSeq}`,
  };
};

/** Reads a working-copy number of this scheme back; `undefined` when `text` is not one. */
export const parseProvisionalNumber = (
  scheme: NumberingSchemeLike,
  text: string,
): ParsedProvisionalNumber | undefined => {
  const split = splitNumber(scheme, `${workingCopyPrefixOf(scheme)}${scheme.prefix}`, text);
  const tail = split && /^([0-9A-Z]{1,10})-([1-9]\d*)$/.exec(split.tail);
  if (!split || !tail) return undefined;
  const deviceSeq = Number(tail[2]);
  if (!Number.isSafeInteger(deviceSeq)) return undefined;
  const base = { deviceShort: tail[1] ?? '', deviceSeq, year: split.year };
  return split.month === undefined ? base : { ...base, month: split.month };
};

/** Whether a number is a working-copy one, whatever its scheme: its last segment holds the '-'. */
export const isProvisionalNumber = (text: string): boolean => /\/[0-9A-Z]{1,10}-[1-9]\d*$/.test(text);
