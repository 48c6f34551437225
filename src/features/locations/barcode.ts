/**
 * CODE128 barcodes (location and bin labels) as SVG text, drawn by bwip-js. The library is loaded on first use so the
 * main bundle stays small; the generic build has only the SVG renderer, which also runs in tests.
 */
type BwipGeneric = typeof import('bwip-js/generic');

let loading: Promise<BwipGeneric> | null = null;
const bwip = (): Promise<BwipGeneric> => {
  loading ??= import('bwip-js/generic');
  return loading;
};

export interface BarcodeOptions {
  /** Bar height in millimetres (bwip-js units). */
  readonly height?: number;
  /** Module width multiplier. */
  readonly scale?: number;
}

/** The CODE128 of `text` as an SVG document (bars only: the label text is printed by the caller). */
export const code128Svg = async (text: string, options: BarcodeOptions = {}): Promise<string> => {
  const lib = await bwip();
  return lib.code128(
    { bcid: 'code128', text, scale: options.scale ?? 2, height: options.height ?? 12, paddingwidth: 4 },
    lib.drawingSVG(),
  );
};

/** An SVG document as a data URL for an <img> (no markup injected into the page). */
export const svgDataUrl = (svg: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
