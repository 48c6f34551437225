import { maxQuantity } from '../../warehouse/quantity';
import { defineResource } from '../types';

/**
 * Order positions: quantity ordered (expected, for verification) and quantityReal
 * (realised, or counted). Written through their order.
 */
export const wmsOrderPositionResource = defineResource({
  name: 'wmsOrderPosition',
  path: 'WmsOrderPosition',
  route: 'order-positions',
  section: 'logistics',
  menu: false,
  titleField: 'lineNo',
  read: 'logistics',
  write: 'logistics',
  customWrite: true,
  defaultSort: { column: 'lineNo' },
  fields: {
    orderId: { kind: 'ref', ref: 'wmsOrder', onDelete: 'cascade', required: true, list: true },
    lineNo: { kind: 'integer', min: 1, list: true },
    productId: { kind: 'ref', ref: 'product', required: true, list: true },
    quantity: { kind: 'decimal', min: 0, max: maxQuantity, required: true, list: true },
    quantityReal: { kind: 'decimal', min: 0, max: maxQuantity, list: true },
    sourceLocationId: { kind: 'ref', ref: 'storageSpace', list: true },
    destinationLocationId: { kind: 'ref', ref: 'storageSpace', list: true },
    sourceContainer: { kind: 'string', maxLength: 64 },
    destinationContainer: { kind: 'string', maxLength: 64 },
    serialNumber: { kind: 'string', maxLength: 100 },
    prodDate: { kind: 'date' },
    expDate: { kind: 'date' },
    comment: { kind: 'text', maxLength: 2000 },
  },
});
