import { describe, expect, it } from 'vitest';
import { daysInMonth, gs1CenturyYear, gs1DateToIso } from '../../../domain/barcodes/gs1Date';

describe('gs1CenturyYear (−49 … +50 years of the reference year)', () => {
  it.each([
    [26, 2026, 2026],
    [76, 2026, 2076], // +50: still this century
    [77, 2026, 1977], // +51 → previous century
    [0, 2026, 2000],
    [99, 2026, 1999],
    [30, 2080, 2130], // −50 → next century
    [31, 2080, 2031], // −49: this century
    [50, 2000, 2050],
    [51, 2000, 1951],
    [0, 2099, 2100],
    [49, 2099, 2149],
    [50, 2099, 2050],
  ])('YY %i with reference %i → %i', (yy, reference, year) => {
    expect(gs1CenturyYear(yy, reference)).toBe(year);
  });
});

describe('daysInMonth', () => {
  it('knows leap years (÷4, not ÷100 unless ÷400)', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
});

describe('gs1DateToIso', () => {
  it('converts YYMMDD to ISO', () => {
    expect(gs1DateToIso('261105', 2026, 'lastDayOfMonth')).toBe('2026-11-05');
  });
  it('resolves day 00 to the last or first day of the month', () => {
    expect(gs1DateToIso('240200', 2026, 'lastDayOfMonth')).toBe('2024-02-29');
    expect(gs1DateToIso('250200', 2026, 'lastDayOfMonth')).toBe('2025-02-28');
    expect(gs1DateToIso('000200', 2026, 'lastDayOfMonth')).toBe('2000-02-29');
    expect(gs1DateToIso('000200', 2080, 'lastDayOfMonth')).toBe('2100-02-28');
    expect(gs1DateToIso('261100', 2026, 'lastDayOfMonth')).toBe('2026-11-30');
    expect(gs1DateToIso('261100', 2026, 'firstDayOfMonth')).toBe('2026-11-01');
  });
  it.each(['261300', '260001', '260230', '250229', '260431', '26110', '2611055', '26AB05'])(
    '%s is not a date',
    (raw) => {
      expect(gs1DateToIso(raw, 2026, 'lastDayOfMonth')).toBeUndefined();
    },
  );
  it('accepts 29 February in a leap year', () => {
    expect(gs1DateToIso('240229', 2026, 'lastDayOfMonth')).toBe('2024-02-29');
  });
});
