import { aiLengthByPrefix, predefinedElementLength } from './applicationIdentifiers';
import { splitDigitalLink } from './digitalLink';
import { type Gs1Element, type Gs1ErrorCode, readElement } from './gs1Element';
import { gtinLengths, isValidGtin } from './gtin';

export type { Gs1Element, Gs1ErrorCode } from './gs1Element';
export { gs1ErrorCodes } from './gs1Element';
export { gtinCheckDigit, isValidGtin, isValidSscc, normalizeGtin } from './gtin';

/**
 * GS1 scan parsing (GS1-128, GS1 DataMatrix, GS1 QR, GS1 DataBar, EAN/UPC) for data as it arrives
 * from keyboard-wedge scanners and cameras. Pure: the reference date for the century rule is an option.
 *
 * Accepted forms:
 * - AIM symbology prefix `]C1` (GS1-128), `]d2` (GS1 DataMatrix), `]Q3` (GS1 QR), `]e0` (GS1 DataBar),
 *   `]J1` (GS1 DotCode), then an element string; `]E0`/`]E3`/`]E4` (EAN-13/UPC-A, with add-on, EAN-8)
 *   then digits; any other AIM prefix (`]C0`, `]d1`, `]Q1`, …) is stripped and the rest read as plain data.
 * - Element string with FNC1 separators: the GS character (0x1D) or `opts.fnc1Substitute` (e.g. '~',
 *   '<GS>'). A leading FNC1, a trailing one and one after a predefined-length field are ignored.
 * - Human-readable form with parentheses: `(01)09506000134352(17)201225(10)ABC` (spaces between
 *   elements allowed).
 * - GS1 Digital Link URI: `https://id.gs1.org/01/09506000134352/10/ABC?17=201225`.
 * - Plain EAN-8 / UPC-A / EAN-13 / GTIN-14 digits: a GTIN when the check digit is right, else `notGs1`.
 * - Without an AIM prefix, leading FNC1 or GS character, a digit string is taken as an element string
 *   only when it parses completely and starts with AI 00, 01 or 02 (so short plain CODE128 codes such
 *   as '10ABC' are never mistaken for GS1); otherwise `notGs1`.
 *
 * Leading and trailing whitespace (a wedge scanner's CR/LF) is ignored; the GS character is not whitespace.
 * Failure positions are 0-based indexes into the original `input`.
 */

export type Gs1Symbology =
  | 'gs1-128'
  | 'gs1-datamatrix'
  | 'gs1-qr'
  | 'gs1-databar'
  | 'gs1-dotcode'
  | 'ean-upc';
export type Gs1Form = 'elementString' | 'humanReadable' | 'gtin' | 'digitalLink';

/** The fields Aisle uses, from the AIs of the same name. */
export interface Gs1Data {
  /** AI 01, or a plain EAN-8/UPC-A/EAN-13/GTIN-14 normalised to 14 digits. */
  readonly gtin?: string;
  /** AI 00, 18 digits. */
  readonly sscc?: string;
  /** AI 02: GTIN of the trade items contained in a logistic unit. */
  readonly containedGtin?: string;
  /** AI 37: count of contained trade items. */
  readonly containedCount?: number;
  /** AI 10. */
  readonly lot?: string;
  /** AI 21. */
  readonly serial?: string;
  /** AI 11, ISO date; day 00 → the first day of the month. */
  readonly productionDate?: string;
  /** AI 15, ISO date; day 00 → the last day of the month. */
  readonly bestBeforeDate?: string;
  /** AI 17, ISO date; day 00 → the last day of the month. */
  readonly expiryDate?: string;
  /** AI 310n: net weight in kg (n = decimals). */
  readonly netWeightKg?: number;
}

export interface Gs1Success extends Gs1Data {
  readonly ok: true;
  readonly form: Gs1Form;
  /** Only when the scan carried an AIM symbology prefix (`]C1` → 'gs1-128', `]E0` → 'ean-upc', …). */
  readonly symbology?: Gs1Symbology;
  /** Every element in scan order (a repeated identical element once). */
  readonly elements: readonly Gs1Element[];
}

export interface Gs1Failure {
  readonly ok: false;
  readonly error: Gs1ErrorCode;
  /** 0-based index into the input where the problem was found (absent for Digital Link URIs). */
  readonly position?: number;
  /** The AI being read when it failed. */
  readonly ai?: string;
  /** The scan without surrounding whitespace and AIM prefix — what to look up as a plain barcode. */
  readonly text: string;
}

export type Gs1Result = Gs1Success | Gs1Failure;

