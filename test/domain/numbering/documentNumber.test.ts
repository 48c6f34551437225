import { describe, expect, it } from 'vitest';
import {
  type DocumentNumberingScheme,
  defaultDocumentNumbering,
  deviceShortCode,
  documentNumberingSchema,
  formatDocumentNumber,
  isProvisionalNumber,
  isUsableScheme,
  maxCounter,
  type NumberingSchemeLike,
  parseDocumentNumber,
  parseProvisionalNumber,
  periodKey,
  previewNextNumber,
  provisionalNumber,
} from '../../../domain/numbering/documentNumber';

const monthly: DocumentNumberingScheme = documentNumberingSchema.parse({
  prefix: 'DIN',
  counterDigits: 5,
  yearDigits: 4,
  withMonth: true,
  reset: 'monthly',
});
const yearlyShort: DocumentNumberingScheme = documentNumberingSchema.parse({
  prefix: 'VER-A',
  counterDigits: 8,
  yearDigits: 2,
  withMonth: false,
  reset: 'yearly',
  workingCopyPrefix: 'KR_',
});

describe('documentNumberingSchema', () => {
  it('fills the defaults from a prefix', () => {
    expect(defaultDocumentNumbering('DIN')).toEqual({
      prefix: 'DIN',
      counterDigits: 6,
      yearDigits: 4,
      withMonth: false,
      reset: 'yearly',
      separator: '/',
      workingCopyPrefix: 'WC-',
    });
  });

  it.each([
    [{ counterDigits: 4 }, 'counterDigits', 'minValue'],
    [{ counterDigits: 9 }, 'counterDigits', 'maxValue'],
    [{ counterDigits: 5.5 }, 'counterDigits', 'invalidValue'],
    [{ yearDigits: 3 }, 'yearDigits', 'invalidValue'],
    [{ reset: 'weekly' }, 'reset', 'invalidValue'],
    [{ separator: '-' }, 'separator', 'invalidValue'],
    [{ prefix: '' }, 'prefix', 'required'],
    [{ prefix: 'D/IN' }, 'prefix', 'forbiddenChar'],
    [{ prefix: 'D IN' }, 'prefix', 'forbiddenChar'],
    [{ prefix: 'DIN-' }, 'prefix', 'forbiddenChar'],
    [{ prefix: 'ABCDEFGHIJK' }, 'prefix', 'maxLength'],
    [{ workingCopyPrefix: 'W/C' }, 'workingCopyPrefix', 'forbiddenChar'],
    [{ workingCopyPrefix: '' }, 'workingCopyPrefix', 'required'],
    [{ reset: 'monthly', withMonth: false }, 'withMonth', 'invalidValue'],
  ])('%j is refused at %s with %s', (patch, field, rule) => {
    const result = documentNumberingSchema.safeParse({ prefix: 'DIN', ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message: rule });
  });

  it('accepts counters of 5 to 8 digits, years of 2 or 4 digits, hyphenated prefixes', () => {
    for (const counterDigits of [5, 6, 7, 8]) {
      for (const yearDigits of [2, 4]) {
        expect(
          documentNumberingSchema.safeParse({ prefix: 'VER-A', counterDigits, yearDigits }).success,
        ).toBe(true);
      }
    }
    expect(documentNumberingSchema.parse({ prefix: ' OIN ' }).prefix).toBe('OIN');
  });
});

