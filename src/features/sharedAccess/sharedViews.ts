import type { ResourceDefinition } from '../../../domain/resources/types';
import type { SharedView } from '../../../domain/sharedAccess/sharedLinks';
import { stockAmounts, stockView } from '../stock/stockView';

/** The detailed inventory as a link shows it: the warehouse's own columns, without the references to its records. */
const inventory = stockView({
  name: 'sharedInventory',
  path: 'WmsInventory/inventory',
  route: 'shared/wms-inventory',
  titleField: 'productIndex',
  fields: {
    productIndex: { kind: 'string', list: true },
    productName: { kind: 'string', list: true },
    unit: { kind: 'string', list: true },
    locationLabel: { kind: 'string', list: true },
    container: { kind: 'string', list: true },
    serialNumber: { kind: 'string', list: true },
    prodDate: { kind: 'date', list: true },
    expDate: { kind: 'date', list: true },
    ...stockAmounts,
  },
});

/** The stock per warehouse as a link shows it. */
const productStock = stockView({
  name: 'sharedStock',
  path: 'WmsInventory/productStock',
  route: 'shared/wms-stock',
  titleField: 'productIndex',
  fields: {
    productIndex: { kind: 'string', list: true },
    productName: { kind: 'string', list: true },
    unit: { kind: 'string', list: true },
    warehouseLabel: { kind: 'string', list: true },
    ...stockAmounts,
  },
});

export const sharedViewOf = (view: SharedView): ResourceDefinition =>
  view === 'inventory' ? inventory : productStock;
