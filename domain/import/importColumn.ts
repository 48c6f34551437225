import type { ErrorCode } from '../errors';

/** What a column of an import file holds; decides how a cell is read. */
export type ImportCellKind = 'text' | 'integer' | 'decimal' | 'boolean' | 'date' | 'list';

/** One column of an import template (the required structure a user downloads). */
export interface ImportColumn {
  /** The name the server knows the value by (also accepted as the header). */
  readonly key: string;
  readonly kind: ImportCellKind;
  readonly required?: boolean;
  /** Translation key (`namespace:key`) of the header in the user's language. */
  readonly label: string;
  /** Value of the template's example row. */
  readonly example: string | number | boolean;
  /**
   * An empty number reads 0 (the specification's rule for import templates). Limits where 0 would itself be a
   * limit (temperatures, coordinates) say false and stay empty.
   */
  readonly emptyIsZero?: boolean;
}

/** A cell as a file gives it: CSV gives text, XLSX also numbers, booleans and dates. */
export type RawCell = string | number | boolean | Date | null | undefined;

export type CellValue = string | number | boolean | readonly string[] | null;

export type CellResult = { readonly value: CellValue } | { readonly error: ErrorCode };

const truthy = new Set([
  '1',
  'true',
  'yes',
  'y',
  'x',
  'tak',
  't',
  'ja',
  'j',
  'oui',
  'o',
  'sí',
  'si',
  'да',
  'д',
]);
const falsy = new Set(['0', 'false', 'no', 'n', 'nie', 'nein', 'non', 'нет', 'н', '-']);

