import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gtinCheckDigit, isValidGtin, isValidSscc, normalizeGtin } from '../../../domain/barcodes/gs1';

describe('gtinCheckDigit', () => {
  it.each([
    ['590123412345', 7], // EAN-13 5901234123457
    ['400638133393', 1], // EAN-13 4006381333931
    ['0950600013435', 2], // GTIN-14 09506000134352
    ['03600029145', 2], // UPC-A 036000291452
    ['9638507', 4], // EAN-8 96385074
    ['10614141123456789', 7], // SSCC 106141411234567897
    ['0', 0],
  ])('%s → %i', (digits, check) => {
    expect(gtinCheckDigit(digits)).toBe(check);
  });

  it('rejects non-digits and empty input', () => {
    expect(() => gtinCheckDigit('')).toThrow(RangeError);
    expect(() => gtinCheckDigit('12a4')).toThrow(RangeError);
  });
});

describe('isValidGtin / normalizeGtin', () => {
  it.each([
    ['96385074', '00000096385074'], // EAN-8
    ['036000291452', '00036000291452'], // UPC-A
    ['5901234123457', '05901234123457'], // EAN-13
    ['09506000134352', '09506000134352'], // GTIN-14
    ['10614141000415', '10614141000415'], // GTIN-14 with indicator digit 1
  ])('%s is valid and normalises to %s', (code, gtin14) => {
    expect(isValidGtin(code)).toBe(true);
    expect(normalizeGtin(code)).toBe(gtin14);
  });

  it.each([
    ['5901234123458', 'wrong check digit'],
    ['09506000134353', 'wrong check digit (GTIN-14)'],
    ['96385075', 'wrong check digit (EAN-8)'],
    ['036000291453', 'wrong check digit (UPC-A)'],
    ['1234567', 'length 7'],
    ['123456789012345', 'length 15'],
    ['59012341234 7', 'a space'],
    ['', 'empty'],
    ['ABCDEFGHIJKLM', 'letters'],
  ])('%s is not a GTIN (%s)', (code) => {
    expect(isValidGtin(code)).toBe(false);
    expect(normalizeGtin(code)).toBeUndefined();
  });

  it('an EAN-13 and its GTIN-14 form normalise to the same value', () => {
    expect(normalizeGtin('5901234123457')).toBe(normalizeGtin('05901234123457'));
  });
});

describe('isValidSscc', () => {
  it('accepts 18 digits with a correct check digit', () => {
    expect(isValidSscc('106141411234567897')).toBe(true);
    expect(isValidSscc('006141411234567890')).toBe(true);
  });
  it('rejects a wrong check digit, other lengths and non-digits', () => {
    expect(isValidSscc('106141411234567898')).toBe(false);
    expect(isValidSscc('10614141123456789')).toBe(false);
    expect(isValidSscc('1061414112345678970')).toBe(false);
    expect(isValidSscc('10614141123456789A')).toBe(false);
  });
});

describe('check digit properties', () => {
  const digitString = (min: number, max: number) =>
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));

  it('appending the check digit always gives a valid GTIN of the same family', () => {
    fc.assert(
      fc.property(fc.constantFrom(7, 11, 12, 13), digitString(13, 13), (length, digits) => {
        const body = digits.slice(0, length);
        const code = `${body}${gtinCheckDigit(body)}`;
        expect(isValidGtin(code)).toBe(true);
        expect(normalizeGtin(code)).toHaveLength(14);
        expect(normalizeGtin(code)?.endsWith(code)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('any single-digit error is detected', () => {
    fc.assert(
      fc.property(digitString(13, 13), fc.nat(13), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const code = `${body}${gtinCheckDigit(body)}`;
        const wrong = `${code.slice(0, at)}${(Number(code[at]) + delta) % 10}${code.slice(at + 1)}`;
        expect(isValidGtin(wrong)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
