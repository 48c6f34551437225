import { stockAmounts, stockView } from './stockView';

/** Bin inventory (GET /api/WmsInventory/containerStock): per container (bin, pallet) and location. */
export const containerStockView = stockView({
  name: 'containerStockView',
  path: 'WmsInventory/containerStock',
  route: 'bin-inventory',
  titleField: 'container',
  fields: {
    container: { kind: 'string', list: true },
    locationLabel: { kind: 'string', list: true },
    products: { kind: 'integer', list: true },
    ...stockAmounts,
    locationId: { kind: 'ref', ref: 'storageSpace' },
    productId: { kind: 'ref', ref: 'product' },
  },
});
