import { defineCatalystResource } from '../../catalyst/defineCatalystResource';
import { marketPhases, quoteSources, quoteUnits } from '../../catalyst/rateOptions';

/**
 * A metal rate (the spec's company stock rate rule): the company's rule that turns the market quote of
 * one metal into its own effective rate per gram (docs/catalyst-pricing.md), where quotes come from and
 * when (update hours in UTC). The quote itself is entered through the module's quote calls.
 */
export const companyStockRateRuleResource = defineCatalystResource({
  name: 'companyStockRateRule',
  path: 'catalyst/companystockraterule',
  route: 'catalyst-metal-rates',
  titleField: 'shortName',
  fields: {
    name: { kind: 'string', required: true, maxLength: 100, list: true },
    shortName: { kind: 'string', required: true, maxLength: 16, unique: 'account', list: true },
    quoteCurrency: {
      kind: 'string',
      minLength: 3,
      maxLength: 3,
      upperCase: true,
      default: 'USD',
    },
    latestMarketRate: { kind: 'decimal', readOnly: true, hiddenInForm: true, list: true },
    marketRateAt: { kind: 'datetime', readOnly: true, hiddenInForm: true, list: true },
    effectiveRate: { kind: 'decimal', readOnly: true, hiddenInForm: true, list: true },
    marketPhase: { kind: 'enum', options: marketPhases, readOnly: true, hiddenInForm: true, list: true },
    minRate: { kind: 'decimal', min: 0, max: 1_000_000 },
    maxRate: { kind: 'decimal', min: 0, max: 1_000_000 },
    valueMultiplier: { kind: 'decimal', min: 0, max: 10, default: 1 },
    minimalReduction: { kind: 'decimal', min: 0, max: 1_000_000, default: 0 },
    returnRate: { kind: 'decimal', min: 0, max: 100, default: 100 },
    leaseRate: { kind: 'decimal', min: 0, max: 100, default: 0 },
    constantValue: { kind: 'decimal', min: -1_000_000, max: 1_000_000, default: 0 },
    source: { kind: 'enum', options: quoteSources, default: 'manual', list: true },
    sourceUrl: { kind: 'url', maxLength: 1000 },
    sourceField: { kind: 'string', maxLength: 200 },
    sourceUnit: { kind: 'enum', options: quoteUnits, default: 'g' },
    updateHours: { kind: 'tags' },
    lastSourceError: { kind: 'text', readOnly: true, hiddenInForm: true },
  },
});
