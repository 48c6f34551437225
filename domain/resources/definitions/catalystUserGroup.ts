import { defineCatalystResource } from '../../catalyst/defineCatalystResource';

/**
 * A group of client accounts (mobile app users of the catalyst module): what its clients see, how many
 * devices each account may use, and the multipliers applied to metal and exchange rates for them.
 */
export const catalystUserGroupResource = defineCatalystResource({
  name: 'catalystUserGroup',
  path: 'catalyst/userGroup',
  route: 'catalyst-user-groups',
  fields: {
    name: { kind: 'string', required: true, maxLength: 200, unique: 'account', list: true },
    icon: { kind: 'string', maxLength: 64 },
    devicesLimit: { kind: 'integer', min: 1, max: 100, default: 2, list: true },
    canDisplayPrices: { kind: 'boolean', default: true, list: true },
    canDisplayWeight: { kind: 'boolean', default: true, list: true },
    canDisplayComponents: { kind: 'boolean', list: true },
    canDisplayExchangeRates: { kind: 'boolean' },
    // Spelled so on the wire (the mobile app's field name).
    canDispalyStockRates: { kind: 'boolean' },
    canRecalcPrices: { kind: 'boolean' },
    canUseCart: { kind: 'boolean', list: true },
    currencyRateMultiplyValue: { kind: 'decimal', min: 0, max: 10, default: 1 },
    stockRateMultiplyValue: { kind: 'decimal', min: 0, max: 10, default: 1 },
    description: { kind: 'text', maxLength: 2000 },
  },
});