describe('formatDocumentNumber', () => {
  it('{prefix}/{YYYY}/{MM}/{counter}', () => {
    expect(formatDocumentNumber(monthly, 42, '2026-11-05')).toEqual({
      ok: true,
      number: 'DIN/2026/11/00042',
    });
    expect(formatDocumentNumber(monthly, 1, { year: 2027, month: 1 })).toEqual({
      ok: true,
      number: 'DIN/2027/01/00001',
    });
  });
  it('{prefix}/{YY}/{counter} without month', () => {
    expect(formatDocumentNumber(yearlyShort, 42, '2026-11-05T23:59:00+01:00')).toEqual({
      ok: true,
      number: 'VER-A/26/00000042',
    });
    expect(formatDocumentNumber(yearlyShort, 7, '2005-03')).toEqual({
      ok: true,
      number: 'VER-A/05/00000007',
    });
  });
  it('the default scheme', () => {
    expect(formatDocumentNumber(defaultDocumentNumbering('OOU'), 123, '2026-02-28')).toEqual({
      ok: true,
      number: 'OOU/2026/000123',
    });
  });
  it('counter overflow: counter ≥ 10^digits', () => {
    expect(formatDocumentNumber(monthly, 99_999, '2026-11-05')).toEqual({
      ok: true,
      number: 'DIN/2026/11/99999',
    });
    expect(formatDocumentNumber(monthly, 100_000, '2026-11-05')).toEqual({
      ok: false,
      error: 'counterOverflow',
      max: 99_999,
    });
    expect(formatDocumentNumber(yearlyShort, 100_000_000, '2026-11-05')).toMatchObject({
      error: 'counterOverflow',
      max: 99_999_999,
    });
    expect(maxCounter({ counterDigits: 6 })).toBe(999_999);
  });
  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('counter %d is invalid', (counter) => {
    expect(formatDocumentNumber(monthly, counter, '2026-11-05')).toEqual({
      ok: false,
      error: 'invalidCounter',
    });
  });
  it('refuses schemes that break the invariants (e.g. from an older config)', () => {
    const loose: NumberingSchemeLike = { ...monthly, separator: '-' };
    expect(formatDocumentNumber(loose, 1, '2026-11-05')).toEqual({ ok: false, error: 'invalidScheme' });
    expect(formatDocumentNumber({ ...monthly, withMonth: false }, 1, '2026-11-05')).toMatchObject({
      error: 'invalidScheme',
    });
    expect(formatDocumentNumber({ ...monthly, counterDigits: 4 }, 1, '2026-11-05')).toMatchObject({
      error: 'invalidScheme',
    });
    expect(formatDocumentNumber({ ...monthly, prefix: '' }, 1, '2026-11-05')).toMatchObject({
      error: 'invalidScheme',
    });
    expect(isUsableScheme(monthly)).toBe(true);
  });
  it('accepts a scheme without workingCopyPrefix (the logistics-config shape)', () => {
    const configShape = {
      prefix: 'DIN',
      counterDigits: 6,
      yearDigits: 4 as const,
      withMonth: false,
      reset: 'yearly' as const,
      separator: '/',
    };
    expect(formatDocumentNumber(configShape, 5, '2026-01-01')).toEqual({
      ok: true,
      number: 'DIN/2026/000005',
    });
    expect(provisionalNumber(configShape, 5, 'T1', '2026-01-01')).toEqual({
      ok: true,
      number: 'WC-DIN/2026/T1-5',
    });
  });
  it.each(['2026/11/05', '26-11-05', '2026-13-01', '2026-00-10', '', 'yesterday'])(
    'a malformed date %j is a programming error',
    (date) => {
      expect(() => formatDocumentNumber(monthly, 1, date)).toThrow(RangeError);
    },
  );
  it('rejects impossible date objects', () => {
    expect(() => periodKey(monthly, { year: 2026, month: 0 })).toThrow(RangeError);
    expect(() => periodKey(monthly, { year: 0, month: 1 })).toThrow(RangeError);
    expect(() => periodKey(monthly, { year: 2026.5, month: 1 })).toThrow(RangeError);
  });
});

describe('periodKey', () => {
  it('monthly → YYYY-MM, yearly → YYYY, never → all', () => {
    expect(periodKey(monthly, '2026-11-30')).toBe('2026-11');
    expect(periodKey({ reset: 'yearly' }, '2026-11-30')).toBe('2026');
    expect(periodKey({ reset: 'never' }, '2026-11-30')).toBe('all');
    expect(periodKey(monthly, { year: 987, month: 3 })).toBe('0987-03');
  });
});

describe('parseDocumentNumber', () => {
  it('reads numbers back', () => {
    expect(parseDocumentNumber(monthly, 'DIN/2026/11/00042')).toEqual({ counter: 42, year: 2026, month: 11 });
    expect(parseDocumentNumber(yearlyShort, 'VER-A/26/00000042')).toEqual({ counter: 42, year: 2026 });
  });
  it.each([
    'DIN/2026/11/0042', // counter too short
    'DIN/2026/11/000042', // counter too long
    'DIN/2026/11/00000', // counter 0
    'DIN/2026/13/00042', // month 13
    'DIN/2026/00/00042',
    'DIN/2026/1/00042',
    'DIN/26/11/00042', // year digits
    'DIN/2026/00042', // month missing
    'DIN/2026/11/00042/1',
    'DOU/2026/11/00042', // another prefix
    'DINX/2026/11/00042',
    'WC-DIN/2026/11/T1-42', // a working copy
    'DIN/2026/11/0004A',
    '',
  ])('%j is not a number of the monthly scheme', (text) => {
    expect(parseDocumentNumber(monthly, text)).toBeUndefined();
  });
  it('answers undefined for an unusable scheme', () => {
    expect(parseDocumentNumber({ ...monthly, separator: '.' }, 'DIN/2026/11/00042')).toBeUndefined();
  });
});

