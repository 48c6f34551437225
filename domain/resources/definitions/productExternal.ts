import { defineResource } from '../types';

/** A product as seen in an external shop or ERP service; linked to our product once matched. */
export const productExternalResource = defineResource({
  name: 'productExternal',
  path: 'ProductExternal',
  route: 'product-externals',
  section: 'assortment',
  menu: { order: 30 },
  titleField: 'name',
  read: 'logistics',
  write: 'power',
  defaultSort: { column: 'name' },
  fields: {
    serviceName: { kind: 'string', required: true, maxLength: 100, list: true },
    username: { kind: 'string', maxLength: 100 },
    name: { kind: 'string', required: true, maxLength: 300, list: true },
    description: { kind: 'text', maxLength: 5000 },
    ean: { kind: 'string', maxLength: 32, list: true },
    imageUrl: { kind: 'url', maxLength: 1000 },
    productId: { kind: 'ref', ref: 'product', onDelete: 'setNull', list: true },
    /** Where it came from: the credentials it was imported with, its id and SKU there (set by the import). */
    credentialsId: { kind: 'ref', ref: 'externalCredentials', onDelete: 'setNull', hiddenInForm: true },
    externalId: { kind: 'string', maxLength: 100, hiddenInForm: true, list: true },
    sku: { kind: 'string', maxLength: 100, hiddenInForm: true, list: true },
  },
});
