import { gs1Charset82, knownAis } from './applicationIdentifiers';
import { gs1DateToIso } from './gs1Date';
import { hasValidCheckDigit } from './gtin';

/** Why a GS1 scan could not be read. */
export const gs1ErrorCodes = [
  /** Not GS1 data at all (callers treat the scan as a plain product barcode or index). */
  'notGs1',
  /** The data ends inside an AI or a fixed-length field. */
  'truncated',
  /** GTIN / SSCC / GLN check digit wrong. */
  'invalidCheckDigit',
  /** YYMMDD is not a calendar date (month 00 or 13+, day past the month's end). */
  'invalidDate',
  /** Field shorter or longer than its AI allows (e.g. a lot over 20 characters, a missing separator). */
  'invalidLength',
  /** A digit field holds a non-digit, or a text field a character outside GS1 character set 82. */
  'invalidCharacter',
  /** Something that should be an AI is not digits, or its digit count is wrong. */
  'invalidAi',
  /** The AI's first two digits are not assigned by GS1, so its length cannot be known. */
  'unknownAi',
  /** The same AI occurs twice with different values. */
  'duplicateAi',
] as const;
export type Gs1ErrorCode = (typeof gs1ErrorCodes)[number];

/** One AI element string: the AI, its data as scanned, and the interpreted value. */
export interface Gs1Element {
  readonly ai: string;
  readonly raw: string;
  /**
   * Dates: ISO 'YYYY-MM-DD'; GTIN/SSCC: the digits; counts (30, 37) and net weight (310n): numbers;
   * everything else (including unknown AIs): the raw data.
   */
  readonly value: string | number;
  /** The GS1 data title for AIs Aisle knows ('GTIN', 'BATCH/LOT', …). */
  readonly title?: string;
}

export type ElementOutcome =
  | { readonly ok: true; readonly element: Gs1Element }
  | { readonly ok: false; readonly error: Gs1ErrorCode; readonly offset: number };

const firstNonDigit = (raw: string): number => {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 48 || c > 57) return i;
  }
  return -1;
};

const firstOutside82 = (raw: string): number => {
  for (let i = 0; i < raw.length; i++) if (!gs1Charset82.test(raw.charAt(i))) return i;
  return -1;
};

/**
 * Validates and interprets one element. `offset` in a failure is relative to the start of `raw`.
 * Unknown AIs are accepted as they are (value = raw).
 */
const fail = (error: Gs1ErrorCode, offset = 0): ElementOutcome => ({ ok: false, error, offset });
const accept = (ai: string, raw: string, value: string | number, title: string): ElementOutcome => ({
  ok: true,
  element: { ai, raw, value, title },
});

export const readElement = (ai: string, raw: string, referenceYear: number): ElementOutcome => {
  const spec = knownAis[ai];
  if (!spec) return { ok: true, element: { ai, raw, value: raw } };
  const { title } = spec;

  if (spec.kind === 'text') {
    if (raw.length === 0 || raw.length > (spec.maxLength ?? Number.POSITIVE_INFINITY))
      return fail('invalidLength', Math.min(raw.length, spec.maxLength ?? raw.length));
    const bad = firstOutside82(raw);
    return bad >= 0 ? fail('invalidCharacter', bad) : accept(ai, raw, raw, title);
  }

  // every other kind is numeric
  const bad = firstNonDigit(raw);
  if (bad >= 0) return fail('invalidCharacter', bad);
  if (spec.length !== undefined && raw.length !== spec.length) return fail('invalidLength', raw.length);
  if (raw.length === 0 || raw.length > (spec.maxLength ?? Number.POSITIVE_INFINITY))
    return fail('invalidLength', raw.length);

  switch (spec.kind) {
    case 'sscc':
    case 'gtin':
    case 'gln':
      return hasValidCheckDigit(raw)
        ? accept(ai, raw, raw, title)
        : fail('invalidCheckDigit', raw.length - 1);
    case 'date': {
      const iso = gs1DateToIso(
        raw,
        referenceYear,
        ai === '11' || ai === '13' ? 'firstDayOfMonth' : 'lastDayOfMonth',
      );
      return iso === undefined ? fail('invalidDate') : accept(ai, raw, iso, title);
    }
    case 'count':
      return accept(ai, raw, Number(raw), title);
    case 'netWeightKg':
      // 310n: n decimals (0–5; 3106–3109 are not assigned and stay unknown/raw)
      return accept(ai, raw, Number(raw) / 10 ** Number(ai.slice(3)), title);
    default:
      return accept(ai, raw, raw, title);
  }
};
