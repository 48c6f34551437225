import { defineResource } from '../../../domain/resources/types';
import { stockLevels } from '../../../domain/warehouse/stockLevel';

/**
 * Stock by warehouse (GET /api/WmsInventory/productStock): per product and top-level location. A
 * description of the endpoint's rows for the generic list helpers (see inventoryView.ts).
 */
export const productStockView = defineResource({
  name: 'productStockView',
  path: 'WmsInventory/productStock',
  route: 'stock',
  section: 'logistics',
  titleField: 'productIndex',
  read: 'logistics',
  write: 'none',
  readOnly: true,
  defaultSort: { column: 'productIndex' },
  fields: {
    productIndex: { kind: 'string', list: true },
    productName: { kind: 'string', list: true },
    warehouseLabel: { kind: 'string', list: true },
    quantity: { kind: 'decimal', list: true },
    reserved: { kind: 'decimal', list: true },
    available: { kind: 'decimal', list: true },
    warningStock: { kind: 'decimal', list: true },
    criticalStock: { kind: 'decimal', list: true },
    // Computed by the server per row (domain/warehouse/stockLevel.ts): shown, not sorted or filtered on.
    level: { kind: 'enum', options: stockLevels, list: true },
    productId: { kind: 'ref', ref: 'product' },
    warehouseId: { kind: 'ref', ref: 'storageSpace' },
  },
});
