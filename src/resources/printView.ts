/** Text made safe inside HTML elements and attribute values. */
export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface PrintTable {
  readonly title: string;
  readonly lang: string;
  readonly headers: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** Printed under the title (e.g. "Page 2 of 5, 120 records"). */
  readonly subtitle?: string;
}

const styles = [
  'body{font-family:system-ui,sans-serif;margin:16px;color:#000}',
  'h1{font-size:18px;margin:0 0 4px}',
  'p{font-size:12px;margin:0 0 12px;color:#444}',
  'table{border-collapse:collapse;width:100%;font-size:12px}',
  'th,td{border:1px solid #999;padding:4px 6px;text-align:left;vertical-align:top}',
  'th{background:#eee}',
  '@media print{body{margin:0}}',
].join('');

/** A standalone, clean HTML document with one table: the print view of a list page. */
export const buildPrintHtml = (table: PrintTable): string => {
  const head = table.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const body = table.rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  const subtitle = table.subtitle ? `<p>${escapeHtml(table.subtitle)}</p>` : '';
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(table.lang)}"><head><meta charset="utf-8">`,
    `<title>${escapeHtml(table.title)}</title><style>${styles}</style></head>`,
    `<body><h1>${escapeHtml(table.title)}</h1>${subtitle}`,
    `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></body></html>`,
  ].join('');
};

/** Opens the print view in a new window and starts printing; false when the window was blocked. */
export const openPrintView = (html: string): boolean => {
  const win = window.open('', '_blank');
  if (!win) return false;
  win.document.open();
  win.document.write(html);
  win.document.close();
  win.focus();
  win.print();
  return true;
};
