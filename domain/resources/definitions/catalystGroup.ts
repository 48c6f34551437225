import { defineCatalystResource } from '../../catalyst/defineCatalystResource';

/** Groups of the catalyst catalogue (e.g. "ceramic", "diesel particulate filters"). */
export const catalystGroupResource = defineCatalystResource({
  name: 'catalystGroup',
  path: 'catalyst/catalystgroup',
  route: 'catalyst-group',
  fields: {
    name: { kind: 'string', required: true, maxLength: 200, unique: 'account', list: true },
    description: { kind: 'text', maxLength: 2000 },
  },
});