/** "12,5", "1 234,50", "1,234.50" and "12.5" as numbers; anything else is not a number. */
export const parseNumber = (text: string): number | undefined => {
  let s = text.replace(/[\s\u00a0\u202f']/g, '');
  if (s === '') return undefined;
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  // The separator that comes last is the decimal one; the other groups thousands.
  if (comma > dot) s = s.replace(/\./g, '').replace(',', '.');
  else if (comma !== -1) s = s.replace(/,/g, '');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day as YYYY-MM-DD, from YYYY-MM-DD, DD.MM.YYYY or DD/MM/YYYY; undefined otherwise. */
export const parseDay = (text: string): string | undefined => {
  const s = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+Z?)?$/.exec(s);
  const local = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(s);
  const [y, m, d] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : local
      ? [Number(local[3]), Number(local[2]), Number(local[1])]
      : [Number.NaN, 0, 0];
  if (!Number.isInteger(y) || y < 1 || y > 9999) return undefined;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  return `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
};

/** A spreadsheet date cell as the calendar day it shows (spreadsheets store days at UTC midnight). */
const dayOfDate = (date: Date): string | undefined =>
  Number.isNaN(date.getTime())
    ? undefined
    : `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

const asText = (raw: RawCell): string => {
  if (raw === null || raw === undefined) return '';
  if (raw instanceof Date) return dayOfDate(raw) ?? '';
  return String(raw).trim();
};

/** Splits a list cell: values separated by "|", ";" or "," (each trimmed, empty ones dropped). */
export const splitList = (text: string): string[] =>
  text
    .split(/[|;,]/)
    .map((v) => v.trim())
    .filter((v) => v !== '');

/**
 * Reads one cell of a column. Empty cells are null, except numbers, which read 0 unless the column says
 * otherwise, switches (false) and lists (none); a required column's empty cell is `required`. Type errors are
 * `invalidValue`.
 */
export const readCell = (column: ImportColumn, raw: RawCell): CellResult => {
  const text = asText(raw);
  const isNumber = column.kind === 'integer' || column.kind === 'decimal';
  if (text === '' && !(raw instanceof Date)) {
    if (column.required) return { error: 'required' };
    if (isNumber && column.emptyIsZero !== false) return { value: 0 };
    if (column.kind === 'boolean') return { value: false };
    return { value: column.kind === 'list' ? [] : null };
  }
  switch (column.kind) {
    case 'text':
      return { value: text };
    case 'integer':
    case 'decimal': {
      const n = typeof raw === 'number' ? raw : parseNumber(text);
      if (n === undefined || !Number.isFinite(n)) return { error: 'invalidValue' };
      if (column.kind === 'integer' && !Number.isInteger(n)) return { error: 'invalidValue' };
      return { value: n };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { value: raw };
      const s = text.toLowerCase();
      if (truthy.has(s)) return { value: true };
      if (falsy.has(s)) return { value: false };
      return { error: 'invalidValue' };
    }
    case 'date': {
      const day = raw instanceof Date ? dayOfDate(raw) : parseDay(text);
      return day ? { value: day } : { error: 'invalidValue' };
    }
    case 'list':
      return { value: splitList(text) };
  }
};

/** How a header is compared: case, spaces, a trailing required mark and diacritics do not matter. */
export const headerKey = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\*+\s*$/, '')
    .replace(/[\s_-]+/g, ' ')
    .trim()
    .toLowerCase();

export interface HeaderMatch {
  /** Column key → index of its cell in each row. */
  readonly positions: ReadonlyMap<string, number>;
  /** Headers no column of the template has: ignored, with a warning. */
  readonly unknown: readonly string[];
  /** Required columns the file lacks. */
  readonly missing: readonly string[];
}

/**
 * Matches a file's header row to the template's columns. A header is a column's key or its label in any
 * language (`names`: column key → every name it goes by). A column named twice takes the first.
 */
export const matchHeaders = (
  headers: readonly RawCell[],
  columns: readonly ImportColumn[],
  names: ReadonlyMap<string, readonly string[]>,
): HeaderMatch => {
  const byName = new Map<string, string>();
  for (const column of columns)
    for (const name of [column.key, ...(names.get(column.key) ?? [])]) {
      const key = headerKey(name);
      if (key !== '' && !byName.has(key)) byName.set(key, column.key);
    }
  const positions = new Map<string, number>();
  const unknown: string[] = [];
  headers.forEach((raw, index) => {
    const header = asText(raw);
    if (header === '') return;
    const column = byName.get(headerKey(header));
    if (!column) unknown.push(header);
    else if (!positions.has(column)) positions.set(column, index);
  });
  const missing = columns.filter((c) => c.required && !positions.has(c.key)).map((c) => c.key);
  return { positions, unknown, missing };
};

/** A problem of one row of an import file: its line, the column concerned and the rule broken. */
export interface ImportProblem {
  /** Line of the file (the header is line 1). */
  readonly line: number;
  readonly column?: string;
  readonly code: ErrorCode | string;
  readonly params?: Readonly<Record<string, string | number>>;
}

export type RowRead =
  | { readonly values: Readonly<Record<string, CellValue>>; readonly problems?: undefined }
  | { readonly values?: undefined; readonly problems: readonly ImportProblem[] };

/**
 * Reads the columns of one data row that the file has (a column the file lacks is left out, so it changes nothing
 * of a stored record); a row with any unreadable cell gives its problems instead.
 */
export const readRow = (
  line: number,
  cells: readonly RawCell[],
  columns: readonly ImportColumn[],
  positions: ReadonlyMap<string, number>,
): RowRead => {
  const values: Record<string, CellValue> = {};
  const problems: ImportProblem[] = [];
  for (const column of columns) {
    const index = positions.get(column.key);
    if (index === undefined) continue;
    const result = readCell(column, cells[index]);
    if ('error' in result) problems.push({ line, column: column.key, code: result.error });
    else values[column.key] = result.value;
  }
  return problems.length ? { problems } : { values };
};

/** True when every cell of a row is empty (blank lines between data are skipped, not errors). */
export const isBlankRow = (cells: readonly RawCell[]): boolean => cells.every((c) => asText(c) === '');
