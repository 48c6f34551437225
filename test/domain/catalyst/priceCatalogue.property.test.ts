import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogueColumnsOf, priceAt, priceCatalogue } from '../../../domain/catalyst/priceCatalogue';
import { type PricingCatalyst, priceCatalyst } from '../../../domain/catalyst/pricing';
import { pricingCatalyst, pricingInput } from './arbitraries';

/** Catalysts the rules name, and others; some hold a metal the company has no rate for. */
const catalyst: fc.Arbitrary<PricingCatalyst> = fc
  .tuple(
    fc.constantFrom('cat', 'other-cat', 'third').chain(pricingCatalyst),
    fc.option(fc.double({ min: 0, max: 5, noNaN: true }), { nil: undefined }),
  )
  .map(([c, unknownGrams]) =>
    unknownGrams === undefined
      ? c
      : { ...c, content: [...c.content, { metalId: 'unpriced', gramsPerKg: unknownGrams }] },
  );

describe('pricing a whole catalogue at once (properties, 1,000 runs)', () => {
  it('gives every catalyst exactly the price priceCatalyst gives it, null where it has none', () => {
    fc.assert(
      fc.property(pricingInput, fc.array(catalyst, { maxLength: 8 }), (input, catalysts) => {
        const prices = priceCatalogue(
          input,
          input.group,
          input.rules,
          input.clientUserId,
          catalogueColumnsOf(catalysts),
        );
        expect(prices.length).toBe(catalysts.length);
        catalysts.forEach((c, i) => {
          // toBe: the same number to the last bit (Object.is), not merely close.
          expect(priceAt(prices, i)).toBe(priceCatalyst({ ...input, catalyst: c }).price);
        });
      }),
      { numRuns: 1000 },
    );
  });

  it('writes into the array it is given, so a caller pricing many groups reuses one', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const columns = catalogueColumnsOf([input.catalyst, input.catalyst]);
        const out = new Float64Array(2).fill(-1);
        expect(priceCatalogue(input, input.group, input.rules, input.clientUserId, columns, out)).toBe(out);
        expect(priceAt(out, 1)).toBe(priceCatalyst(input).price);
      }),
      { numRuns: 100 },
    );
  });
});
