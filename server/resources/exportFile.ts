import { type ResourceDefinition, visibleFields } from '../../domain/resources/types';
import { loadExcel } from '../files/excel';
import { translate } from '../i18n';
import type { Row } from './rows';

const cell = (v: unknown): string | number | boolean => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
};

/** One CSV cell: formulas neutralised, separators and quotes quoted. */
export const csvEscape = (v: string | number | boolean): string => {
  const s = String(v);
  // Neutralise spreadsheet formulas and quote separators.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A CSV file (UTF-8 with BOM, formula-neutralised) of `fields` of the rows under the given headers. */
export const csvFile = (
  headers: readonly string[],
  fields: readonly string[],
  rows: readonly Row[],
): { body: Buffer; contentType: string } => {
  const lines = [headers.map(csvEscape).join(',')];
  for (const row of rows) lines.push(fields.map((f) => csvEscape(cell(row[f]))).join(','));
  return {
    body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`),
    contentType: 'text/csv; charset=utf-8',
  };
};

/** CSV or XLSX of the given rows with translated column headers. */
export const exportFile = async (
  def: ResourceDefinition,
  rows: Row[],
  format: 'csv' | 'xlsx',
  lng: string | undefined,
): Promise<{ body: Buffer; contentType: string; fileName: string }> => {
  const fields = visibleFields(def).map(([name]) => name);
  const headers = fields.map((f) => translate(lng, 'resources', `${def.name}.fields.${f}`));
  const title = translate(lng, 'resources', `${def.name}.title`);
  const fileBase = `${def.name}-${new Date().toISOString().slice(0, 10)}`;
  if (format === 'csv') return { ...csvFile(headers, fields, rows), fileName: `${fileBase}.csv` };
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(title.slice(0, 31) || def.name);
  sheet.addRow(headers).font = { bold: true };
  for (const row of rows) sheet.addRow(fields.map((f) => cell(row[f])));
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    body,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${fileBase}.xlsx`,
  };
};
