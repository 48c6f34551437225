import { stockAmounts, stockView } from './stockView';

/** Detailed inventory (GET /api/WmsInventory/inventory): one row per stock key. */
export const inventoryView = stockView({
  name: 'inventoryView',
  path: 'WmsInventory/inventory',
  route: 'inventory',
  titleField: 'productIndex',
  fields: {
    productIndex: { kind: 'string', list: true },
    productName: { kind: 'string', list: true },
    locationLabel: { kind: 'string', list: true },
    container: { kind: 'string', list: true },
    serialNumber: { kind: 'string', list: true },
    prodDate: { kind: 'date', list: true },
    expDate: { kind: 'date', list: true },
    ...stockAmounts,
    unit: { kind: 'string' },
    productId: { kind: 'ref', ref: 'product' },
    locationId: { kind: 'ref', ref: 'storageSpace' },
    contractorId: { kind: 'ref', ref: 'company' },
  },
});
