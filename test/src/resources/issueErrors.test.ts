import { describe, expect, it } from 'vitest';
import { generateLocationsSchema } from '../../../domain/warehouse/locationGenerator';
import { logisticsConfigSchema } from '../../../domain/warehouse/logisticsConfig';
import { fieldErrorsByPath, fieldErrorsFromIssues } from '../../../src/resources/issueErrors';

describe('fieldErrorsFromIssues', () => {
  it('maps domain schema failures to rule codes by field path, with their limits', () => {
    const parsed = logisticsConfigSchema.safeParse({
      numbering: {
        DIN: {
          prefix: 'DIN',
          counterDigits: 9,
          yearDigits: 4,
          withMonth: false,
          reset: 'monthly',
          separator: '/',
        },
      },
      workingCopyPrefix: 'WAY-TOO-LONG-PREFIX',
    });
    expect(parsed.success).toBe(false);
    const errors = fieldErrorsFromIssues(parsed.error?.issues ?? []);
    expect(errors['numbering.DIN.counterDigits']).toEqual({
      field: 'numbering.DIN.counterDigits',
      rule: 'maxValue',
      params: { max: 8 },
    });
    expect(errors.workingCopyPrefix).toMatchObject({ rule: 'maxLength', params: { max: 10 } });
  });

  it('keeps the params of custom issues and the first failure per field', () => {
    const parsed = generateLocationsSchema.safeParse({
      levels: [{ prefix: 'A', digits: 1, start: 5, quantity: 10 }],
    });
    const errors = fieldErrorsFromIssues(parsed.error?.issues ?? []);
    expect(errors['levels.0.quantity']).toEqual({
      field: 'levels.0.quantity',
      rule: 'maxValue',
      params: { max: 5 },
    });
  });

  it('reads unknown messages as invalidValue', () => {
    expect(fieldErrorsFromIssues([{ code: 'custom', path: ['a'], message: 'Nope' }])).toEqual({
      a: { field: 'a', rule: 'invalidValue' },
    });
  });
});

describe('fieldErrorsByPath', () => {
  it('keeps the first server error of each field', () => {
    expect(
      fieldErrorsByPath([
        { field: 'label', rule: 'uniqueConflict', params: { label: 'A01' } },
        { field: 'label', rule: 'required' },
      ]),
    ).toEqual({ label: { field: 'label', rule: 'uniqueConflict', params: { label: 'A01' } } });
  });
});
