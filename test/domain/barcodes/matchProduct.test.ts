import { describe, expect, it } from 'vitest';
import { parseGs1 } from '../../../domain/barcodes/gs1';
import { buildProductIndex, matchProduct, type ProductKeys } from '../../../domain/barcodes/matchProduct';

const GS = '\u001d';
const today = '2026-05-14';

interface Product extends ProductKeys {
  readonly name: string;
}

const product = (id: string, index: string, barcodes: string[] = []): Product => ({
  id,
  index,
  barcodes,
  name: `P ${id}`,
});

const milk = product('p1', 'MILK-1L', ['5901234123457']); // EAN-13
const cheese = product('p2', 'CHEESE', ['09506000134352']); // GTIN-14
const bolt = product('p3', 'BOLT-M8', ['BOLT/M8/ZN', 'INT-0001']); // CODE128 texts
const upc = product('p4', 'CEREAL', ['036000291452']); // UPC-A
const catalogue = [milk, cheese, bolt, upc];

describe('matchProduct', () => {
  it('finds by exact barcode (CODE128 text)', () => {
    expect(matchProduct('BOLT/M8/ZN', catalogue, { today })).toEqual({ kind: 'found', product: bolt });
    expect(matchProduct('INT-0001\r\n', catalogue, { today })).toEqual({ kind: 'found', product: bolt });
  });

  it('takes the GS1 reading a caller already made instead of parsing the scan again', () => {
    const scan = ']C101059012341234571726123110LOT-7';
    const parsed = parseGs1(scan, { today });
    expect(matchProduct(scan, catalogue, { parsed })).toEqual(matchProduct(scan, catalogue, { today }));
    // What was read is what counts: the same reading finds the product whatever text comes with it.
    expect(matchProduct('', catalogue, { parsed })).toMatchObject({ kind: 'found', product: milk });
  });

  it('barcodes are matched exactly: case matters', () => {
    expect(matchProduct('bolt/m8/zn', catalogue, { today })).toEqual({ kind: 'none' });
  });

  it('finds by index, case-insensitively', () => {
    expect(matchProduct('milk-1l', catalogue, { today })).toEqual({ kind: 'found', product: milk });
    expect(matchProduct('Cheese', catalogue, { today })).toEqual({ kind: 'found', product: cheese });
  });

  it('an EAN-13 barcode matches the GTIN-14 from AI 01', () => {
    const result = matchProduct(`]C101059012341234571726123110LOT-7`, catalogue, { today });
    expect(result).toMatchObject({
      kind: 'found',
      product: milk,
      gs1: { ok: true, gtin: '05901234123457', lot: 'LOT-7', expiryDate: '2026-12-31' },
    });
  });

  it('a GTIN-14 barcode matches the EAN-13 scanned plainly and vice versa', () => {
    const gtin14Product = product('p9', 'X', ['05901234123457']);
    expect(matchProduct('5901234123457', [gtin14Product], { today })).toMatchObject({
      kind: 'found',
      product: gtin14Product,
    });
    expect(matchProduct('05901234123457', [milk], { today })).toMatchObject({ kind: 'found', product: milk });
  });

  it('a UPC-A barcode matches its EAN-13 / GTIN-14 forms', () => {
    expect(matchProduct('0036000291452', catalogue, { today })).toMatchObject({
      kind: 'found',
      product: upc,
    });
    expect(matchProduct(`(01)00036000291452(10)A`, catalogue, { today })).toMatchObject({
      kind: 'found',
      product: upc,
    });
  });

  it('matches the contained GTIN (AI 02) of a pallet label when there is no AI 01', () => {
    const result = matchProduct(`]C100106141411234567897${'02'}09506000134352${'37'}24`, catalogue, {
      today,
    });
    expect(result).toMatchObject({
      kind: 'found',
      product: cheese,
      gs1: { sscc: '106141411234567897', containedCount: 24 },
    });
  });

  it('reads the FNC1 substitute', () => {
    expect(
      matchProduct('~0109506000134352~10B1~21S', catalogue, { today, fnc1Substitute: '~' }),
    ).toMatchObject({
      kind: 'found',
      product: cheese,
      gs1: { lot: 'B1', serial: 'S' },
    });
  });

  it('none: "no matching product" — with the GS1 data when the scan was GS1', () => {
    expect(matchProduct('UNKNOWN', catalogue, { today })).toEqual({ kind: 'none' });
    expect(matchProduct('', catalogue, { today })).toEqual({ kind: 'none' });
    const sscc = matchProduct(`]C100106141411234567897`, catalogue, { today });
    expect(sscc).toMatchObject({ kind: 'none', gs1: { ok: true, sscc: '106141411234567897' } });
  });

  it('reports a broken GS1 scan on none', () => {
    expect(matchProduct(`]C10109506000134353`, catalogue, { today })).toMatchObject({
      kind: 'none',
      gs1: { ok: false, error: 'invalidCheckDigit' },
    });
  });

  it('several: the same barcode on two products', () => {
    const twin = product('p5', 'MILK-2', ['5901234123457']);
    const result = matchProduct('5901234123457', [...catalogue, twin], { today });
    expect(result).toMatchObject({ kind: 'several', products: [milk, twin] });
  });

  it('several: an EAN-13 and a GTIN-14 barcode of the same GTIN on two products', () => {
    const twin = product('p6', 'OTHER', ['05901234123457']);
    const result = matchProduct('5901234123457', [milk, twin], { today });
    expect(result.kind).toBe('several');
    if (result.kind === 'several') expect(result.products.map((p) => p.id).sort()).toEqual(['p1', 'p6']);
  });

  it('several: one product by barcode, another by index', () => {
    const a = product('a', 'AAA', ['XYZ']);
    const b = product('b', 'XYZ', []);
    // lower case: only the index rule matches (barcodes are exact)
    expect(matchProduct('xyz', [a, b], { today })).toEqual({ kind: 'found', product: b });
    expect(matchProduct('XYZ', [a, b], { today })).toMatchObject({ kind: 'several', products: [a, b] });
  });

  it('one product matched by several rules counts once', () => {
    const self = product('s', '5901234123457', ['5901234123457', '05901234123457']);
    expect(matchProduct('5901234123457', [self], { today })).toMatchObject({ kind: 'found', product: self });
  });

  it('a plain barcode behind a non-GS1 AIM prefix is found', () => {
    expect(matchProduct(']C0BOLT/M8/ZN', catalogue, { today })).toEqual({ kind: 'found', product: bolt });
  });

  it('a barcode that happens to look like GS1 still matches exactly', () => {
    const odd = product('o', 'ODD', [`0109506000134352`]);
    expect(matchProduct('0109506000134352', [odd], { today })).toMatchObject({ kind: 'found', product: odd });
  });

  it('accepts a prebuilt index, and caches the index of a list', () => {
    const index = buildProductIndex(catalogue);
    expect(matchProduct('CHEESE', index, { today })).toEqual({ kind: 'found', product: cheese });
    const list = [milk];
    expect(matchProduct('CHEESE', list, { today })).toEqual({ kind: 'none' });
    list.push(cheese); // a changed length rebuilds the cached index
    expect(matchProduct('CHEESE', list, { today })).toEqual({ kind: 'found', product: cheese });
  });

  it('GS in a plain scan', () => {
    expect(matchProduct(`10ABC${GS}21X`, catalogue, { today })).toMatchObject({
      kind: 'none',
      gs1: { ok: true, lot: 'ABC' },
    });
  });
});

