import { defineCatalystResource } from '../../catalyst/defineCatalystResource';
import { quoteSources } from '../../catalyst/rateOptions';

/**
 * An exchange rate (the spec's company currency rate rule): the market price of one unit of the pair's
 * first currency in its second (pairName "USD/EUR"), and the company's own price after its rule.
 */
export const companyCurrencyRateRuleResource = defineCatalystResource({
  name: 'companyCurrencyRateRule',
  path: 'catalyst/companycurrencyraterule',
  route: 'catalyst-exchange-rates',
  titleField: 'pairFullName',
  defaultSort: { column: 'pairName' },
  fields: {
    pairName: {
      kind: 'string',
      required: true,
      minLength: 7,
      maxLength: 7,
      upperCase: true,
      unique: 'account',
      list: true,
    },
    pairFullName: { kind: 'string', required: true, maxLength: 200, list: true },
    latestBaseCurrencyPrice: { kind: 'decimal', readOnly: true, hiddenInForm: true, list: true },
    latestCompanyCurrencyPrice: { kind: 'decimal', readOnly: true, hiddenInForm: true, list: true },
    marketRateAt: { kind: 'datetime', readOnly: true, hiddenInForm: true, list: true },
    multiplier: { kind: 'decimal', min: 0, max: 10, default: 1 },
    constantValue: { kind: 'decimal', min: -1_000_000, max: 1_000_000, default: 0 },
    source: { kind: 'enum', options: quoteSources, default: 'manual', list: true },
    sourceUrl: { kind: 'url', maxLength: 1000 },
    sourceField: { kind: 'string', maxLength: 200 },
    updateHours: { kind: 'tags' },
    lastSourceError: { kind: 'text', readOnly: true, hiddenInForm: true },
  },
});
