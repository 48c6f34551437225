import fc from 'fast-check';
import type { CatalogueEntry, ClientGroupFlags } from '../../../domain/catalyst/clientView';
import type {
  PricingCatalyst,
  PricingInput,
  PricingMetal,
  PricingRule,
} from '../../../domain/catalyst/pricing';
import { roundingModes } from '../../../domain/catalyst/rounding';

const money = (max: number) => fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const metalIds = ['pt', 'pd', 'rh', 'ru'] as const;
const currencies = ['EUR', 'USD', 'PLN'] as const;

const metal = (id: string): fc.Arbitrary<PricingMetal> =>
  fc.record({
    id: fc.constant(id),
    shortName: fc.constant(id.toUpperCase()),
    quoteCurrency: fc.constantFrom(...currencies),
    marketRate: maybe(money(500)),
    valueMultiplier: fc.double({ min: 0, max: 2, noNaN: true }),
    minimalReduction: money(50),
    returnRate: fc.double({ min: 0, max: 100, noNaN: true }),
    leaseRate: fc.double({ min: 0, max: 100, noNaN: true }),
    constantValue: fc.double({ min: -50, max: 50, noNaN: true }),
    minRate: maybe(money(100)),
    maxRate: maybe(money(1000)),
  });

const rule = (ids: { client: string; group: string }): fc.Arbitrary<PricingRule> =>
  fc.record({
    id: fc.uuid(),
    clientUserId: fc.constantFrom(ids.client, null, 'someone-else'),
    userGroupId: fc.constantFrom(ids.group, null, 'other-group'),
    catalystId: fc.constantFrom('cat', null, 'other-cat'),
    catalystGroupId: fc.constantFrom('cg', null),
    producerId: fc.constantFrom('pr', null),
    multiplier: fc.double({ min: 0, max: 3, noNaN: true }),
    surcharge: fc.double({ min: -100, max: 100, noNaN: true }),
    fixedPrice: maybe(money(5000)),
  });

/** Any catalyst of a pricing input (with the given id). */
export const pricingCatalyst = (id: string): fc.Arbitrary<PricingCatalyst> =>
  fc.record({
    id: fc.constant(id),
    producerId: fc.constantFrom('pr', null),
    catalystGroupId: fc.constantFrom('cg', null),
    weight: maybe(money(20)),
    ceramicWeight: maybe(money(10)),
    humidity: maybe(fc.double({ min: 0, max: 99, noNaN: true })),
    processingCost: maybe(money(50)),
    fixedValue: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: money(5000) }),
    content: fc.array(fc.record({ metalId: fc.constantFrom(...metalIds), gramsPerKg: money(10) }), {
      maxLength: 4,
    }),
  });

/** Any pricing input: up to four metals in three currencies, any rules, any catalyst. */
export const pricingInput: fc.Arbitrary<PricingInput> = fc.record({
  metals: fc.tuple(...metalIds.map(metal)),
  exchanges: fc.array(
    fc.record({
      pairName: fc.constantFrom('USD/EUR', 'EUR/USD', 'PLN/EUR', 'EUR/PLN', 'USD/PLN'),
      marketPrice: maybe(fc.double({ min: 0.01, max: 10, noNaN: true })),
      multiplier: fc.double({ min: 0.5, max: 1.5, noNaN: true }),
      constantValue: fc.double({ min: 0, max: 0.1, noNaN: true }),
    }),
    { maxLength: 4 },
  ),
  config: fc.record({
    currency: fc.constantFrom(...currencies),
    roundingDecimals: fc.integer({ min: 0, max: 4 }),
    roundingMode: fc.constantFrom(...roundingModes),
    refiningChargePerKg: money(5),
  }),
  group: fc.record({
    id: fc.constant('group'),
    stockRateMultiplyValue: fc.double({ min: 0, max: 2, noNaN: true }),
    currencyRateMultiplyValue: fc.double({ min: 0.5, max: 1.5, noNaN: true }),
  }),
  rules: fc.array(rule({ client: 'client', group: 'group' }), { maxLength: 5 }),
  clientUserId: fc.constantFrom('client', null),
  catalyst: pricingCatalyst('cat'),
});

export const groupFlags: fc.Arbitrary<ClientGroupFlags> = fc.record({
  canDisplayPrices: fc.boolean(),
  canDisplayWeight: fc.boolean(),
  canDisplayComponents: fc.boolean(),
  canDisplayExchangeRates: fc.boolean(),
  canDispalyStockRates: fc.boolean(),
  canRecalcPrices: fc.boolean(),
  canUseCart: fc.boolean(),
});

export const catalogueEntry: fc.Arbitrary<CatalogueEntry> = fc.record({
  id: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 20 }),
  serialNumbers: fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 3 }),
  producerName: maybe(fc.string({ maxLength: 10 })),
  catalystGroupName: maybe(fc.string({ maxLength: 10 })),
  imageFileId: maybe(fc.uuid()),
  weight: maybe(money(20)),
  ceramicWeight: maybe(money(10)),
  humidity: maybe(money(99)),
  hiddenFromClients: fc.boolean(),
  components: fc.array(fc.record({ shortName: fc.constantFrom('Pt', 'Pd', 'Rh'), gramsPerKg: money(10) }), {
    maxLength: 3,
  }),
});
