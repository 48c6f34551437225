import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type StockKey, stockKey } from '../../../domain/warehouse/stock';

/** The key columns shared by the stock, ledger and reservation tables. */
export interface KeyColumns {
  readonly clientAccountId: PgColumn;
  readonly productId: PgColumn;
  readonly locationId: PgColumn;
  readonly container: PgColumn;
  readonly serialNumber: PgColumn;
  readonly prodDate: PgColumn;
  readonly expDate: PgColumn;
}

/** A key as stored: no bin / no serial is '' (NOT NULL columns), missing dates are NULL. */
export interface DbStockKey {
  readonly productId: string;
  readonly locationId: string;
  readonly container: string;
  readonly serialNumber: string;
  readonly prodDate: string | null;
  readonly expDate: string | null;
}

export const toDbKey = (key: StockKey): DbStockKey => {
  const k = stockKey(key);
  return { ...k, container: k.container ?? '', serialNumber: k.serialNumber ?? '' };
};

/** Back to the domain's key ('' → null, dates as YYYY-MM-DD). */
export const fromDbKey = (row: {
  productId: string;
  locationId: string;
  container: string | null;
  serialNumber: string | null;
  prodDate: string | null;
  expDate: string | null;
}): StockKey => stockKey(row);

/** Exact match on one key; dates compare with IS NULL / = so the key index is used. */
export const keyCondition = (t: KeyColumns, accountId: string, key: DbStockKey): SQL =>
  and(
    eq(t.clientAccountId, accountId),
    eq(t.productId, key.productId),
    eq(t.locationId, key.locationId),
    eq(t.container, key.container),
    eq(t.serialNumber, key.serialNumber),
    key.prodDate === null ? isNull(t.prodDate) : eq(t.prodDate, key.prodDate),
    key.expDate === null ? isNull(t.expDate) : eq(t.expDate, key.expDate),
  ) as SQL;
