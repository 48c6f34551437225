import { describe, expect, it } from 'vitest';
import { contentOf, gramsOf, metalField } from '../../../../src/features/catalyst/catalystContent';

const pt = '0b8f3c1e-1d2a-4c6b-9e11-2a3b4c5d6e7f';
const pd = '1c9f4d2f-2e3b-4d7c-8f22-3b4c5d6e7f80';
const rh = '2da05e30-3f4c-4e8d-9033-4c5d6e7f8091';

describe('the metal content of the catalyst form', () => {
  it('reads stored content, with a plain or a nested metal id, into typed grams', () => {
    expect(
      gramsOf([
        { baseStockId: pt, gramsPerKg: 1.25 },
        { baseStock: { baseStockId: pd }, gramsPerKg: 3 },
        { baseStockId: rh },
        'junk',
      ]),
    ).toEqual({ [pt]: '1.25', [pd]: '3' });
    expect(gramsOf(null)).toEqual({});
  });

  it('sends the metals typed, a comma as the decimal point, leaving empty and zero ones out', () => {
    expect(contentOf({ [pt]: ' 1,5 ', [pd]: '', [rh]: '0' })).toEqual({
      content: [{ baseStockId: pt, gramsPerKg: 1.5 }],
      errors: [],
    });
  });

  it('refuses what is not a number from 0 to 1000 g per kg, on the input of that metal', () => {
    const { content, errors } = contentOf({ [pt]: 'abc', [pd]: '-1', [rh]: '1000.5' });
    expect(content).toEqual([]);
    expect(errors).toEqual([
      { field: metalField(pt), rule: 'invalidValue' },
      { field: metalField(pd), rule: 'minValue', params: { min: 0 } },
      { field: metalField(rh), rule: 'maxValue', params: { max: 1000 } },
    ]);
  });

  it('round-trips what it sends', () => {
    const sent = contentOf({ [pt]: '2.5', [rh]: '0.125' }).content;
    expect(gramsOf(sent)).toEqual({ [pt]: '2.5', [rh]: '0.125' });
  });
});
