import { defineResource } from '../../../domain/resources/types';

/**
 * Bin inventory (GET /api/WmsInventory/containerStock): per container (bin, pallet) and location. A
 * description of the endpoint's rows for the generic list helpers (see inventoryView.ts).
 */
export const containerStockView = defineResource({
  name: 'containerStockView',
  path: 'WmsInventory/containerStock',
  route: 'bin-inventory',
  section: 'logistics',
  titleField: 'container',
  read: 'logistics',
  write: 'none',
  readOnly: true,
  defaultSort: { column: 'container' },
  fields: {
    container: { kind: 'string', list: true },
    locationLabel: { kind: 'string', list: true },
    products: { kind: 'integer', list: true },
    quantity: { kind: 'decimal', list: true },
    reserved: { kind: 'decimal', list: true },
    available: { kind: 'decimal', list: true },
    locationId: { kind: 'ref', ref: 'storageSpace' },
    productId: { kind: 'ref', ref: 'product' },
  },
});
