/**
 * GS1 Application Identifier tables (GS1 General Specifications, sections 3 and 7.8.5).
 *
 * - {@link aiLengthByPrefix}: how many digits an AI has, decided by its first two digits
 *   (all AIs sharing two leading digits have the same length).
 * - {@link predefinedElementLength}: the "predefined length" table — AIs starting with these two
 *   digits have a fixed total length (AI + data) and are never followed by an FNC1 separator.
 *   Any other AI is terminated by FNC1 (or the end of the data), even when its data is fixed-length.
 * - {@link knownAis}: the AIs Aisle interprets (and validates); every other AI is kept raw.
 */

/** Builds prefix → number from "number: space-separated two-digit prefixes" groups. */
const byPrefix = (groups: Readonly<Record<number, string>>): ReadonlyMap<string, number> =>
  new Map(
    Object.entries(groups).flatMap(([n, prefixes]) =>
      prefixes.split(' ').map((p) => [p, Number(n)] as const),
    ),
  );

/** AI length by its first two digits (GS1 General Specifications; prefixes not listed are unassigned). */
const prefixAiLength = byPrefix({
  2: '00 01 02 03 04 10 11 12 13 14 15 16 17 18 19 20 21 22 30 37 90 91 92 93 94 95 96 97 98 99',
  3: '23 24 25 40 41 42 71',
  4: '31 32 33 34 35 36 39 43 70 72 80 81 82',
});

/** AI length (2, 3 or 4 digits) for a two-digit prefix; `undefined` for prefixes GS1 has not assigned. */
export const aiLengthByPrefix = (prefix: string): number | undefined => prefixAiLength.get(prefix);

/** Total element length (AI + data) of the predefined-length prefixes (Figure 7.8.5-2). */
const predefinedLengths = byPrefix({
  4: '20',
  8: '11 12 13 14 15 16 17 18 19',
  10: '31 32 33 34 35 36',
  16: '01 02 03 41',
  18: '04',
  20: '00',
});

/** Total element length (AI digits + data) for predefined-length prefixes, else `undefined` (FNC1-terminated). */
export const predefinedElementLength = (prefix: string): number | undefined => predefinedLengths.get(prefix);

/** How Aisle reads a known AI's data. */
export type AiKind =
  | 'sscc' // N18 with check digit
  | 'gtin' // N14 with check digit
  | 'gln' // N13 with check digit
  | 'date' // N6 YYMMDD
  | 'count' // N..8 integer
  | 'digits' // N fixed
  | 'text' // X..n, GS1 AI encodable character set 82
  | 'netWeightKg'; // N6 with the AI's last digit as the number of decimals

export interface AiSpec {
  readonly title: string;
  readonly kind: AiKind;
  /** Exact data length, for fixed-length AIs. */
  readonly length?: number;
  /** Maximum data length, for variable-length AIs. */
  readonly maxLength?: number;
}

const specs: Record<string, AiSpec> = {
  '00': { title: 'SSCC', kind: 'sscc', length: 18 },
  '01': { title: 'GTIN', kind: 'gtin', length: 14 },
  '02': { title: 'CONTENT', kind: 'gtin', length: 14 },
  '10': { title: 'BATCH/LOT', kind: 'text', maxLength: 20 },
  '11': { title: 'PROD DATE', kind: 'date', length: 6 },
  '12': { title: 'DUE DATE', kind: 'date', length: 6 },
  '13': { title: 'PACK DATE', kind: 'date', length: 6 },
  '15': { title: 'BEST BEFORE', kind: 'date', length: 6 },
  '16': { title: 'SELL BY', kind: 'date', length: 6 },
  '17': { title: 'USE BY OR EXPIRY', kind: 'date', length: 6 },
  '20': { title: 'VARIANT', kind: 'digits', length: 2 },
  '21': { title: 'SERIAL', kind: 'text', maxLength: 20 },
  '22': { title: 'CPV', kind: 'text', maxLength: 20 },
  '30': { title: 'VAR. COUNT', kind: 'count', maxLength: 8 },
  '37': { title: 'COUNT', kind: 'count', maxLength: 8 },
  '240': { title: 'ADDITIONAL ID', kind: 'text', maxLength: 30 },
  '241': { title: 'CUST. PART No.', kind: 'text', maxLength: 30 },
  '400': { title: 'ORDER NUMBER', kind: 'text', maxLength: 30 },
  '420': { title: 'SHIP TO POST', kind: 'text', maxLength: 20 },
};
for (let n = 0; n <= 5; n++) specs[`310${n}`] = { title: 'NET WEIGHT (kg)', kind: 'netWeightKg', length: 6 };
for (let n = 0; n <= 7; n++) specs[`41${n}`] = { title: 'GLN', kind: 'gln', length: 13 };

/** The AIs Aisle interprets, by AI. */
export const knownAis: Readonly<Record<string, AiSpec>> = specs;

/** The GS1 AI encodable character set 82 (General Specifications Figure 7.11-1). */
export const gs1Charset82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;
