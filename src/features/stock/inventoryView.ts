import { defineResource } from '../../../domain/resources/types';

/**
 * Detailed inventory (GET /api/WmsInventory/inventory): one row per stock key. Not a resource of its
 * own — a description of the endpoint's rows, so the generic list helpers (URL state, filters, table)
 * serve it. Non-list fields are filters only (links from products, locations and bins).
 */
export const inventoryView = defineResource({
  name: 'inventoryView',
  path: 'WmsInventory/inventory',
  route: 'inventory',
  section: 'logistics',
  titleField: 'productIndex',
  read: 'logistics',
  write: 'none',
  readOnly: true,
  defaultSort: { column: 'productIndex' },
  fields: {
    productIndex: { kind: 'string', list: true },
    productName: { kind: 'string', list: true },
    locationLabel: { kind: 'string', list: true },
    container: { kind: 'string', list: true },
    serialNumber: { kind: 'string', list: true },
    prodDate: { kind: 'date', list: true },
    expDate: { kind: 'date', list: true },
    quantity: { kind: 'decimal', list: true },
    reserved: { kind: 'decimal', list: true },
    available: { kind: 'decimal', list: true },
    unit: { kind: 'string' },
    productId: { kind: 'ref', ref: 'product' },
    locationId: { kind: 'ref', ref: 'storageSpace' },
    contractorId: { kind: 'ref', ref: 'company' },
  },
});