describe('previewNextNumber', () => {
  it('is the number after the last counter of the period', () => {
    expect(previewNextNumber(monthly, 0, '2026-11-01')).toEqual({ ok: true, number: 'DIN/2026/11/00001' });
    expect(previewNextNumber(monthly, 41, '2026-11-01')).toEqual({ ok: true, number: 'DIN/2026/11/00042' });
  });
  it('reports the overflow that the next document would hit', () => {
    expect(previewNextNumber(monthly, 99_999, '2026-11-01')).toEqual({
      ok: false,
      error: 'counterOverflow',
      max: 99_999,
    });
  });
  it('refuses a negative or fractional last counter', () => {
    expect(previewNextNumber(monthly, -1, '2026-11-01')).toEqual({ ok: false, error: 'invalidCounter' });
    expect(previewNextNumber(monthly, 1.5, '2026-11-01')).toEqual({ ok: false, error: 'invalidCounter' });
  });
});

describe('provisionalNumber', () => {
  it('{workingCopyPrefix}{prefix}/{year}[/{month}]/{deviceShort}-{deviceSeq}', () => {
    expect(provisionalNumber(monthly, 17, 'T01', '2026-11-05')).toEqual({
      ok: true,
      number: 'WC-DIN/2026/11/T01-17',
    });
    expect(provisionalNumber(yearlyShort, 3, 'T01', '2026-11-05')).toEqual({
      ok: true,
      number: 'KR_VER-A/26/T01-3',
    });
  });
  it('hashes long device ids to 10 characters', () => {
    const result = provisionalNumber(monthly, 1, '0192f1c4-7a5e-7cc1-9d1e-3b1f0a6c2e11', '2026-11-05');
    expect(result.ok && result.number).toMatch(/^WC-DIN\/2026\/11\/[0-9A-Z]{10}-1$/);
  });
  it('refuses a device sequence below 1 and unusable schemes', () => {
    expect(provisionalNumber(monthly, 0, 'T01', '2026-11-05')).toEqual({
      ok: false,
      error: 'invalidCounter',
    });
    expect(provisionalNumber({ ...monthly, workingCopyPrefix: 'W C' }, 1, 'T01', '2026-11-05')).toEqual({
      ok: false,
      error: 'invalidScheme',
    });
  });
  it('is never a final number and reads back', () => {
    const result = provisionalNumber(monthly, 17, 'T01', '2026-11-05');
    if (!result.ok) throw new Error('expected a number');
    expect(parseDocumentNumber(monthly, result.number)).toBeUndefined();
    expect(isProvisionalNumber(result.number)).toBe(true);
    expect(isProvisionalNumber('DIN/2026/11/00017')).toBe(false);
    expect(parseProvisionalNumber(monthly, result.number)).toEqual({
      deviceShort: 'T01',
      deviceSeq: 17,
      year: 2026,
      month: 11,
    });
    expect(parseProvisionalNumber(yearlyShort, 'KR_VER-A/26/T01-3')).toEqual({
      deviceShort: 'T01',
      deviceSeq: 3,
      year: 2026,
    });
    expect(parseProvisionalNumber(monthly, 'DIN/2026/11/00017')).toBeUndefined();
    expect(parseProvisionalNumber(monthly, 'WC-DIN/2026/11/T01-0')).toBeUndefined();
    expect(parseProvisionalNumber(monthly, 'WC-DIN/2026/11/t01-5')).toBeUndefined();
  });
});

describe('deviceShortCode', () => {
  it('keeps short upper-case codes and hashes anything else to exactly 10 characters', () => {
    expect(deviceShortCode('T01')).toBe('T01');
    expect(deviceShortCode('ABCDEFGH')).toBe('ABCDEFGH');
    expect(deviceShortCode('ABCDEFGHI')).toMatch(/^[0-9A-Z]{10}$/);
    expect(deviceShortCode('t01')).toMatch(/^[0-9A-Z]{10}$/);
    expect(deviceShortCode('t01')).not.toBe(deviceShortCode('T01'));
    expect(deviceShortCode('device-a')).toBe(deviceShortCode('device-a'));
    expect(deviceShortCode('device-a')).not.toBe(deviceShortCode('device-b'));
    expect(() => deviceShortCode('')).toThrow(RangeError);
  });
  it('does not clash over 50,000 UUID-like ids', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50_000; i++)
      seen.add(deviceShortCode(`0192f1c4-7a5e-7cc1-9d1e-${String(i).padStart(12, '0')}`));
    expect(seen.size).toBe(50_000);
  });
});
