import { BarcodeFormat, DecodeHintType } from '@zxing/library';

/** The symbologies Aisle labels use: CODE128 / GS1-128, EAN/UPC, GS1 DataMatrix, QR. */
export const zxingFormats: readonly BarcodeFormat[] = [
  BarcodeFormat.CODE_128,
  BarcodeFormat.EAN_13,
  BarcodeFormat.EAN_8,
  BarcodeFormat.UPC_A,
  BarcodeFormat.UPC_E,
  BarcodeFormat.DATA_MATRIX,
  BarcodeFormat.QR_CODE,
];

/** The same list in the Barcode Detection API's names. */
export const nativeFormats = [
  'code_128',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'data_matrix',
  'qr_code',
] as const;

/**
 * ZXing hints: our formats only, and ASSUME_GS1 so that a GS1-128 comes back with its ]C1 prefix and
 * GS separators for the domain GS1 parser (DataMatrix FNC1 comes back as GS anyway).
 */
export const zxingHints = (): Map<DecodeHintType, unknown> =>
  new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [...zxingFormats]],
    [DecodeHintType.ASSUME_GS1, true],
  ]);
