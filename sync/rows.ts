import { normalizeGtin } from '../domain/barcodes/gtin';
import { isoDateOf, numberOf, textOf } from '../domain/rowValues';
import type { SyncEntity } from '../domain/sync/wire';
import { stockKey } from '../domain/warehouse/stock';
import type { Row, StockRecord } from './types';

/** A stock row from the feed (or built locally) in the stored shape. */
export const toStockRecord = (data: Readonly<Record<string, unknown>>, id?: string): StockRecord => {
  const key = stockKey({
    productId: String(data.productId ?? ''),
    locationId: String(data.locationId ?? ''),
    container: textOf(data.container),
    serialNumber: textOf(data.serialNumber),
    prodDate: isoDateOf(data.prodDate),
    expDate: isoDateOf(data.expDate),
  });
  return {
    id: id ?? String(data.id),
    // stockKeyString of an already normalised key, without normalising it again (100k rows per initial sync).
    key: JSON.stringify([
      key.productId,
      key.locationId,
      key.container,
      key.serialNumber,
      key.prodDate,
      key.expDate,
    ]),
    ...key,
    quantity: numberOf(data.quantity) ?? 0,
    reserved: numberOf(data.reserved) ?? 0,
    contractorId: textOf(data.contractorId),
    firstReceiptAt: textOf(data.firstReceiptAt),
    updatedAt: textOf(data.updatedAt),
  };
};

const barcodesOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((b): b is string => typeof b === 'string' && b !== '') : [];

/**
 * The stored form of a feed row: the API row plus lookup fields — products get `indexKey` (upper-case
 * index) and `gtins` (GTIN-14 of every GTIN-shaped barcode), stock rows are normalised (toStockRecord).
 */
export const toStoredRow = (entity: SyncEntity, id: string, data: Readonly<Record<string, unknown>>): Row => {
  switch (entity) {
    case 'stock':
      return toStockRecord(data, id);
    case 'product': {
      const barcodes = barcodesOf(data.barcodes);
      const gtins: string[] = [];
      for (const b of barcodes) {
        const g = normalizeGtin(b);
        if (g !== undefined && !gtins.includes(g)) gtins.push(g);
      }
      return { ...data, id, indexKey: String(data.index ?? '').toUpperCase(), barcodes, gtins };
    }
    case 'storageSpace':
      return { ...data, id, label: String(data.label ?? '').toUpperCase() };
    default:
      return { ...data, id };
  }
};

/** The key of a row in the shadow table. */
export const shadowKeyOf = (entity: SyncEntity, id: string): string => `${entity}|${id}`;

/** Id of a stock row the engine made for a key the server does not have yet. */
export const localStockId = (key: string): string => `local:${key}`;

export const isStockRecord = (row: Row): row is StockRecord => typeof row.key === 'string';
