import { defineResource } from '../../../domain/resources/types';

/**
 * The catalogue's list state (search, product group, page) as the generic list helpers keep it in the URL; the
 * rows come from GET contractororders/availible-products.
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
