import type {
  PricingCatalyst,
  PricingConfig,
  PricingExchange,
  PricingGroup,
  PricingInput,
  PricingMetal,
  PricingRule,
} from '../../../domain/catalyst/pricing';

/** A metal rate with neutral rules (nothing deducted), overridden as needed. */
export const aMetal = (
  over: Partial<PricingMetal> & Pick<PricingMetal, 'id' | 'shortName'>,
): PricingMetal => ({
  quoteCurrency: 'EUR',
  marketRate: 10,
  valueMultiplier: 1,
  minimalReduction: 0,
  returnRate: 100,
  leaseRate: 0,
  constantValue: 0,
  minRate: null,
  maxRate: null,
  ...over,
});

export const aRule = (over: Partial<PricingRule> & Pick<PricingRule, 'id'>): PricingRule => ({
  clientUserId: null,
  userGroupId: null,
  catalystId: null,
  catalystGroupId: null,
  producerId: null,
  multiplier: 1,
  surcharge: 0,
  fixedPrice: null,
  ...over,
});

export const neutralGroup: PricingGroup = {
  id: 'g',
  stockRateMultiplyValue: 1,
  currencyRateMultiplyValue: 1,
};
export const eurConfig: PricingConfig = {
  currency: 'EUR',
  roundingDecimals: 2,
  roundingMode: 'nearest',
  refiningChargePerKg: 0,
};

/** The worked example of docs/catalyst-pricing.md. */
export const workedExample = (): PricingInput => {
  const usd = { quoteCurrency: 'USD' };
  const metals: PricingMetal[] = [
    aMetal({
      id: 'pt',
      shortName: 'Pt',
      ...usd,
      marketRate: 31,
      valueMultiplier: 0.9,
      minimalReduction: 2,
      returnRate: 98,
      leaseRate: 1,
    }),
    aMetal({
      id: 'pd',
      shortName: 'Pd',
      ...usd,
      marketRate: 33,
      valueMultiplier: 0.9,
      minimalReduction: 5,
      returnRate: 97,
      leaseRate: 1,
      constantValue: -0.5,
    }),
    aMetal({
      id: 'rh',
      shortName: 'Rh',
      ...usd,
      marketRate: 150,
      valueMultiplier: 0.85,
      returnRate: 90,
      leaseRate: 2,
      maxRate: 100,
    }),
  ];
  const exchanges: PricingExchange[] = [
    { pairName: 'USD/EUR', marketPrice: 0.92, multiplier: 0.99, constantValue: 0 },
  ];
  const catalyst: PricingCatalyst = {
    id: 'cat-1',
    producerId: 'producer-1',
    catalystGroupId: 'ceramic',
    weight: 2,
    ceramicWeight: 1.5,
    humidity: 4,
    processingCost: 3,
    fixedValue: null,
    content: [
      { metalId: 'pt', gramsPerKg: 1.2 },
      { metalId: 'pd', gramsPerKg: 0.8 },
      { metalId: 'rh', gramsPerKg: 0.15 },
    ],
  };
  return {
    catalyst,
    metals,
    exchanges,
    config: { ...eurConfig, refiningChargePerKg: 0.5 },
    group: { id: 'group-1', stockRateMultiplyValue: 0.95, currencyRateMultiplyValue: 1 },
    rules: [
      aRule({
        id: 'rule-1',
        userGroupId: 'group-1',
        producerId: 'producer-1',
        multiplier: 1.02,
        surcharge: -1,
      }),
    ],
    clientUserId: 'client-1',
  };
};
