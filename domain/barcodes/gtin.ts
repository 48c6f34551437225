/**
 * GS1 mod-10 check digits (GS1 General Specifications, section 7.9.1) for GTIN-8/12/13/14, SSCC and GLN.
 * Pure string arithmetic: no I/O, safe on the server and the offline terminal.
 */

const digitsOnly = /^\d+$/;

/** The GTIN lengths a plain product barcode may have: EAN-8, UPC-A, EAN-13, GTIN-14. */
export const gtinLengths: readonly number[] = [8, 12, 13, 14];

/**
 * The GS1 mod-10 check digit of `digits` (the code without its check digit, any length ≥ 1):
 * weights 3, 1, 3, 1, … from the right, check = (10 − sum mod 10) mod 10.
 * Throws a RangeError when `digits` is empty or holds anything but 0–9 (a programming error).
 */
export const gtinCheckDigit = (digits: string): number => {
  if (!digitsOnly.test(digits)) throw new RangeError(`gtinCheckDigit expects digits, got "${digits}"`);
  let sum = 0;
  let weight = 3;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += (digits.charCodeAt(i) - 48) * weight;
    weight = 4 - weight;
  }
  return (10 - (sum % 10)) % 10;
};

/** Whether the last digit of an all-digit `code` (length ≥ 2) is its GS1 mod-10 check digit. */
export const hasValidCheckDigit = (code: string): boolean =>
  code.length >= 2 &&
  digitsOnly.test(code) &&
  gtinCheckDigit(code.slice(0, -1)) === code.charCodeAt(code.length - 1) - 48;

/** A GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN-13) or GTIN-14 with a correct check digit. */
export const isValidGtin = (code: string): boolean =>
  gtinLengths.includes(code.length) && hasValidCheckDigit(code);

/**
 * The GTIN-14 form of a valid GTIN-8/12/13/14 (left-padded with zeros), so an EAN-13 printed on a
 * unit and the GTIN from AI (01) compare equal; `undefined` when `code` is not a valid GTIN.
 */
export const normalizeGtin = (code: string): string | undefined =>
  isValidGtin(code) ? code.padStart(14, '0') : undefined;

/** An SSCC: 18 digits with a correct check digit (AI 00). */
export const isValidSscc = (code: string): boolean => code.length === 18 && hasValidCheckDigit(code);
