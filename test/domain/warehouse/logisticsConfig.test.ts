import { describe, expect, it } from 'vitest';
import { documentTypeCodes } from '../../../domain/warehouse/documentTypes';
import {
  defaultLogisticsConfig,
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
      workingCopyPrefix: 'WC',
      workingCopiesCountInStock: false,
      printLayouts: [],
      rules: {
        expiredGoods: { enabled: true },
        nearExpiry: { enabled: false, days: 30 },
        temperature: { enabled: false },
        rackCapacity: { enabled: false },
        verificationApproval: { enabled: false, quantity: null, percent: null },
      },
    });
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
});
