/**
 * ExcelJS, loaded the first time a workbook is written or read rather than with the server: importing it takes
 * about a second of every process start (and of every server test file), and most processes never touch a workbook.
 */
export const loadExcel = async () => (await import('exceljs')).default;
