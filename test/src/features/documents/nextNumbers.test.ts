import { describe, expect, it } from 'vitest';
import type { NumberingScheme } from '../../../../domain/warehouse/logisticsConfig';
import { defaultLogisticsConfig } from '../../../../domain/warehouse/logisticsConfig';
import {
  lastCounterFor,
  lastNumberOf,
  nextNumberPreview,
  readDocumentNumber,
} from '../../../../src/features/documents/nextNumbers';

const yearly: NumberingScheme = defaultLogisticsConfig.numbering.DIN;
const monthly: NumberingScheme = { ...yearly, withMonth: true, reset: 'monthly' };
const never: NumberingScheme = { ...yearly, reset: 'never' };

describe('readDocumentNumber', () => {
  it('reads final numbers of any prefix and layout', () => {
    expect(readDocumentNumber('DIN/2026/000025')).toEqual({ counter: 25, year: 2026 });
    expect(readDocumentNumber('PZ-A/26/11/00042')).toEqual({ counter: 42, year: 2026, month: 11 });
  });

  it('skips working-copy numbers and anything that is not a final number', () => {
    expect(readDocumentNumber('WC-DIN/2026/T01-3')).toBeNull();
    expect(readDocumentNumber('DIN-2026-1')).toBeNull();
    expect(readDocumentNumber('DIN/2026/13/000001')).toBeNull();
    expect(readDocumentNumber('DIN/2026/000000')).toBeNull();
    expect(readDocumentNumber('DIN/20X6/000001')).toBeNull();
  });

  it('takes the newest final number, past working copies', () => {
    expect(lastNumberOf(['WC-DIN/2026/T01-1', null, 'DIN/2026/000007', 'DIN/2026/000006'])).toEqual({
      counter: 7,
      year: 2026,
    });
    expect(lastNumberOf(['WC-DIN/2026/T01-1'])).toBeNull();
    expect(lastNumberOf([])).toBeNull();
  });
});

describe('the next number', () => {
  it('continues the counter of the current period', () => {
    expect(lastCounterFor(yearly, yearly, { counter: 25, year: 2026 }, '2026-11-22')).toBe(25);
    const next = nextNumberPreview(yearly, yearly, { counter: 25, year: 2026 }, '2026-11-22');
    expect(next).toEqual({ ok: true, number: 'DIN/2026/000026' });
  });

  it('starts again from 1 in a new period', () => {
    expect(lastCounterFor(yearly, yearly, { counter: 25, year: 2025 }, '2026-01-02')).toBe(0);
    expect(lastCounterFor(monthly, monthly, { counter: 9, year: 2026, month: 10 }, '2026-11-01')).toBe(0);
    expect(lastCounterFor(monthly, monthly, { counter: 9, year: 2026, month: 11 }, '2026-11-30')).toBe(9);
    expect(nextNumberPreview(yearly, yearly, null, '2026-11-22')).toEqual({
      ok: true,
      number: 'DIN/2026/000001',
    });
  });

  it('never resets a counter that never resets', () => {
    expect(lastCounterFor(never, never, { counter: 300, year: 2019 }, '2026-11-22')).toBe(300);
  });

  it('keeps the counter when only the prefix or layout changes, restarts it when the reset changes', () => {
    const renamed: NumberingScheme = { ...yearly, prefix: 'PZ', counterDigits: 8, yearDigits: 2 };
    expect(nextNumberPreview(renamed, yearly, { counter: 25, year: 2026 }, '2026-11-22')).toEqual({
      ok: true,
      number: 'PZ/26/00000026',
    });
    expect(lastCounterFor(monthly, yearly, { counter: 25, year: 2026 }, '2026-11-22')).toBe(0);
  });

  it('reports a counter the draft scheme cannot print', () => {
    const small: NumberingScheme = { ...yearly, counterDigits: 5 };
    expect(nextNumberPreview(small, yearly, { counter: 99_999, year: 2026 }, '2026-11-22')).toMatchObject({
      ok: false,
      error: 'counterOverflow',
    });
  });
});
