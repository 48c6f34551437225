import { normalizeGtin } from './gtin';

/** What a product scan can be matched on. */
export interface ProductKeys {
  readonly id: string;
  /** The product index (stored upper case; matched case-insensitively). */
  readonly index: string;
  /** EAN-13, GTIN-14 or any CODE128 text; matched exactly, GTIN-shaped ones also by GTIN. */
  readonly barcodes: readonly string[];
}

/** Lookup maps over a product list, so a scan is matched in O(1) whatever the list size. */
export interface ProductIndex<P extends ProductKeys = ProductKeys> {
  /** Exact barcode text → products. */
  readonly byBarcode: ReadonlyMap<string, readonly P[]>;
  /** Upper-case product index → products. */
  readonly byIndex: ReadonlyMap<string, readonly P[]>;
  /** GTIN-14 (from any valid GTIN-8/12/13/14 barcode) → products. */
  readonly byGtin: ReadonlyMap<string, readonly P[]>;
  /** How many products were indexed (a cheap staleness check for cached indexes). */
  readonly size: number;
}

const addTo = <P extends ProductKeys>(map: Map<string, P[]>, key: string, product: P): void => {
  const list = map.get(key);
  if (!list) map.set(key, [product]);
  else if (!list.some((p) => p.id === product.id)) list.push(product);
};

/** Builds the lookup maps (linear in the number of barcodes; 20,000 products take a few ms). */
export const buildProductIndex = <P extends ProductKeys>(products: readonly P[]): ProductIndex<P> => {
  const byBarcode = new Map<string, P[]>();
  const byIndex = new Map<string, P[]>();
  const byGtin = new Map<string, P[]>();
  for (const product of products) {
    if (product.index !== '') addTo(byIndex, product.index.toUpperCase(), product);
    for (const barcode of product.barcodes) {
      if (barcode === '') continue;
      addTo(byBarcode, barcode, product);
      const gtin = normalizeGtin(barcode);
      if (gtin !== undefined) addTo(byGtin, gtin, product);
    }
  }
  return { byBarcode, byIndex, byGtin, size: products.length };
};
