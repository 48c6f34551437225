import { escapeHtml } from '../../resources/printView';

export interface PrintLabel {
  /** The location label: printed large under the bars and encoded in them. */
  readonly text: string;
  /** The CODE128 as an SVG document (see barcode.ts). */
  readonly svg: string;
  /** A smaller second line (e.g. the location type). */
  readonly caption?: string;
}

export interface LabelSheet {
  readonly title: string;
  readonly lang: string;
  readonly labels: readonly PrintLabel[];
}

const styles = [
  'body{font-family:system-ui,sans-serif;margin:8mm;color:#000}',
  '.sheet{display:flex;flex-wrap:wrap;gap:4mm}',
  '.label{width:70mm;height:36mm;box-sizing:border-box;border:1px dashed #999;padding:2mm 3mm;',
  'display:flex;flex-direction:column;align-items:center;justify-content:center;break-inside:avoid}',
  '.label svg{width:100%;height:20mm}',
  '.text{font-size:16pt;font-weight:700;letter-spacing:.05em;margin-top:1mm}',
  '.caption{font-size:8pt;color:#333}',
  '@media print{body{margin:0}.label{border-color:#ddd}}',
].join('');

// bwip-js writes a whole SVG document; inline markup starts at <svg (print views draw it at once,
// unlike images, which may still be loading when printing starts).
const inlineSvg = (svg: string): string => svg.slice(Math.max(0, svg.indexOf('<svg')));

/** A standalone HTML document with one label per location, laid out to print on A4 or label sheets. */
export const buildLabelSheetHtml = (sheet: LabelSheet): string => {
  const labels = sheet.labels
    .map((label) => {
      const caption = label.caption ? `<div class="caption">${escapeHtml(label.caption)}</div>` : '';
      return `<div class="label">${inlineSvg(label.svg)}<div class="text">${escapeHtml(label.text)}</div>${caption}</div>`;
    })
    .join('');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(sheet.lang)}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(sheet.title)}</title><style>${styles}</style></head>`,
    `<body><div class="sheet">${labels}</div></body></html>`,
  ].join('');
};
