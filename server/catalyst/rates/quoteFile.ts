import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { gramsPerUnit, type QuoteUnit, quoteUnits } from '../../../domain/catalyst/rateOptions';
import { AppError } from '../../../domain/errors';
import { loadExcel } from '../../files/excel';
import type { SnapshotExchange, SnapshotMetal } from '../pricingSnapshot';
import { quoteNumber } from './httpSource';
import type { NewQuote } from './quotes';

/** A row that was not taken, and why (translated by the app: catalyst:import.warnings.<code>). */
export interface QuoteFileWarning {
  readonly row: number;
  readonly code: 'unknownColumn' | 'unknownSymbol' | 'invalidPrice' | 'invalidUnit' | 'invalidTime';
  readonly value: string;
}

export interface QuoteFileRead {
  readonly quotes: NewQuote[];
  readonly warnings: QuoteFileWarning[];
}

const maxRows = 100_000;
const columns: Readonly<Record<string, 'symbol' | 'price' | 'unit' | 'at'>> = {
  symbol: 'symbol',
  shortname: 'symbol',
  pairname: 'symbol',
  price: 'price',
  unit: 'unit',
  at: 'at',
  time: 'at',
  date: 'at',
};

const text = (v: unknown): string => {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && v !== null && 'result' in v) return text((v as { result: unknown }).result);
  if (typeof v === 'object' && v !== null && 'text' in v) return text((v as { text: unknown }).text);
  return v === null || v === undefined ? '' : String(v).trim();
};

/** "2026-03-02T09:00:00Z", "2026-03-02 09:00" (UTC) or "2026-03-02". */
const timeOf = (value: string): Date | undefined => {
  if (!value) return undefined;
  const normal = /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? `${value}T00:00:00Z`
    : /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(value)
      ? `${value.replace(' ', 'T')}Z`
      : value;
  const t = new Date(normal);
  return Number.isNaN(t.getTime()) ? undefined : t;
};

/** The rows of the file's first sheet, as text. CSV: comma or semicolon separated, UTF-8. */
const rowsOf = async (fileName: string, data: Buffer): Promise<string[][]> => {
  // ExcelJS loads with the first quote file, not with the server.
  const workbook = new (await loadExcel()).Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (/\.xlsx$/i.test(fileName)) {
      await workbook.xlsx.load(data as unknown as ArrayBuffer);
      sheet = workbook.worksheets[0];
    } else {
      const head = data.subarray(0, 2000).toString('utf8');
      const delimiter = (head.match(/;/g)?.length ?? 0) > (head.match(/,/g)?.length ?? 0) ? ';' : ',';
      sheet = await workbook.csv.read(Readable.from(data), {
        parserOptions: { delimiter },
        map: (v: unknown) => v,
      });
    }
  } catch {
    throw new AppError('formHasErrors', { fields: [{ field: 'file', rule: 'invalidValue' }] });
  }
  const rows: string[][] = [];
  sheet?.eachRow({ includeEmpty: false }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map(text));
  });
  return rows;
};

/**
 * Reads quotes from a CSV or XLSX file. The first row names the columns: symbol (a metal's symbol or an
 * exchange pair such as USD/EUR), price, and optionally unit (g, ozt or kg; metals only, default g) and at
 * (when it was quoted, UTC; default now). Unknown columns and rows that cannot be read are reported, the
 * rest is taken. An empty file, or one without the symbol and price columns, is refused.
 */
export const readQuoteFile = async (
  fileName: string,
  data: Buffer,
  known: { metals: readonly SnapshotMetal[]; exchanges: readonly SnapshotExchange[]; now: Date },
): Promise<QuoteFileRead> => {
  const rows = await rowsOf(fileName, data);
  const [header, ...body] = rows;
  if (!header || body.length === 0 || body.length > maxRows)
    throw new AppError('formHasErrors', {
      fields: [{ field: 'file', rule: body.length > maxRows ? 'maxValue' : 'required' }],
    });
  const warnings: QuoteFileWarning[] = [];
  const at: Partial<Record<'symbol' | 'price' | 'unit' | 'at', number>> = {};
  header.forEach((name, i) => {
    const key = columns[name.toLowerCase().replace(/[\s_-]/g, '')];
    if (key) at[key] = i;
    else if (name) warnings.push({ row: 1, code: 'unknownColumn', value: name });
  });
  if (at.symbol === undefined || at.price === undefined)
    throw new AppError('formHasErrors', { fields: [{ field: 'file', rule: 'invalidValue' }] });
  const metals = new Map(known.metals.map((m) => [m.shortName.toLowerCase(), m.id]));
  const exchanges = new Map(known.exchanges.map((e) => [e.pairName.toLowerCase(), e.id]));
  const quotes: NewQuote[] = [];
  for (const [i, cells] of body.entries()) {
    const row = i + 2;
    const cell = (k: keyof typeof at) => (at[k] === undefined ? '' : (cells[at[k] as number] ?? ''));
    const warn = (code: QuoteFileWarning['code'], value: string) => warnings.push({ row, code, value });
    const symbol = cell('symbol').toLowerCase();
    const metalId = metals.get(symbol);
    const exchangeId = exchanges.get(symbol);
    const price = quoteNumber(cell('price'));
    const unitText = cell('unit').toLowerCase() || 'g';
    const when = cell('at') ? timeOf(cell('at')) : known.now;
    if (!metalId && !exchangeId) warn('unknownSymbol', cell('symbol'));
    else if (price === undefined) warn('invalidPrice', cell('price'));
    else if (!(quoteUnits as readonly string[]).includes(unitText)) warn('invalidUnit', cell('unit'));
    else if (!when) warn('invalidTime', cell('at'));
    else if (metalId)
      quotes.push({
        kind: 'metal',
        rateId: metalId,
        price: price / gramsPerUnit[unitText as QuoteUnit],
        at: when,
        source: 'file',
      });
    else if (exchangeId)
      quotes.push({ kind: 'currency', rateId: exchangeId, price, at: when, source: 'file' });
  }
  return { quotes, warnings };
};