export interface Gs1ParseOptions {
  /** A string the scanner sends instead of the GS character for FNC1, e.g. '~' or '<GS>'. */
  readonly fnc1Substitute?: string;
  /**
   * Reference date for the century rule of YYMMDD dates: 'YYYY-MM-DD' (only the year is used) or a Date.
   * Defaults to the current date (the only impure bit; pass it for deterministic results).
   */
  readonly today?: string | Date;
}

const GS = '\u001d';

const aimGs1: Readonly<Record<string, Gs1Symbology>> = {
  ']C1': 'gs1-128',
  ']d2': 'gs1-datamatrix',
  ']Q3': 'gs1-qr',
  ']e0': 'gs1-databar',
  ']J1': 'gs1-dotcode',
};
const aimPrefix = /^\][A-Za-z][0-9A-Za-z]/;
const hriStart = /^\((\d{2,4})\)/;
const digitsOnly = /^\d+$/;
const isWhitespace = (c: string): boolean => /\s/.test(c);

const referenceYearOf = (today: string | Date | undefined): number => {
  if (today === undefined) return new Date().getFullYear();
  if (today instanceof Date) {
    const year = today.getFullYear();
    if (Number.isNaN(year)) throw new RangeError('parseGs1: invalid today');
    return year;
  }
  const match = /^(\d{4})/.exec(today);
  if (!match) throw new RangeError(`parseGs1: today must be 'YYYY-MM-DD', got "${today}"`);
  return Number(match[1]);
};

type MutableGs1Data = { -readonly [K in keyof Gs1Data]: Gs1Data[K] };

const textFields: Readonly<Record<string, 'sscc' | 'gtin' | 'containedGtin' | 'lot' | 'serial'>> = {
  '00': 'sscc',
  '01': 'gtin',
  '02': 'containedGtin',
  '10': 'lot',
  '21': 'serial',
};
const dateFields: Readonly<Record<string, 'productionDate' | 'bestBeforeDate' | 'expiryDate'>> = {
  '11': 'productionDate',
  '15': 'bestBeforeDate',
  '17': 'expiryDate',
};

const assignField = (data: MutableGs1Data, { ai, value }: Gs1Element): void => {
  const textField = textFields[ai] ?? dateFields[ai];
  if (textField && typeof value === 'string') data[textField] = value;
  else if (ai === '37' && typeof value === 'number') data.containedCount = value;
  else if (/^310[0-5]$/.test(ai) && typeof value === 'number') data.netWeightKg = value;
};

/** Keeps the elements, rejects conflicting duplicates and fills the named fields. */
class Collector {
  readonly elements: Gs1Element[] = [];
  private readonly seen = new Map<string, string>();
  private readonly data: MutableGs1Data = {};
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  /** Adds an element; a failure when the AI repeats with another value. */
  add(element: Gs1Element, position: number | undefined): Gs1Failure | undefined {
    const previous = this.seen.get(element.ai);
    if (previous !== undefined) {
      return previous === element.raw ? undefined : failure('duplicateAi', this.text, position, element.ai);
    }
    this.seen.set(element.ai, element.raw);
    this.elements.push(element);
    assignField(this.data, element);
    return undefined;
  }

  result(form: Gs1Form, symbology: Gs1Symbology | undefined): Gs1Success {
    return { ok: true, form, ...(symbology ? { symbology } : {}), ...this.data, elements: this.elements };
  }
}

const failure = (error: Gs1ErrorCode, text: string, position?: number, ai?: string): Gs1Failure => ({
  ok: false,
  error,
  ...(position !== undefined ? { position } : {}),
  ...(ai !== undefined ? { ai } : {}),
  text,
});

