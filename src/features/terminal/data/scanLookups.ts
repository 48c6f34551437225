import { type Gs1Result, parseGs1 } from '../../../../domain/barcodes/gs1';
import { matchProduct, type ProductKeys, type ProductMatch } from '../../../../domain/barcodes/matchProduct';
import { todayOf } from '../../../../domain/warehouse/isoDate';
import type { RowReader } from '../../../../sync/ports';
import type { Row, StockRecord } from '../../../../sync/types';

/**
 * The terminal's reads of the replica (the view: server rows with this device's pending work applied): what a scan means — a product (GS1 parsing and domain matchProduct), a location, a bin.
 * Every function takes a read transaction of the store (`store.read(tx => …)` or useReplicaQuery). See ./index.ts.
 */

/** A product row as stored (domain ProductKeys plus every API field). */
export type ProductRow = Row & ProductKeys;

const asProductRow = (row: Row): ProductRow => ({
  ...row,
  index: String(row.index ?? ''),
  barcodes: Array.isArray(row.barcodes) ? row.barcodes.filter((b): b is string => typeof b === 'string') : [],
});

export interface ScanOptions {
  /** Reference date of GS1 YYMMDD dates (ISO); today by default. */
  readonly today?: string;
}

/** A scanned code read as GS1 (once per scan: the product and the bin lookups both use it). */
export const parseScan = (code: string, options: ScanOptions = {}): Gs1Result =>
  parseGs1(code, { today: options.today ?? todayOf(Date.now()) });

/**
 * The product a scan means: a barcode, the index (any case), a GTIN (EAN-13 ↔ GTIN-14) or GS1 data
 * (AI 01/02 with lot, dates, serial — in `gs1`). Looked up through the replica's indexes, then judged by
 * domain matchProduct, so 'found' / 'several' / 'none' follow the same rules everywhere.
 */
export const findProduct = async (
  tx: RowReader,
  code: string,
  options: ScanOptions = {},
  gs1: Gs1Result = parseScan(code, options),
): Promise<ProductMatch<ProductRow>> => {
  const trimmed = code.trim();
  const texts = [...new Set([trimmed, gs1.ok ? trimmed : gs1.text])].filter((t) => t !== '');
  const gtin = gs1.ok ? (gs1.gtin ?? gs1.containedGtin) : undefined;
  // The three lookups at once (a scan waits for the slowest, not for their sum); candidates in this order.
  const none: Promise<Row[]> = Promise.resolve([]);
  const lists = await Promise.all([
    texts.length ? tx.where('product', 'barcodes', texts) : none,
    texts.length
      ? tx.where(
          'product',
          'indexKey',
          texts.map((t) => t.toUpperCase()),
        )
      : none,
    gtin ? tx.where('product', 'gtins', [gtin]) : none,
  ]);
  const found = new Map<string, Row>();
  for (const r of lists.flat()) found.set(r.id, r);
  return matchProduct(code, [...found.values()].map(asProductRow), { parsed: gs1 });
};

/** A location by its label (any case, surrounding spaces ignored) or by its id. */
export const findLocation = async (tx: RowReader, code: string): Promise<Row | null> => {
  const text = code.trim();
  if (!text) return null;
  const [[byLabel], [byId]] = await Promise.all([
    tx.where('storageSpace', 'label', [text.toUpperCase()]),
    tx.get('storageSpace', [text]),
  ]);
  return byLabel ?? byId ?? null;
};

/** A bin (container) by its number, with where it is stored now; null when no stock row names it. */
export const findContainer = async (
  tx: RowReader,
  code: string,
): Promise<{ readonly container: string; readonly locationId: string } | null> => {
  const text = code.trim();
  if (!text) return null;
  const rows = (await tx.where('stock', 'container', [text])) as StockRecord[];
  const [first] = rows.sort((a, b) =>
    a.locationId < b.locationId ? -1 : a.locationId > b.locationId ? 1 : 0,
  );
  return first ? { container: text, locationId: first.locationId } : null;
};
