import ExcelJS from 'exceljs';
import { pdfmake } from './pdfmakeSetup';

/** Cells per sheet that are converted (a larger sheet is cut, with a note). */
const maxCells = 20_000;
const maxColumns = 30;

const pad = (n: number) => String(n).padStart(2, '0');

/** What a cell shows: the formula's result, a date as YYYY-MM-DD (HH:mm), rich text as its text. */
export const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const date = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const time =
      value.getUTCHours() || value.getUTCMinutes()
        ? ` ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`
        : '';
    return `${date}${time}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText((value.result ?? '') as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
    return '';
  }
  return String(value);
};

/**
 * An XLSX workbook as a PDF: each sheet a titled table of the cells' shown values (formulas as their
 * results), landscape when wide, the first row as the header repeated on every page. Layout, colours and
 * charts are not carried over: the PDF is for reading and printing what the sheet says.
 */
export const xlsxToPdf = async (data: Buffer, title: string): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const content: Record<string, unknown>[] = [];
  let widest = 0;
  workbook.eachSheet((sheet) => {
    const columns = Math.min(sheet.actualColumnCount || sheet.columnCount, maxColumns);
    const rows: string[][] = [];
    let cells = 0;
    let cut = false;
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (cells + columns > maxCells) {
        cut = true;
        return;
      }
      const line: string[] = [];
      for (let c = 1; c <= columns; c++) line.push(cellText(row.getCell(c).value));
      rows.push(line);
      cells += columns;
    });
    if (content.length) content.push({ text: '', pageBreak: 'before' });
    content.push({ text: sheet.name, style: 'sheet' });
    if (!rows.length || columns === 0) return;
    widest = Math.max(widest, columns);
    content.push({
      table: { headerRows: 1, widths: Array.from({ length: columns }, () => '*'), body: rows },
      layout: 'lightHorizontalLines',
      fontSize: columns > 12 ? 6 : columns > 8 ? 7 : 8,
    });
    if (cut) content.push({ text: '…', margin: [0, 4, 0, 0] });
  });
  const doc = pdfmake.createPdf({
    info: { title },
    pageSize: 'A4',
    pageOrientation: widest > 6 ? 'landscape' : 'portrait',
    pageMargins: [24, 28, 24, 28],
    content,
    styles: { sheet: { fontSize: 11, bold: true, margin: [0, 0, 0, 6] } },
    defaultStyle: { font: 'Roboto', fontSize: 8 },
  });
  return doc.getBuffer();
};
