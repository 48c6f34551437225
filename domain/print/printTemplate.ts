import type { FieldError } from '../errors';
import {
  goodsShape,
  isListShape,
  loopItemName,
  type PrintObjectType,
  printVocabulary,
  type RecordShape,
  type Shape,
  shapeAt,
} from './printVocabulary';

/**
 * The print layout language: plain lines of text with `{{placeholders}}`, read line by line.
 *
 * - `{{product.name}}` — a value of the record (printVocabulary.ts lists them per kind of record).
 * - `{{barcode:code128 location.code}}` — a CODE128 barcode of a value; alone on its line.
 * - `{{barcode:gs1-128 product}}` — a GS1-128 barcode of an item of goods: GTIN (01), expiry (17), lot (10).
 * - `{{#each lines}}` … `{{/each}}` — the lines between, once per line of a document or order (`line.…`).
 * - A line starting with `# ` is a heading, `## ` bold; an empty line is a gap.
 *
 * Nothing in a layout is evaluated: placeholders only name values, and the values are printed as text (ZPL control
 * characters escaped, PDF text never markup), so a layout cannot run code or inject anything.
 */
export const barcodeSymbologies = ['code128', 'gs1-128'] as const;
export type BarcodeSymbology = (typeof barcodeSymbologies)[number];

export type TextStyle = 'heading' | 'bold' | 'normal';
export type TextPart = { readonly literal: string } | { readonly path: readonly string[] };

export type LayoutNode =
  | { readonly kind: 'text'; readonly style: TextStyle; readonly parts: readonly TextPart[] }
  | { readonly kind: 'barcode'; readonly symbology: BarcodeSymbology; readonly path: readonly string[] }
  | { readonly kind: 'gap' }
  | { readonly kind: 'each'; readonly list: readonly string[]; readonly body: readonly LayoutNode[] };

export type ParsedLayout =
  | { readonly ok: true; readonly nodes: readonly LayoutNode[] }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/** Errors reported at most per layout (the first ones; a broken layout usually breaks the same way again). */
const maxErrors = 10;

const placeholderPattern = /\{\{([^{}]*)\}\}/g;
const pathPattern = /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*$/;
const eachPattern = /^\s*\{\{#each\s+([A-Za-z][A-Za-z0-9.]*)\s*\}\}\s*$/;
const endEachPattern = /^\s*\{\{\/each\s*\}\}\s*$/;
const barcodePattern = /^\s*\{\{\s*barcode:([a-z0-9-]+)\s+([^{}\s]+)\s*\}\}\s*$/;

const syntaxError = (line: number): FieldError => ({
  field: 'content',
  rule: 'layoutSyntaxError',
  params: { line },
});
const unknownPlaceholder = (line: number, placeholder: string): FieldError => ({
  field: 'content',
  rule: 'layoutUnknownPlaceholder',
  params: { line, placeholder },
});

const isGoods = (shape: Shape | undefined): boolean => shape === goodsShape;

/**
 * Reads a layout's content for a kind of record: the parsed lines, or every problem (unknown placeholders, a
 * loop left open, a stray `{{`) with its line number, as translated form errors on the `content` field.
 */
export const parseLayout = (content: string, objectType: PrintObjectType): ParsedLayout => {
  const root = printVocabulary[objectType];
  const errors: FieldError[] = [];
  const top: LayoutNode[] = [];
  let loop: { list: string[]; body: LayoutNode[]; item: RecordShape; line: number } | undefined;

  const resolve = (path: readonly string[]): Shape | undefined =>
    loop && path[0] === loopItemName ? shapeAt(loop.item, path.slice(1)) : shapeAt(root, path);

  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const into = loop ? loop.body : top;
    const each = eachPattern.exec(raw);
    if (each) {
      const list = (each[1] ?? '').split('.');
      const shape = shapeAt(root, list);
      if (loop) errors.push(syntaxError(lineNo));
      else if (!shape || !isListShape(shape)) errors.push(unknownPlaceholder(lineNo, `#each ${each[1]}`));
      else loop = { list, body: [], item: shape.each, line: lineNo };
      return;
    }
    if (endEachPattern.test(raw)) {
      if (!loop) errors.push(syntaxError(lineNo));
      else {
        top.push({ kind: 'each', list: loop.list, body: loop.body });
        loop = undefined;
      }
      return;
    }
    const barcode = barcodePattern.exec(raw);
    if (barcode) {
      const symbology = barcode[1] ?? '';
      const target = barcode[2] ?? '';
      const path = target.split('.');
      const shape = pathPattern.test(target) ? resolve(path) : undefined;
      const fits =
        symbology === 'code128' ? shape === 'text' : symbology === 'gs1-128' ? isGoods(shape) : false;
      if (!fits) errors.push(unknownPlaceholder(lineNo, `barcode:${symbology} ${target}`));
      else into.push({ kind: 'barcode', symbology: symbology as BarcodeSymbology, path });
      return;
    }
    if (raw.trim() === '') {
      into.push({ kind: 'gap' });
      return;
    }
    const style: TextStyle = raw.startsWith('## ') ? 'bold' : raw.startsWith('# ') ? 'heading' : 'normal';
    const text = style === 'bold' ? raw.slice(3) : style === 'heading' ? raw.slice(2) : raw;
    const parts: TextPart[] = [];
    let last = 0;
    let broken = false;
    for (const match of text.matchAll(placeholderPattern)) {
      const at = match.index ?? 0;
      if (at > last) parts.push({ literal: text.slice(last, at) });
      last = at + match[0].length;
      const name = (match[1] ?? '').trim();
      const path = name.split('.');
      if (name.startsWith('barcode:') || name.startsWith('#') || name.startsWith('/')) broken = true;
      else if (!pathPattern.test(name) || resolve(path) !== 'text')
        errors.push(unknownPlaceholder(lineNo, name));
      else parts.push({ path });
    }
    if (last < text.length) parts.push({ literal: text.slice(last) });
    // What is left once the placeholders are taken out must hold no braces: a `{{` never closed, a `}}` never opened.
    const rest = parts.map((p) => ('literal' in p ? p.literal : '')).join('');
    if (broken || rest.includes('{{') || rest.includes('}}')) errors.push(syntaxError(lineNo));
    else into.push({ kind: 'text', style, parts });
  });
  if (loop) errors.push(syntaxError(loop.line));
  return errors.length ? { ok: false, errors: errors.slice(0, maxErrors) } : { ok: true, nodes: top };
};
