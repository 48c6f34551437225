import type { ImportColumn } from '../../domain/import/importColumn';
import type { TemplateView } from '../../domain/import/importJob';
import { loadExcel } from '../files/excel';
import { translate } from '../i18n';
import { csvEscape } from '../resources/exportFile';
import type { DefinedImportTemplate } from './importTemplate';

const labelOf = (column: ImportColumn, lng: string | undefined) => {
  const [ns, key] = column.label.split(':') as [string, string];
  return translate(lng, ns, key);
};

export const templateView = (template: DefinedImportTemplate, lng: string | undefined): TemplateView => {
  const [ns, key] = template.title.split(':') as [string, string];
  return {
    key: template.key,
    title: translate(lng, ns, key),
    url: `/api/Import/${template.key}`,
    columns: template.columns.map((c) => ({
      key: c.key,
      header: labelOf(c, lng),
      kind: c.kind,
      required: c.required === true,
      example: c.example,
      emptyIsZero: (c.kind === 'integer' || c.kind === 'decimal') && c.emptyIsZero !== false,
    })),
  };
};

/**
 * The template as a file to fill in: headers in the caller's language and one example row. CSV is UTF-8 with a
 * byte-order mark (spreadsheets then read the letters right); XLSX has the headers in bold.
 */
export const templateFile = async (
  template: DefinedImportTemplate,
  format: 'csv' | 'xlsx',
  lng: string | undefined,
): Promise<{ body: Buffer; contentType: string; fileName: string }> => {
  const view = templateView(template, lng);
  const headers = view.columns.map((c) => c.header);
  const example = view.columns.map((c) => c.example);
  if (format === 'csv') {
    const text = [headers.map(csvEscape).join(','), example.map(csvEscape).join(',')].join('\r\n');
    return {
      body: Buffer.from(`\uFEFF${text}\r\n`),
      contentType: 'text/csv; charset=utf-8',
      fileName: `${template.key}.csv`,
    };
  }
  const ExcelJS = await loadExcel();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(view.title.slice(0, 31) || template.key);
  sheet.addRow(headers).font = { bold: true };
  sheet.addRow(example);
  sheet.columns.forEach((column, i) => {
    column.width = Math.min(40, Math.max(12, (headers[i] ?? '').length + 2));
  });
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName: `${template.key}.xlsx`,
  };
};
