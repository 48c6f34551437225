import { parseGs1 } from '../../domain/barcodes/gs1';
import { buildProductIndex, matchProduct, type ProductMatch } from '../../domain/barcodes/matchProduct';
import type { RowReader } from '../../sync/ports';
import type { Row } from '../../sync/types';

interface ProductRow {
  readonly id: string;
  readonly index: string;
  readonly barcodes: readonly string[];
  readonly row: Row;
}

const keysOf = (row: Row): ProductRow => ({
  id: row.id,
  index: String(row.index ?? ''),
  barcodes: Array.isArray(row.barcodes) ? row.barcodes.filter((b): b is string => typeof b === 'string') : [],
  row,
});

/**
 * The domain matcher (domain/barcodes/matchProduct.ts) over the replica's indexed reads: the candidates are
 * the products whose barcode, upper-case index or GTIN-14 equals what the scan can mean, so a scan reads a
 * handful of rows whatever the catalogue size. Stands in for the terminal's findProduct
 * (src/features/terminal/data/queries.ts) while that does not exist.
 */
export const lookupProduct = async (reader: RowReader, scan: string): Promise<ProductMatch<ProductRow>> => {
  const gs1 = parseGs1(scan);
  const trimmed = scan.trim();
  const texts = gs1.ok || gs1.text === trimmed ? [trimmed] : [trimmed, gs1.text];
  const gtin = gs1.ok ? (gs1.gtin ?? gs1.containedGtin) : undefined;
  const [byBarcode, byIndex, byGtin] = await Promise.all([
    reader.where('product', 'barcodes', texts),
    reader.where(
      'product',
      'indexKey',
      texts.map((t) => t.toUpperCase()),
    ),
    gtin ? reader.where('product', 'gtins', [gtin]) : Promise.resolve([]),
  ]);
  const candidates = new Map<string, ProductRow>();
  for (const row of [...byBarcode, ...byIndex, ...byGtin])
    if (!candidates.has(row.id)) candidates.set(row.id, keysOf(row));
  return matchProduct(scan, buildProductIndex([...candidates.values()]));
};
