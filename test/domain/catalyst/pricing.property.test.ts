import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientCatalystView } from '../../../domain/catalyst/clientView';
import { type PriceResult, type PricingInput, priceCatalyst } from '../../../domain/catalyst/pricing';
import { roundPrice } from '../../../domain/catalyst/rounding';
import { catalogueEntry, groupFlags, pricingInput } from './arbitraries';

const runs = { numRuns: 1000 };
const lineSum = (r: PriceResult) => r.lines.reduce((s, l) => s + l.value, 0);
/** Sums of a few products of doubles: equal up to a few ulps of the largest term. */
const tolerance = (r: PriceResult) => 1e-9 * Math.max(1, ...r.lines.map((l) => Math.abs(l.value)));

describe('the pricing engine (properties, 1,000 runs each)', () => {
  it('never gives a negative price', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const { price } = priceCatalyst(input);
        expect(price === null || price >= 0).toBe(true);
      }),
      runs,
    );
  });

  it('never lowers the price for more metal', () => {
    fc.assert(
      fc.property(
        pricingInput,
        fc.nat({ max: 3 }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (input, index, extra) => {
          const content = input.catalyst.content;
          if (content.length === 0) return;
          const at = index % content.length;
          const more: PricingInput = {
            ...input,
            catalyst: {
              ...input.catalyst,
              content: content.map((c, i) => (i === at ? { ...c, gramsPerKg: c.gramsPerKg + extra } : c)),
            },
          };
          const before = priceCatalyst(input).price;
          const after = priceCatalyst(more).price;
          if (before !== null && after !== null) expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
      runs,
    );
  });

  it('never lowers the price for a higher quote', () => {
    fc.assert(
      fc.property(
        pricingInput,
        fc.nat({ max: 3 }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (input, index, rise) => {
          const more: PricingInput = {
            ...input,
            metals: input.metals.map((m, i) =>
              i === index && m.marketRate !== null ? { ...m, marketRate: m.marketRate + rise } : m,
            ),
          };
          const before = priceCatalyst(input).price;
          const after = priceCatalyst(more).price;
          if (before !== null && after !== null) expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
      runs,
    );
  });

  it('lets the fixed value win', () => {
    fc.assert(
      fc.property(pricingInput, fc.double({ min: 0, max: 10_000, noNaN: true }), (input, fixedValue) => {
        const fixed = priceCatalyst({ ...input, catalyst: { ...input.catalyst, fixedValue } });
        expect(fixed.price).not.toBeNull();
        const { roundingDecimals, roundingMode } = input.config;
        expect(fixed.price).toBe(roundPrice(fixedValue, roundingDecimals, roundingMode));
        // Whatever the quotes and rules: the same price with every quote gone and no rules.
        const bare = priceCatalyst({
          ...input,
          rules: [],
          metals: input.metals.map((m) => ({ ...m, marketRate: null })),
          catalyst: { ...input.catalyst, fixedValue },
        });
        expect(bare.price).toBe(fixed.price);
      }),
      runs,
    );
  });

  it('gives a breakdown that adds up to the price', () => {
    fc.assert(
      fc.property(pricingInput, (input) => {
        const result = priceCatalyst(input);
        if (result.price === null) {
          expect(result.missing.length).toBeGreaterThan(0);
          return;
        }
        expect(Math.abs(lineSum(result) - result.price)).toBeLessThanOrEqual(tolerance(result));
      }),
      runs,
    );
  });
});

describe("a client's view (properties, 1,000 runs each)", () => {
  it('never shows a hidden catalyst', () => {
    fc.assert(
      fc.property(catalogueEntry, groupFlags, pricingInput, (entry, flags, input) => {
        const view = clientCatalystView(
          { ...entry, hiddenFromClients: true },
          flags,
          priceCatalyst(input),
          1,
        );
        expect(view).toBeUndefined();
      }),
      runs,
    );
  });

  it('has no field of a flag that is off, and the field when it is on', () => {
    fc.assert(
      fc.property(catalogueEntry, groupFlags, pricingInput, fc.nat(), (entry, flags, input, quantity) => {
        const view = clientCatalystView(
          { ...entry, hiddenFromClients: false },
          flags,
          priceCatalyst(input),
          quantity,
        );
        if (!view) throw new Error('a visible catalyst must be shown');
        const has = (key: string) => Object.hasOwn(view, key);
        expect(has('price')).toBe(flags.canDisplayPrices);
        expect(has('currency')).toBe(flags.canDisplayPrices);
        expect(has('weight') || has('ceramicWeight') || has('humidity')).toBe(flags.canDisplayWeight);
        expect(has('components')).toBe(flags.canDisplayComponents);
        expect(has('cartQuantity')).toBe(flags.canUseCart);
        // Nothing else leaks, whatever the flags.
        expect(JSON.stringify(view).includes('hiddenFromClients')).toBe(false);
      }),
      runs,
    );
  });
});
