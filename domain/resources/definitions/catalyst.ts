import { defineCatalystResource } from '../../catalyst/defineCatalystResource';

/**
 * A catalyst (catalytic converter) of the price catalogue. Metal content is `productStockContent`:
 * grams of each metal (a metal rate record) per kg of wet catalyst. Written through the catalyst module
 * (server/catalyst/catalystWrite.ts), which checks the metals and keeps the search text; read generically.
 */
export const catalystResource = defineCatalystResource({
  name: 'catalyst',
  path: 'catalyst/catalyst',
  route: 'catalyst-general-catalog',
  customWrite: true,
  fields: {
    name: { kind: 'string', required: true, maxLength: 200, list: true },
    serialNumbers: { kind: 'tags', list: true },
    producerId: { kind: 'ref', ref: 'catalystProducer', list: true },
    catalystGroupId: { kind: 'ref', ref: 'catalystGroup', list: true },
    weight: { kind: 'decimal', min: 0, max: 1000, list: true },
    ceramicWeight: { kind: 'decimal', min: 0, max: 1000 },
    humidity: { kind: 'decimal', min: 0, max: 99 },
    processingCost: { kind: 'decimal', min: 0, max: 1_000_000 },
    productStockContent: { kind: 'json' },
    fixedValue: { kind: 'decimal', min: 0, max: 10_000_000 },
    hiddenFromClients: { kind: 'boolean', list: true },
    imageUrl: { kind: 'string', maxLength: 1000, readOnly: true, hiddenInForm: true },
    description: { kind: 'text', maxLength: 2000 },
    /** Name and serial numbers in lower case, for the catalogue search. */
    searchText: { kind: 'text', readOnly: true, hiddenInForm: true },
  },
});
