import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { ImportPage } from './pages/ImportPage';
import { ResourcePage } from './pages/ResourcePage';
import { ShellPage } from './pages/ShellPage';
import { openSignedIn } from './support/apiSession';
import { expect, test } from './support/fixtures';

/** An XLSX with the given header row and data rows. */
const workbook = async (rows: (string | number)[][]): Promise<Buffer> => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Products');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
};

test.describe('business-data import', () => {
  test('a manager imports products from an XLSX through the steps; an unknown column is ignored with a warning', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const id = randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();
    const shell = new ShellPage(page);
    const importer = new ImportPage(page);
    const resources = new ResourcePage(page);

    // The sign-in screen is spine.spec's: the manager's session is handed over through the API.
    await openSignedIn(page, 'manager');
    await shell.expectSignedIn();

    // Through the menu, in English: the headers of the file are the ones the structure shows.
    await shell.openMenuItem('import');
    await expect(page.getByTestId('import-page')).toBeVisible();
    await importer.pickTemplate('products');
    await expect(page.getByTestId('import-column-index')).toBeVisible();
    await expect(page.getByTestId('import-column-productGroupName')).toBeVisible();

    // The XLSX template downloads with the headers and an example row.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-download-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toBe('products.xlsx');

    const file = await workbook([
      ['Index', 'Name', 'Product group', 'Colour', 'Weight'],
      [`IMP-${id}-1`, `Imported mug ${id}`, `Imported ${id}`, 'blue', '0,35'],
      [`IMP-${id}-2`, `Imported plate ${id}`, `Imported ${id}`, 'white', ''],
    ]);
    await importer.chooseFile(
      `products-${id}.xlsx`,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      file,
    );

    // The preview: the unknown column is named in a warning, both rows as they will be saved, no problem.
    await importer.check();
    await expect(page.getByTestId('import-warning')).toContainText('Colour');
    await expect(page.getByTestId('import-sample')).toContainText(`IMP-${id}-1`);
    await expect(page.getByTestId('import-sample')).toContainText(`IMP-${id}-2`);
    await expect(page.getByTestId('import-no-problems')).toBeVisible();

    // The import itself: both rows saved, the group made by its name.
    await importer.upload('allOrNothing');
    await expect(page.getByTestId('import-result')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('import-result')).toContainText('2');

    // Back at the start, the import is at the top of the recent imports.
    await page.getByTestId('import-again').click();
    await expect(page.getByTestId('import-recent-row').first()).toContainText(`products-${id}.xlsx`);

    await resources.goto('/products');
    await resources.search(`IMP-${id}`);
    await expect(resources.rows()).toHaveCount(2);
  });
});
