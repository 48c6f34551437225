import { describe, expect, it } from 'vitest';
import {
  formatDocumentNumber,
  numberingSchemeSchema as numberingDomainSchema,
  provisionalNumber,
} from '../../../domain/numbering/documentNumber';
import { documentTypeCodes } from '../../../domain/warehouse/documentTypes';
import {
  defaultLogisticsConfig,
  documentNumberingFor,
  logisticsConfigSchema,
  numberingSchemeFor,
  numberingSchemeSchema,
} from '../../../domain/warehouse/logisticsConfig';

const scheme = {
  prefix: 'PZ',
  counterDigits: 5,
  yearDigits: 2,
  withMonth: true,
  reset: 'monthly',
  separator: '/',
} as const;

describe('logistics config', () => {
  it('parses {} into full defaults', () => {
    expect(Object.keys(defaultLogisticsConfig.numbering).sort()).toEqual([...documentTypeCodes].sort());
    expect(defaultLogisticsConfig.numbering.DIN).toEqual({
      prefix: 'DIN',
      counterDigits: 6,
      yearDigits: 4,
      withMonth: false,
      reset: 'yearly',
      separator: '/',
    });
    expect(defaultLogisticsConfig).toMatchObject({
      workingCopyPrefix: 'WC-',
      workingCopiesCountInStock: false,
      printLayouts: [],
      rules: {
        expiredGoods: { enabled: true },
        nearExpiry: { enabled: false, days: 30 },
        temperature: { enabled: false },
        rackCapacity: { enabled: false },
        verificationApproval: { enabled: false, quantity: null, percent: null },
      },
      terminal: { staleAfterMinutes: 30 },
    });
  });

  it('bounds how old a terminal’s data may get to whole minutes, from one minute to a week', () => {
    const codeOf = (staleAfterMinutes: unknown) =>
      logisticsConfigSchema.safeParse({ terminal: { staleAfterMinutes } }).error?.issues[0]?.message;
    expect(
      logisticsConfigSchema.parse({ terminal: { staleAfterMinutes: 5 } }).terminal.staleAfterMinutes,
    ).toBe(5);
    expect(codeOf(1)).toBeUndefined();
    expect(codeOf(10_080)).toBeUndefined();
    expect(codeOf(0)).toBe('minValue');
    expect(codeOf(10_081)).toBe('maxValue');
    expect(codeOf(2.5)).toBe('invalidValue');
    expect(codeOf('soon')).toBe('invalidValue');
  });

  it('keeps given schemes and fills the others', () => {
    const config = logisticsConfigSchema.parse({ numbering: { DIN: scheme } });
    expect(numberingSchemeFor(config, 'DIN')).toEqual(scheme);
    expect(numberingSchemeFor(config, 'DOU').prefix).toBe('DOU');
  });

  it('bounds the counter to 5–8 digits and the year to 2 or 4', () => {
    expect(numberingSchemeSchema.safeParse({ ...scheme, counterDigits: 4 }).error?.issues[0]?.message).toBe(
      'minValue',
    );
    expect(numberingSchemeSchema.safeParse({ ...scheme, counterDigits: 9 }).error?.issues[0]?.message).toBe(
      'maxValue',
    );
    expect(numberingSchemeSchema.safeParse({ ...scheme, counterDigits: 8, yearDigits: 4 }).success).toBe(
      true,
    );
    expect(numberingSchemeSchema.safeParse({ ...scheme, yearDigits: 3 }).success).toBe(false);
  });

  it('refuses a monthly reset without the month in the number', () => {
    const result = numberingSchemeSchema.safeParse({ ...scheme, withMonth: false });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['withMonth', 'invalidValue'],
    ]);
  });

  it('refuses an unknown document type and negative rule values', () => {
    expect(logisticsConfigSchema.safeParse({ numbering: { XXX: scheme } }).success).toBe(false);
    expect(
      logisticsConfigSchema.safeParse({ rules: { nearExpiry: { enabled: true, days: -1 } } }).success,
    ).toBe(false);
    expect(
      logisticsConfigSchema.safeParse({
        rules: { verificationApproval: { enabled: true, quantity: 2, percent: null } },
      }).success,
    ).toBe(true);
  });

  it('holds print layouts', () => {
    const config = logisticsConfigSchema.parse({
      printLayouts: [{ name: 'Label', objectType: 'product', content: '<b/>' }],
    });
    expect(config.printLayouts).toHaveLength(1);
    expect(
      logisticsConfigSchema.safeParse({ printLayouts: [{ name: '', objectType: 'x', content: '' }] }).success,
    ).toBe(false);
  });

  it('takes its numbering schema from domain/numbering (one source of truth)', () => {
    expect(numberingSchemeSchema).toBe(numberingDomainSchema);
    expect(
      logisticsConfigSchema.safeParse({ numbering: { DIN: { ...scheme, prefix: 'P/Z' } } }).success,
    ).toBe(false);
    expect(logisticsConfigSchema.safeParse({ workingCopyPrefix: 'W/C' }).success).toBe(false);
    // A partial scheme is completed with the numbering defaults.
    expect(logisticsConfigSchema.parse({ numbering: { DIN: { prefix: 'PZ' } } }).numbering.DIN).toEqual({
      ...defaultLogisticsConfig.numbering.DIN,
      prefix: 'PZ',
    });
  });

  it('gives the numbering functions the type scheme with the account working-copy prefix', () => {
    const config = logisticsConfigSchema.parse({ numbering: { DIN: scheme }, workingCopyPrefix: 'KR_' });
    const din = documentNumberingFor(config, 'DIN');
    expect(formatDocumentNumber(din, 42, '2026-11-05')).toEqual({ ok: true, number: 'PZ/26/11/00042' });
    expect(provisionalNumber(din, 3, 'T01', '2026-11-05')).toEqual({ ok: true, number: 'KR_PZ/26/11/T01-3' });
    expect(documentNumberingFor(defaultLogisticsConfig, 'DOU').workingCopyPrefix).toBe('WC-');
  });
});