describe('buildProductIndex', () => {
  it('indexes barcodes, upper-case indexes and GTIN-14 of GTIN-shaped barcodes', () => {
    const index = buildProductIndex([...catalogue, product('e', 'lower-case', ['', '5901234123458'])]);
    expect(index.size).toBe(5);
    expect(index.byBarcode.get('INT-0001')).toEqual([bolt]);
    expect(index.byIndex.get('LOWER-CASE')?.map((p) => p.id)).toEqual(['e']);
    expect(index.byGtin.get('05901234123457')).toEqual([milk]);
    expect(index.byGtin.get('00036000291452')).toEqual([upc]);
    expect(index.byGtin.has('05901234123458')).toBe(false); // wrong check digit: exact match only
    expect(index.byBarcode.has('')).toBe(false);
  });

  it('matches every one of 20,000 products through the index (its speed is in bench/gs1.bench.ts)', () => {
    const many: Product[] = Array.from({ length: 20_000 }, (_, i) => {
      const body = `590${String(i).padStart(9, '0')}`;
      let sum = 0;
      for (let k = 0; k < 12; k++) sum += Number(body[11 - k]) * (k % 2 === 0 ? 3 : 1);
      return product(`id${i}`, `IDX-${i}`, [`${body}${(10 - (sum % 10)) % 10}`, `C128-${i}`]);
    });
    const index = buildProductIndex(many);
    for (let i = 0; i < 20_000; i += 1) {
      const target = many[i];
      if (!target) continue;
      const scan =
        i % 3 === 0 ? `]C1010${target.barcodes[0]}10L${i}` : i % 3 === 1 ? `idx-${i}` : `C128-${i}`;
      const result = matchProduct(scan, index, { today });
      if (result.kind !== 'found' || result.product.id !== target.id) throw new Error(`scan ${scan} failed`);
    }
    // Every GTIN and barcode is a key of the index's maps: a scan is one lookup, not a search.
    expect(index.byGtin.size).toBe(20_000);
    expect(index.byBarcode.size).toBeGreaterThanOrEqual(20_000);
  });
});
