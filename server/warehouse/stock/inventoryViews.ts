import { defineResource } from '../../../domain/resources/types';

/**
 * Pseudo-definitions of the inventory views: only their fields matter, so the paged-list query
 * (PageNumber, PageSize, sortColumn, sortDescending, BasicFiltersSerialized) is parsed and checked by
 * domain/resources/query.ts exactly as for resources. They are not resources (no table, no generic routes).
 */
const view = { route: '', section: 'logistics', read: 'logistics', write: 'none', readOnly: true } as const;

/** GET WmsInventory/inventory: one row per stock key. */
export const inventoryView = defineResource({
  ...view,
  name: 'stock',
  path: 'WmsInventory/inventory',
  titleField: 'productIndex',
  defaultSort: { column: 'productIndex' },
  fields: {
    productId: { kind: 'ref', ref: 'product' },
    productIndex: { kind: 'string' },
    productName: { kind: 'string' },
    unit: { kind: 'string' },
    locationId: { kind: 'ref', ref: 'storageSpace' },
    locationLabel: { kind: 'string' },
    container: { kind: 'string' },
    serialNumber: { kind: 'string' },
    prodDate: { kind: 'date' },
    expDate: { kind: 'date' },
    quantity: { kind: 'decimal' },
    reserved: { kind: 'decimal' },
    available: { kind: 'decimal' },
    contractorId: { kind: 'ref', ref: 'company' },
    firstReceiptAt: { kind: 'datetime' },
  },
});

/** GET WmsInventory/containerStock: one row per bin and location. */
export const containerStockView = defineResource({
  ...view,
  name: 'containerStock',
  path: 'WmsInventory/containerStock',
  titleField: 'container',
  defaultSort: { column: 'container' },
  fields: {
    container: { kind: 'string' },
    locationId: { kind: 'ref', ref: 'storageSpace' },
    locationLabel: { kind: 'string' },
    /** Bins holding this product (the sums then cover that product only); a bin has many, so no order by them. */
    productId: { kind: 'ref', ref: 'product', noSort: true },
    contractorId: { kind: 'ref', ref: 'company', noSort: true },
    products: { kind: 'integer' },
    quantity: { kind: 'decimal' },
    reserved: { kind: 'decimal' },
    available: { kind: 'decimal' },
  },
});

/** GET WmsInventory/productStock: one row per product and warehouse (top-level location). */
export const productStockView = defineResource({
  ...view,
  name: 'productStock',
  path: 'WmsInventory/productStock',
  titleField: 'productIndex',
  defaultSort: { column: 'productIndex' },
  fields: {
    productId: { kind: 'ref', ref: 'product' },
    productIndex: { kind: 'string' },
    productName: { kind: 'string' },
    unit: { kind: 'string' },
    warehouseId: { kind: 'ref', ref: 'storageSpace' },
    warehouseLabel: { kind: 'string' },
    contractorId: { kind: 'ref', ref: 'company' },
    quantity: { kind: 'decimal' },
    reserved: { kind: 'decimal' },
    available: { kind: 'decimal' },
    warningStock: { kind: 'decimal' },
    criticalStock: { kind: 'decimal' },
  },
});
