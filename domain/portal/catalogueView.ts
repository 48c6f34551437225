import { defineResource } from '../resources/types';

/**
 * The contractor's catalogue as a list (GET contractororders/availible-products): the server checks its query
 * (paging, sorting by index or name, filtering by product group) with it, the app keeps its state in the URL with
 * it. Not a resource of its own (no table, no generic routes).
 */
export const catalogueView = defineResource({
  name: 'portalCatalogue',
  path: 'contractororders/availible-products',
  route: 'portal/new-order',
  section: 'portal',
  titleField: 'index',
  read: 'portal',
  write: 'none',
  readOnly: true,
  defaultSort: { column: 'index' },
  fields: {
    index: { kind: 'string' },
    name: { kind: 'string' },
    mainGroupId: { kind: 'ref', ref: 'productGroup' },
  },
});
