import { defineResource } from '../types';

/** Product groups: name, colour, icon. */
export const productGroupResource = defineResource({
  name: 'productGroup',
  path: 'ProductGroup',
  route: 'product-groups',
  section: 'assortment',
  menu: { order: 20, access: 'logistics' },
  titleField: 'name',
  read: 'any',
  write: 'power',
  defaultSort: { column: 'name' },
  fields: {
    name: { kind: 'string', required: true, maxLength: 100, unique: 'account', list: true },
    color: { kind: 'color', list: true },
    icon: { kind: 'string', maxLength: 50, list: true },
  },
});
