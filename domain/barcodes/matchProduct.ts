import { type Gs1ParseOptions, type Gs1Result, parseGs1 } from './gs1';
import { buildProductIndex, type ProductIndex, type ProductKeys } from './productIndex';

export type { ProductIndex, ProductKeys } from './productIndex';
export { buildProductIndex } from './productIndex';

/**
 * Which product a scan means (issues severalProductsMatch / noProductMatches, docs/warehouse-rules.md).
 *
 * A product matches when ANY of these holds:
 * 1. one of its barcodes equals the scan exactly (after dropping surrounding whitespace such as the
 *    scanner's CR/LF; the scan is also tried without its AIM prefix);
 * 2. its index equals the scan case-insensitively (indexes are stored upper case);
 * 3. the scan carries a GTIN — AI 01, or AI 02 when there is no 01 (a logistic unit's content), or a
 *    plain EAN-8/UPC-A/EAN-13/GTIN-14 — equal, as GTIN-14, to one of its GTIN-shaped barcodes, so an
 *    EAN-13 barcode matches the GTIN-14 from AI 01.
 * All matches are pooled (one product found by several rules counts once): one product → 'found',
 * none → 'none', more → 'several'. `gs1` is the parsed scan whenever it was GS1 data (also on 'none'
 * and 'several', so the caller can show e.g. an invalid check digit or use the SSCC of a pallet label).
 */
export type ProductMatch<P extends ProductKeys = ProductKeys> =
  | { readonly kind: 'found'; readonly product: P; readonly gs1?: Gs1Result }
  | { readonly kind: 'none'; readonly gs1?: Gs1Result }
  | { readonly kind: 'several'; readonly products: readonly P[]; readonly gs1?: Gs1Result };

export interface MatchProductOptions extends Gs1ParseOptions {
  /** The scan already read as GS1 with these options (a caller that needed it first): not parsed again. */
  readonly parsed?: Gs1Result;
}

const indexCache = new WeakMap<readonly ProductKeys[], ProductIndex>();

/**
 * The index of a product list, built once per list object and reused (the list must not be
 * mutated afterwards; a changed length is detected and rebuilds). Pass a {@link ProductIndex}
 * from {@link buildProductIndex} to control its lifetime yourself.
 */
const isProductIndex = <P extends ProductKeys>(x: readonly P[] | ProductIndex<P>): x is ProductIndex<P> =>
  'byBarcode' in x;

const resolveIndex = <P extends ProductKeys>(products: readonly P[] | ProductIndex<P>): ProductIndex<P> => {
  if (isProductIndex(products)) return products;
  const list: readonly P[] = products;
  // the cache holds, per list object, the index built from that very list
  const cached = indexCache.get(list) as ProductIndex<P> | undefined;
  if (cached && cached.size === list.length) return cached;
  const built = buildProductIndex(list);
  indexCache.set(list, built);
  return built;
};

/** Adds products not yet found (by id), keeping first-found order. */
const takeInto = <P extends ProductKeys>(found: Map<string, P>, list: readonly P[] | undefined): void => {
  if (list) for (const product of list) if (!found.has(product.id)) found.set(product.id, product);
};

export const matchProduct = <P extends ProductKeys>(
  scan: string,
  products: readonly P[] | ProductIndex<P>,
  opts: MatchProductOptions = {},
): ProductMatch<P> => {
  const index = resolveIndex(products);
  const gs1 = opts.parsed ?? parseGs1(scan, opts);
  const found = new Map<string, P>();

  const trimmed = scan.trim();
  const texts = gs1.ok || gs1.text === trimmed ? [trimmed] : [trimmed, gs1.text];
  for (const text of texts) {
    if (text === '') continue;
    takeInto(found, index.byBarcode.get(text));
    takeInto(found, index.byIndex.get(text.toUpperCase()));
  }
  if (gs1.ok) takeInto(found, index.byGtin.get(gs1.gtin ?? gs1.containedGtin ?? ''));

  const isGs1 = gs1.ok || gs1.error !== 'notGs1';
  const extra = isGs1 ? { gs1 } : {};
  if (found.size === 0) return { kind: 'none', ...extra };
  const matches = [...found.values()];
  if (matches.length === 1 && matches[0]) return { kind: 'found', product: matches[0], ...extra };
  return { kind: 'several', products: matches, ...extra };
};
