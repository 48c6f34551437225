import { gs1Charset82 } from '../barcodes/applicationIdentifiers';
import { isValidGtin } from '../barcodes/gtin';
import type { BarcodeSymbology, LayoutNode, TextStyle } from './printTemplate';
import type { PrintRecord, PrintValue } from './printVocabulary';

/** Where a layout is printed: an A4 page, or a label of a given size. */
export type PrintPage =
  | { readonly kind: 'a4' }
  | { readonly kind: 'label'; readonly widthMm: number; readonly heightMm: number };

/** One printed element, in order from the top: the neutral tree both the PDF and the ZPL are made from. */
export type LayoutBlock =
  | { readonly kind: 'text'; readonly style: TextStyle; readonly text: string }
  | {
      readonly kind: 'barcode';
      readonly symbology: BarcodeSymbology;
      /** CODE128: the text encoded. GS1-128: the element string with AIs in parentheses, `(01)…(17)…(10)…`. */
      readonly data: string;
    }
  | { readonly kind: 'gap' };

export interface LayoutTree {
  readonly page: PrintPage;
  readonly blocks: readonly LayoutBlock[];
}

const valueAt = (data: PrintRecord, path: readonly string[]): PrintValue | undefined => {
  let here: PrintValue | undefined = data;
  for (const key of path) {
    if (here === undefined || typeof here === 'string' || Array.isArray(here)) return undefined;
    const record: PrintRecord = here as PrintRecord;
    here = Object.hasOwn(record, key) ? record[key] : undefined;
  }
  return here;
};

const textAt = (data: PrintRecord, path: readonly string[]): string => {
  const value = valueAt(data, path);
  return typeof value === 'string' ? value : '';
};

/**
 * The GS1-128 element string of an item of goods: GTIN (01), expiry (17) and lot (10), lot last because it is the
 * only variable-length field (so no FNC1 separator is needed). Undefined when the item has no valid GTIN; a lot GS1
 * cannot carry (over 20 characters, outside character set 82) or a date that is not YYYY-MM-DD is left out rather
 * than printed wrong.
 */
export const gs1ElementString = (goods: PrintRecord): string | undefined => {
  const gtin = typeof goods.gtin === 'string' ? goods.gtin : '';
  if (!isValidGtin(gtin)) return undefined;
  let out = `(01)${gtin.padStart(14, '0')}`;
  const expiry =
    typeof goods.expiryDate === 'string' ? /^\d{2}(\d{2})-(\d{2})-(\d{2})$/.exec(goods.expiryDate) : null;
  if (expiry) out += `(17)${expiry[1]}${expiry[2]}${expiry[3]}`;
  const lot = typeof goods.lot === 'string' ? goods.lot : '';
  if (lot && lot.length <= 20 && gs1Charset82.test(lot)) out += `(10)${lot}`;
  return out;
};

const renderNodes = (nodes: readonly LayoutNode[], data: PrintRecord, out: LayoutBlock[]): void => {
  for (const node of nodes) {
    if (node.kind === 'gap') out.push({ kind: 'gap' });
    else if (node.kind === 'text') {
      const text = node.parts.map((p) => ('literal' in p ? p.literal : textAt(data, p.path))).join('');
      out.push({ kind: 'text', style: node.style, text });
    } else if (node.kind === 'barcode') {
      const value = valueAt(data, node.path);
      const encoded =
        node.symbology === 'code128'
          ? typeof value === 'string' && value !== ''
            ? value
            : undefined
          : value && typeof value !== 'string' && !Array.isArray(value)
            ? gs1ElementString(value as PrintRecord)
            : undefined;
      // Nothing to encode (no code, no GTIN): no barcode, rather than an empty or misleading one.
      if (encoded !== undefined) out.push({ kind: 'barcode', symbology: node.symbology, data: encoded });
    } else {
      const items = valueAt(data, node.list);
      if (!Array.isArray(items)) continue;
      for (const item of items as readonly PrintRecord[])
        renderNodes(node.body, { ...data, line: item }, out);
    }
  }
};

/** Fills a parsed layout with a record's data: the neutral tree the PDF and the ZPL are drawn from. */
export const renderLayout = (
  nodes: readonly LayoutNode[],
  data: PrintRecord,
  page: PrintPage,
): LayoutTree => {
  const blocks: LayoutBlock[] = [];
  renderNodes(nodes, data, blocks);
  return { page, blocks };
};

/** A label printer's stock and resolution. */
export interface ZplTarget {
  readonly widthMm: number;
  readonly heightMm: number;
  /** Dots per inch: 203, 300 or 600. */
  readonly dpi: number;
}

/** Heights of text in millimetres per style, and of barcodes' bars. */
const textHeightMm: Readonly<Record<TextStyle, number>> = { heading: 5, bold: 3.5, normal: 3 };
const barHeightMm = 10;
const marginMm = 2;
const gapMm = 2;

/**
 * Field data for ^FD behind ^FH: the three characters ZPL reads as commands or escapes (^ ~ _) as hex escapes, line
 * breaks as spaces; everything else is sent as UTF-8 (^CI28).
 */
const zplField = (text: string): string =>
  text
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/**
 * The tree as one ZPL label: text rows (font 0, height per style, cut to the label's width), CODE128 barcodes
 * (^BC, interpretation line below), GS1-128 in UCC/EAN mode (^BC mode D: the printer adds FNC1 and strips the
 * parentheses from the bars, printing them in the line below). Blocks that would fall off the label are left out.
 */
export const layoutToZpl = (tree: LayoutTree, target: ZplTarget): string => {
  const dotsPerMm = target.dpi / 25.4;
  const dots = (mm: number) => Math.round(mm * dotsPerMm);
  const width = dots(target.widthMm);
  const height = dots(target.heightMm);
  const x = dots(marginMm);
  const fieldWidth = Math.max(1, width - 2 * x);
  const out = ['^XA', '^CI28', `^PW${width}`, `^LL${height}`];
  let y = dots(marginMm);
  for (const block of tree.blocks) {
    if (block.kind === 'gap') {
      y += dots(gapMm);
      continue;
    }
    if (block.kind === 'text') {
      const h = dots(textHeightMm[block.style]);
      if (y + h > height) break;
      out.push(`^FO${x},${y}^A0N,${h},${h}^FB${fieldWidth},1,0,L^FH^FD${zplField(block.text)}^FS`);
      y += h + dots(1);
      continue;
    }
    const h = dots(barHeightMm);
    // Bars plus the interpretation line under them.
    if (y + h + dots(4) > height) break;
    const mode = block.symbology === 'gs1-128' ? ',D' : '';
    out.push(`^FO${x},${y}^BY2^BCN,${h},Y,N,N${mode}^FH^FD${zplField(block.data)}^FS`);
    y += h + dots(5);
  }
  out.push('^XZ');
  return `${out.join('\n')}\n`;
};