interface Scan {
  readonly input: string;
  /** [start, end) of the data after whitespace and AIM prefix. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly substitute: string | undefined;
  readonly referenceYear: number;
}

/** Length of the FNC1 separator at `i` (GS or the substitute), else 0. */
const separatorAt = (scan: Scan, i: number): number => {
  if (i >= scan.end) return 0;
  if (scan.input.charAt(i) === GS) return 1;
  const sub = scan.substitute;
  if (sub && i + sub.length <= scan.end && scan.input.startsWith(sub, i)) return sub.length;
  return 0;
};

const nextSeparator = (scan: Scan, from: number): number => {
  for (let i = from; i < scan.end; i++) if (separatorAt(scan, i) > 0) return i;
  return scan.end;
};

const readOne = (
  scan: Scan,
  collector: Collector,
  ai: string,
  raw: string,
  dataStart: number,
): Gs1Failure | undefined => {
  const outcome = readElement(ai, raw, scan.referenceYear);
  if (!outcome.ok) return failure(outcome.error, scan.text, dataStart + outcome.offset, ai);
  return collector.add(outcome.element, dataStart - ai.length);
};

/** Element string with FNC1 separators (GS or substitute). */
const parseElementString = (scan: Scan, symbology: Gs1Symbology | undefined): Gs1Result => {
  const { input, end, text } = scan;
  const collector = new Collector(text);
  let pos = scan.start;
  while (pos < end) {
    const sep = separatorAt(scan, pos);
    if (sep > 0) {
      pos += sep;
      continue;
    }
    if (pos + 2 > end) return failure('truncated', text, pos);
    const prefix = input.slice(pos, pos + 2);
    if (!digitsOnly.test(prefix)) return failure('invalidAi', text, pos);
    const aiLength = aiLengthByPrefix(prefix);
    if (aiLength === undefined) return failure('unknownAi', text, pos, prefix);
    if (pos + aiLength > end) return failure('truncated', text, pos);
    const ai = input.slice(pos, pos + aiLength);
    if (!digitsOnly.test(ai)) return failure('invalidAi', text, pos);
    const dataStart = pos + aiLength;
    const total = predefinedElementLength(prefix);
    let dataEnd: number;
    if (total !== undefined) {
      dataEnd = pos + total;
      const cut = nextSeparator(scan, dataStart);
      if (cut < Math.min(dataEnd, end)) return failure('invalidLength', text, cut, ai);
      if (dataEnd > end) return failure('truncated', text, end, ai);
    } else {
      dataEnd = nextSeparator(scan, dataStart);
      if (dataEnd === dataStart) {
        let rest = dataEnd;
        for (let sep = separatorAt(scan, rest); sep > 0; sep = separatorAt(scan, rest)) rest += sep;
        return failure(rest === end ? 'truncated' : 'invalidLength', text, dataStart, ai);
      }
    }
    const problem = readOne(scan, collector, ai, input.slice(dataStart, dataEnd), dataStart);
    if (problem) return problem;
    pos = dataEnd;
  }
  if (collector.elements.length === 0) return failure('truncated', text, end);
  return collector.result('elementString', symbology);
};

/** Index of the next "(AI)" at or after `from`, or `end`. */
const nextHriAi = (scan: Scan, from: number): number => {
  for (let i = scan.input.indexOf('(', from); i >= 0 && i < scan.end; i = scan.input.indexOf('(', i + 1)) {
    if (hriStart.test(scan.input.slice(i, Math.min(i + 6, scan.end)))) return i;
  }
  return scan.end;
};

/** Human-readable form "(01)…(17)…(10)…". */
const parseHumanReadable = (scan: Scan, symbology: Gs1Symbology | undefined): Gs1Result => {
  const { input, end, text } = scan;
  const collector = new Collector(text);
  let pos = scan.start;
  while (pos < end) {
    if (isWhitespace(input.charAt(pos))) {
      pos++;
      continue;
    }
    const match = hriStart.exec(input.slice(pos, Math.min(pos + 6, end)));
    if (!match) return failure('invalidAi', text, pos);
    const ai = match[1] ?? '';
    const prefix = ai.slice(0, 2);
    const aiLength = aiLengthByPrefix(prefix);
    if (aiLength === undefined) return failure('unknownAi', text, pos + 1, ai);
    if (aiLength !== ai.length) return failure('invalidAi', text, pos + 1, ai);
    let dataStart = pos + match[0].length;
    let dataEnd = nextHriAi(scan, dataStart);
    while (dataStart < dataEnd && isWhitespace(input.charAt(dataStart))) dataStart++;
    while (dataEnd > dataStart && isWhitespace(input.charAt(dataEnd - 1))) dataEnd--;
    const total = predefinedElementLength(prefix);
    const atEnd = nextHriAi(scan, dataStart) === end;
    if (dataEnd === dataStart || (total !== undefined && dataEnd - dataStart < total - aiLength)) {
      return failure(atEnd ? 'truncated' : 'invalidLength', text, dataEnd, ai);
    }
    if (total !== undefined && dataEnd - dataStart > total - aiLength) {
      return failure('invalidLength', text, dataStart + total - aiLength, ai);
    }
    const problem = readOne(scan, collector, ai, input.slice(dataStart, dataEnd), dataStart);
    if (problem) return problem;
    pos = nextHriAi(scan, dataEnd);
  }
  if (collector.elements.length === 0) return failure('truncated', text, end);
  return collector.result('humanReadable', symbology);
};

const parseDigitalLink = (scan: Scan): Gs1Result | undefined => {
  const split = splitDigitalLink(scan.text);
  if (split === undefined) return undefined;
  if (!split.ok) return failure(split.error, scan.text, undefined, split.ai);
  const collector = new Collector(scan.text);
  for (const pair of split.pairs) {
    // Digital Link allows zero-suppressed GTIN-8/12/13 in the path
    const raw =
      pair.ai === '01' && digitsOnly.test(pair.raw) && gtinLengths.includes(pair.raw.length)
        ? pair.raw.padStart(14, '0')
        : pair.raw;
    const outcome = readElement(pair.ai, raw, scan.referenceYear);
    if (!outcome.ok) return failure(outcome.error, scan.text, undefined, pair.ai);
    const problem = collector.add(outcome.element, undefined);
    if (problem) return problem;
  }
  return collector.result('digitalLink', undefined);
};

const gtinResult = (raw: string, symbology: Gs1Symbology | undefined): Gs1Success => {
  const gtin = raw.padStart(14, '0');
  return {
    ok: true,
    form: 'gtin',
    ...(symbology ? { symbology } : {}),
    gtin,
    elements: [{ ai: '01', raw, value: gtin, title: 'GTIN' }],
  };
};

/** After `]E0` (EAN-13/UPC-A), `]E3` (EAN-13 + add-on) or `]E4` (EAN-8). */
const parseEanUpc = (scan: Scan, aim: string): Gs1Result => {
  const { text, start } = scan;
  if (!digitsOnly.test(text)) {
    const bad = [...text].findIndex((c) => c < '0' || c > '9');
    return text === '' ? failure('truncated', text, start) : failure('invalidCharacter', text, start + bad);
  }
  const expected = aim === ']E4' ? [8] : aim === ']E3' ? [15, 18] : gtinLengths;
  if (!expected.includes(text.length))
    return failure('invalidLength', text, start + Math.min(text.length, 13));
  const main = aim === ']E3' ? text.slice(0, 13) : text;
  if (!isValidGtin(main)) return failure('invalidCheckDigit', text, start + main.length - 1, '01');
  return gtinResult(main, 'ean-upc');
};

/** Plain data (no GS1 marker): Digital Link, a GTIN, or — heuristically — an element string. */
const parsePlain = (scan: Scan, allowElementString: boolean): Gs1Result => {
  const { text } = scan;
  if (/^https?:\/\//i.test(text)) return parseDigitalLink(scan) ?? failure('notGs1', text);
  if (digitsOnly.test(text) && gtinLengths.includes(text.length)) {
    return isValidGtin(text) ? gtinResult(text, undefined) : failure('notGs1', text);
  }
  if (allowElementString && /^0[012]\d/.test(text)) {
    const result = parseElementString(scan, undefined);
    if (result.ok) return result;
  }
  return failure('notGs1', text);
};

/**
 * Reads a scan. `{ ok: false, error: 'notGs1' }` means "not GS1 data" — look `text` up as a plain
 * barcode or product index; any other failure is a GS1 scan that is wrong (show the error).
 */
export const parseGs1 = (input: string, opts: Gs1ParseOptions = {}): Gs1Result => {
  let start = 0;
  let end = input.length;
  while (start < end && isWhitespace(input.charAt(start))) start++;
  while (end > start && isWhitespace(input.charAt(end - 1))) end--;
  const aim = aimPrefix.test(input.slice(start, start + 3)) ? input.slice(start, start + 3) : undefined;
  if (aim) start += 3;
  const substitute = opts.fnc1Substitute ? opts.fnc1Substitute : undefined;
  const scan: Scan = {
    input,
    start,
    end,
    text: input.slice(start, end),
    substitute,
    referenceYear: referenceYearOf(opts.today),
  };
  const startsWithHri = hriStart.test(input.slice(start, Math.min(start + 6, end)));

  if (aim !== undefined) {
    const symbology = aimGs1[aim];
    if (symbology) {
      return startsWithHri ? parseHumanReadable(scan, symbology) : parseElementString(scan, symbology);
    }
    if (aim === ']E0' || aim === ']E3' || aim === ']E4') return parseEanUpc(scan, aim);
    return parsePlain(scan, false);
  }
  if (scan.text === '') return failure('notGs1', scan.text);
  if (startsWithHri) return parseHumanReadable(scan, undefined);
  if (separatorAt(scan, start) > 0 || scan.text.includes(GS)) return parseElementString(scan, undefined);
  return parsePlain(scan, true);
};
