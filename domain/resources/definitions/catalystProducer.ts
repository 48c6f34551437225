import { defineCatalystResource } from '../../catalyst/defineCatalystResource';

/** Producers of catalytic converters (catalyst module): a catalyst names its producer. */
export const catalystProducerResource = defineCatalystResource({
  name: 'catalystProducer',
  path: 'catalyst/producer',
  route: 'catalyst-producer',
  fields: {
    name: { kind: 'string', required: true, maxLength: 200, unique: 'account', list: true },
    code: { kind: 'string', maxLength: 64, list: true },
    description: { kind: 'text', maxLength: 2000 },
  },
});
