import { describe, expect, it } from 'vitest';
import { defaultPrintLayouts } from '../../../domain/print/defaultLayouts';
import { parsePrinterAddress } from '../../../domain/print/printerAddress';
import { type LayoutNode, parseLayout } from '../../../domain/print/printTemplate';
import { printObjectTypes } from '../../../domain/print/printVocabulary';
import { gs1ElementString, layoutToZpl, renderLayout } from '../../../domain/print/renderLayout';

const nodesOf = (content: string, type: Parameters<typeof parseLayout>[1]): readonly LayoutNode[] => {
  const parsed = parseLayout(content, type);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.nodes;
};

const label = { kind: 'label', widthMm: 100, heightMm: 60 } as const;

describe('print layout language', () => {
  it('names an unknown placeholder and its line, for the kind of record', () => {
    const parsed = parseLayout('# {{product.name}}\nsize {{product.colour}}', 'product');
    expect(parsed).toEqual({
      ok: false,
      errors: [
        {
          field: 'content',
          rule: 'layoutUnknownPlaceholder',
          params: { line: 2, placeholder: 'product.colour' },
        },
      ],
    });
    // A location label cannot print a product's name.
    expect(parseLayout('{{product.name}}', 'location').ok).toBe(false);
  });

  it('refuses stray braces, loops left open or nested, and barcodes that are not alone or of the wrong kind', () => {
    const rulesOf = (content: string, type: Parameters<typeof parseLayout>[1] = 'document') => {
      const parsed = parseLayout(content, type);
      return parsed.ok ? [] : parsed.errors.map((e) => `${e.rule}:${e.params?.line}`);
    };
    expect(rulesOf('{{document.number')).toEqual(['layoutSyntaxError:1']);
    expect(rulesOf('x\n{{#each lines}}\n{{line.no}}')).toEqual(['layoutSyntaxError:2']);
    expect(rulesOf('{{#each lines}}\n{{#each lines}}\n{{/each}}')).toEqual(['layoutSyntaxError:2']);
    expect(rulesOf('{{/each}}')).toEqual(['layoutSyntaxError:1']);
    expect(rulesOf('No {{barcode:code128 document.number}}')).toEqual(['layoutSyntaxError:1']);
    expect(rulesOf('{{barcode:qr document.number}}')).toEqual(['layoutUnknownPlaceholder:1']);
    // GS1-128 encodes goods, CODE128 a text: each refuses the other's target.
    expect(rulesOf('{{barcode:gs1-128 product.name}}', 'product')).toEqual(['layoutUnknownPlaceholder:1']);
    expect(rulesOf('{{barcode:code128 product}}', 'product')).toEqual(['layoutUnknownPlaceholder:1']);
    // `line.` only inside the loop; the record's fields also there.
    expect(rulesOf('{{line.no}}')).toEqual(['layoutUnknownPlaceholder:1']);
    expect(rulesOf('{{#each lines}}\n{{line.product.name}} {{document.number}}\n{{/each}}')).toEqual([]);
    // Nothing is evaluated: an expression is an unknown name.
    expect(rulesOf('{{constructor.constructor}}')).toEqual(['layoutUnknownPlaceholder:1']);
    expect(rulesOf("{{document.number + require('fs')}}")).toEqual(['layoutUnknownPlaceholder:1']);
  });

  it('fills text, loops over lines and prints values as text, never as markup', () => {
    const nodes = nodesOf(
      '# {{document.number}}\n\n{{#each lines}}\n{{line.no}}. {{line.product.name}} x{{line.quantity}}\n{{/each}}',
      'document',
    );
    const tree = renderLayout(
      nodes,
      {
        document: { number: 'PZ/1' },
        lines: [
          { no: '1', quantity: '5', product: { name: '<b>Milk</b>' } },
          { no: '2', quantity: '1', product: { name: 'Tea' } },
        ],
      },
      { kind: 'a4' },
    );
    expect(tree.blocks).toEqual([
      { kind: 'text', style: 'heading', text: 'PZ/1' },
      { kind: 'gap' },
      { kind: 'text', style: 'normal', text: '1. <b>Milk</b> x5' },
      { kind: 'text', style: 'normal', text: '2. Tea x1' },
    ]);
  });

  it('encodes GTIN (01), expiry (17) and lot (10) in GS1-128, and leaves out what GS1 cannot carry', () => {
    expect(gs1ElementString({ gtin: '5901234123457', lot: 'LOT-7', expiryDate: '2027-03-31' })).toBe(
      '(01)05901234123457(17)270331(10)LOT-7',
    );
    expect(gs1ElementString({ gtin: '5901234123458', lot: 'A' })).toBeUndefined();
    expect(gs1ElementString({ gtin: '5901234123457', lot: 'ŁÓDŹ', expiryDate: '31.03.2027' })).toBe(
      '(01)05901234123457',
    );
  });

  it('draws ZPL: label size in dots, UTF-8, escaped field data, CODE128 and GS1-128 in UCC/EAN mode', () => {
    const nodes = nodesOf(
      '## {{product.name}}\n{{barcode:gs1-128 product}}\n{{barcode:code128 product.index}}',
      'product',
    );
    const tree = renderLayout(
      nodes,
      {
        product: {
          name: 'Żółw ^XA_~',
          index: 'P-1',
          gtin: '05901234123457',
          lot: 'L1',
          expiryDate: '2027-01-15',
        },
      },
      label,
    );
    const zpl = layoutToZpl(tree, { widthMm: 100, heightMm: 60, dpi: 203 });
    expect(zpl).toBe(
      [
        '^XA',
        '^CI28',
        '^PW799',
        '^LL480',
        '^FO16,16^A0N,28,28^FB767,1,0,L^FH^FDŻółw _5EXA_5F_7E^FS',
        '^FO16,52^BY2^BCN,80,Y,N,N,D^FH^FD(01)05901234123457(17)270115(10)L1^FS',
        '^FO16,172^BY2^BCN,80,Y,N,N^FH^FDP-1^FS',
        '^XZ',
        '',
      ].join('\n'),
    );
  });

  it('has a default layout for every kind of record, and each one is valid', () => {
    for (const type of printObjectTypes) {
      const layouts = defaultPrintLayouts.filter((l) => l.objectType === type);
      expect(layouts.length, type).toBe(1);
      for (const layout of layouts) expect(parseLayout(layout.content, type).ok, layout.name).toBe(true);
    }
  });

  it('reads printer addresses with port 9100 by default', () => {
    expect(parsePrinterAddress('10.0.0.5')).toEqual({ host: '10.0.0.5', port: 9100 });
    expect(parsePrinterAddress(' zebra-1.local:6101 ')).toEqual({ host: 'zebra-1.local', port: 6101 });
    expect(parsePrinterAddress('[fe80::1]:9100')).toEqual({ host: 'fe80::1', port: 9100 });
    expect(parsePrinterAddress('fe80::1')).toEqual({ host: 'fe80::1', port: 9100 });
    for (const bad of ['', 'host:0', 'host:70000', 'a b', 'http://x', 'x:y'])
      expect(parsePrinterAddress(bad)).toBeUndefined();
  });
});
