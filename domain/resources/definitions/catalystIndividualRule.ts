import { defineCatalystResource } from '../../catalyst/defineCatalystResource';

/**
 * An individual pricing rule: for a client account, a client group or every client, on a catalyst, a catalyst
 * group, a producer or every catalyst (each condition that is set must hold): a multiplier and surcharge, or
 * a fixed price. The most specific rule that applies wins (docs/catalyst-pricing.md).
 */
export const catalystIndividualRuleResource = defineCatalystResource({
  name: 'catalystIndividualRule',
  path: 'catalyst/individualrule',
  route: 'catalyst-individual-rules',
  fields: {
    name: { kind: 'string', maxLength: 200, list: true },
    clientUserId: { kind: 'ref', ref: 'catalystClientUser', onDelete: 'cascade', list: true },
    userGroupId: { kind: 'ref', ref: 'catalystUserGroup', onDelete: 'cascade', list: true },
    catalystId: { kind: 'ref', ref: 'catalyst', onDelete: 'cascade', list: true },
    catalystGroupId: { kind: 'ref', ref: 'catalystGroup', onDelete: 'cascade', list: true },
    producerId: { kind: 'ref', ref: 'catalystProducer', onDelete: 'cascade', list: true },
    multiplier: { kind: 'decimal', min: 0, max: 10, default: 1, list: true },
    surcharge: { kind: 'decimal', min: -1_000_000, max: 1_000_000, default: 0, list: true },
    fixedPrice: { kind: 'decimal', min: 0, max: 10_000_000, list: true },
  },
});
