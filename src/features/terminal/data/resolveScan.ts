import type { Gs1Data } from '../../../../domain/barcodes/gs1';
import { boolOf, textOf } from '../../../../domain/rowValues';
import type { RowReader } from '../../../../sync/ports';
import type { Row } from '../../../../sync/types';
import { findContainer, findLocation, findProduct, parseScan, type ScanOptions } from './scanLookups';

/** A location as the flow keeps it. */
export interface LocationPick {
  readonly id: string;
  readonly label: string;
}

/** A product as the flow keeps it: what it is and which batch data it needs. */
export interface ProductPick {
  readonly id: string;
  readonly index: string;
  readonly name: string;
  readonly unit: string | null;
  /** Must be given on every document line (docs/warehouse-rules.md, "Validation rules": batch attributes). */
  readonly requires: { readonly prodDate: boolean; readonly expDate: boolean; readonly serial: boolean };
  /** Shown and asked for (visible or required). */
  readonly tracks: { readonly prodDate: boolean; readonly expDate: boolean; readonly serial: boolean };
}

export const locationPickOf = (row: Row): LocationPick => ({
  id: row.id,
  label: String(row.label ?? row.id),
});

export const productPickOf = (row: Row): ProductPick => {
  const requires = {
    prodDate: boolOf(row.requiredProdDate),
    expDate: boolOf(row.requiredExpDate),
    serial: boolOf(row.requiredSerial),
  };
  return {
    id: row.id,
    index: String(row.index ?? ''),
    name: String(row.name ?? ''),
    unit: textOf(row.unit),
    requires,
    tracks: {
      prodDate: requires.prodDate || boolOf(row.visibleProdDate),
      expDate: requires.expDate || boolOf(row.visibleExpDate),
      serial: requires.serial || boolOf(row.visibleSerial),
    },
  };
};

export type ProductHit =
  | { readonly kind: 'found'; readonly product: ProductPick; readonly gs1: Gs1Data | null }
  | { readonly kind: 'several'; readonly count: number }
  | { readonly kind: 'none'; readonly gs1Error: string | null };

/** Everything a scanned code may be; the flow decides what it means at its current step. */
export interface ScanResolution {
  readonly code: string;
  readonly location: LocationPick | null;
  readonly product: ProductHit;
  /** A bin: an SSCC (AI 00) or a container number the stock knows, with where it is stored. */
  readonly container: { readonly container: string; readonly location: LocationPick | null } | null;
}

/** Looks a scanned code up as a location, a product (with its GS1 data) and a bin. */
export const resolveScan = async (
  tx: RowReader,
  code: string,
  options: ScanOptions = {},
): Promise<ScanResolution> => {
  // A bin is looked for at the same time: by the SSCC of a GS1 code (AI 00), else by the code itself.
  const parsed = parseScan(code, options);
  const gs1 = parsed.ok ? parsed : null;
  const sscc = gs1?.sscc;
  const [locationRow, match, bin] = await Promise.all([
    findLocation(tx, code),
    findProduct(tx, code, options, parsed),
    findContainer(tx, sscc ?? code),
  ]);
  const product: ProductHit =
    match.kind === 'found'
      ? { kind: 'found', product: productPickOf(match.product), gs1 }
      : match.kind === 'several'
        ? { kind: 'several', count: match.products.length }
        : { kind: 'none', gs1Error: match.gs1 && !match.gs1.ok ? match.gs1.error : null };
  let container: ScanResolution['container'] = null;
  if (bin || sscc) {
    const [where] = bin ? await tx.get('storageSpace', [bin.locationId]) : [];
    container = {
      container: bin?.container ?? sscc ?? code.trim(),
      location: where ? locationPickOf(where) : null,
    };
  }
  return {
    code: code.trim(),
    location: locationRow ? locationPickOf(locationRow) : null,
    product,
    container,
  };
};
