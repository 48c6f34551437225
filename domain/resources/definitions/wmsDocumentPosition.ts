import { maxQuantity } from '../../warehouse/quantity';
import { defineResource } from '../types';

/** Positions of warehouse documents; written through their document. */
export const wmsDocumentPositionResource = defineResource({
  name: 'wmsDocumentPosition',
  path: 'WmsDocumentPosition',
  route: 'document-positions',
  section: 'logistics',
  menu: { order: 20 },
  titleField: 'lineNo',
  read: 'logistics',
  write: 'logistics',
  customWrite: true,
  defaultSort: { column: 'lineNo' },
  fields: {
    documentId: { kind: 'ref', ref: 'wmsDocument', onDelete: 'cascade', required: true, list: true },
    lineNo: { kind: 'integer', min: 1, list: true },
    productId: { kind: 'ref', ref: 'product', required: true, list: true },
    quantity: { kind: 'decimal', required: true, list: true, min: -maxQuantity, max: maxQuantity },
    quantityReal: { kind: 'decimal', list: true, min: -maxQuantity, max: maxQuantity },
    unitPrice: { kind: 'decimal', min: 0 },
    value: { kind: 'decimal', readOnly: true },
    sourceLocationId: { kind: 'ref', ref: 'storageSpace', list: true },
    destinationLocationId: { kind: 'ref', ref: 'storageSpace', list: true },
    sourceContainer: { kind: 'string', maxLength: 64 },
    destinationContainer: { kind: 'string', maxLength: 64 },
    serialNumber: { kind: 'string', maxLength: 100, list: true },
    prodDate: { kind: 'date' },
    expDate: { kind: 'date', list: true },
    comment: { kind: 'text', maxLength: 2000 },
  },
});
