import { eq } from 'drizzle-orm';
import { normalizeGtin } from '../../../domain/barcodes/gtin';
import { AppError } from '../../../domain/errors';
import type { Executor } from '../../db/client';
import { productBarcode } from '../../db/internalTables';

/**
 * What a barcode is unique by: a GTIN as its GTIN-14 (an EAN-13 and the same code padded to 14 digits
 * find the same product when scanned, see domain/barcodes/matchProduct), any other text exactly.
 */
export const barcodeKey = (barcode: string): string => {
  const text = barcode.trim();
  return normalizeGtin(text) ?? text;
};

/** The barcodes without repeats of the same key, first spelling kept. */
export const distinctBarcodes = (barcodes: readonly string[]): string[] => {
  const seen = new Set<string>();
  return barcodes.filter((b) => {
    const key = barcodeKey(b);
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

export const barcodesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Replaces a product's rows in product_barcode within the product's transaction. The primary key
 * (account, barcode) decides: a key held by another product (committed, or committed meanwhile by a
 * concurrent save, which the insert waits for) is not inserted, and the save fails with
 * uniqueConflict on `barcodes` naming the taken codes.
 */
export const replaceProductBarcodes = async (
  tx: Executor,
  clientAccountId: string,
  productId: string,
  barcodes: readonly string[],
): Promise<void> => {
  await tx.delete(productBarcode).where(eq(productBarcode.productId, productId));
  const wanted = distinctBarcodes(barcodes);
  if (!wanted.length) return;
  const inserted = await tx
    .insert(productBarcode)
    .values(wanted.map((b) => ({ clientAccountId, barcode: barcodeKey(b), productId })))
    .onConflictDoNothing()
    .returning({ barcode: productBarcode.barcode });
  const stored = new Set(inserted.map((r) => r.barcode));
  const taken = wanted.filter((b) => !stored.has(barcodeKey(b)));
  if (taken.length)
    throw new AppError('uniqueConflict', {
      fields: [{ field: 'barcodes', rule: 'uniqueConflict', params: { barcode: taken.join(', ') } }],
    });
};
