import { stockLevels } from '../../../domain/warehouse/stockLevel';
import { stockAmounts, stockView } from './stockView';

/** Stock by warehouse (GET /api/WmsInventory/productStock): per product and top-level location. */
export const productStockView = stockView({
  name: 'productStockView',
  path: 'WmsInventory/productStock',
  route: 'stock',
  titleField: 'productIndex',
  fields: {
    productIndex: { kind: 'string', list: true },
    productName: { kind: 'string', list: true },
    warehouseLabel: { kind: 'string', list: true },
    ...stockAmounts,
    warningStock: { kind: 'decimal', list: true },
    criticalStock: { kind: 'decimal', list: true },
    // Computed by the server per row (domain/warehouse/stockLevel.ts): shown, not sorted or filtered on.
    level: { kind: 'enum', options: stockLevels, list: true },
    productId: { kind: 'ref', ref: 'product' },
    warehouseId: { kind: 'ref', ref: 'storageSpace' },
  },
});
