import { BinaryBitmap, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { parseGs1 } from '../../../../domain/barcodes/gs1';
import { zxingHints } from '../../../../src/features/scanner/cameraFormats';

const GS = '\u001d';
const scale = 4;
const quiet = 12;

/** A grey image (0 = black) of a bwip-js symbol: what the camera would see, without blur or skew. */
const imageOf = (
  bcid: string,
  text: string,
): { luminance: Uint8ClampedArray; width: number; height: number } => {
  const [symbol] = bwipjs.raw(bcid, text, {});
  if (!symbol) throw new Error(`bwip-js drew nothing for ${bcid}`);
  let modules: boolean[][];
  if ('sbs' in symbol) {
    const row: boolean[] = [];
    symbol.sbs.forEach((width, i) => {
      for (let k = 0; k < width; k++) row.push(i % 2 === 0);
    });
    modules = Array.from({ length: 30 }, () => row);
  } else {
    modules = Array.from({ length: symbol.pixy }, (_, y) =>
      Array.from({ length: symbol.pixx }, (_, x) => symbol.pixs[y * symbol.pixx + x] === 1),
    );
  }
  const width = ((modules[0]?.length ?? 0) + 2 * quiet) * scale;
  const height = (modules.length + 2 * quiet) * scale;
  const luminance = new Uint8ClampedArray(width * height).fill(255);
  modules.forEach((row, my) => {
    row.forEach((dark, mx) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++)
          luminance[((my + quiet) * scale + dy) * width + (mx + quiet) * scale + dx] = 0;
    });
  });
  return { luminance, width, height };
};

/** Decodes like BrowserMultiFormatReader does: hints set once, then decodeWithState. */
const decode = (bcid: string, text: string): string => {
  const { luminance, width, height } = imageOf(bcid, text);
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)));
  const reader = new MultiFormatReader();
  reader.setHints(zxingHints());
  return reader.decodeWithState(bitmap).getText();
};

describe('camera decoding hints', () => {
  it('reads a GS1-128 with its ]C1 prefix and GS separators, which the GS1 parser understands', () => {
    const code = decode('gs1-128', '(01)09506000134352(10)ABC(21)X1');
    // No FNC1 after the fixed-length GTIN; one after the variable-length lot.
    expect(code).toBe(`]C1010950600013435210ABC${GS}21X1`);
    expect(parseGs1(code, { today: '2026-01-01' })).toMatchObject({
      ok: true,
      symbology: 'gs1-128',
      gtin: '09506000134352',
      lot: 'ABC',
      serial: 'X1',
    });
  });

  it('reads a GS1 DataMatrix with FNC1 as GS', () => {
    const code = decode('gs1datamatrix', '(01)09506000134352(17)261231(10)LOT-7');
    expect(parseGs1(code, { today: '2026-01-01' })).toMatchObject({
      ok: true,
      gtin: '09506000134352',
      expiryDate: '2026-12-31',
      lot: 'LOT-7',
    });
  });

  it('reads plain CODE128, EAN-13 and QR codes as they are', () => {
    expect(decode('code128', 'LOC-A-01-02')).toBe('LOC-A-01-02');
    expect(decode('ean13', '590123412345')).toBe('5901234123457');
    expect(decode('qrcode', 'P-000123')).toBe('P-000123');
  });
});
