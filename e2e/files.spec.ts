import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { FilesPanelPage } from './pages/FilesPanelPage';
import { ResourcePage } from './pages/ResourcePage';
import { ShellPage } from './pages/ShellPage';
import { expect, test } from './support/fixtures';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const csv = Buffer.from('index;quantity\nP-1;5\n');

test.describe('attachments', () => {
  test('attach two files to a company and download one', async ({ page, signIn }) => {
    await signIn();
    await new ShellPage(page).expectSignedIn();
    const id = randomUUID().slice(0, 6);
    await new ResourcePage(page).create('companies', { shortName: `Files ${id}` });

    const files = new FilesPanelPage(page);
    await files.attach([
      { name: `contract-${id}.pdf`, mimeType: 'application/pdf', buffer: pdf },
      { name: `stock-${id}.csv`, mimeType: 'text/csv', buffer: csv },
    ]);
    await expect(files.panel().getByTestId('file-row')).toHaveCount(2);

    const download = await files.download(`contract-${id}.pdf`);
    expect(download.suggestedFilename()).toBe(`contract-${id}.pdf`);
    const path = await download.path();
    expect((await readFile(path)).equals(pdf)).toBe(true);

    // The files stay with the record: a fresh look at it lists both.
    await page.reload();
    await expect(files.panel().getByTestId('file-row')).toHaveCount(2);
  });

  test('an executable renamed .pdf is refused with a clear message', async ({ page, signIn }) => {
    await signIn();
    // Signed in before leaving the page: a navigation right after the click could cut the sign-in call off.
    await new ShellPage(page).expectSignedIn();
    const id = randomUUID().slice(0, 6);
    await new ResourcePage(page).create('companies', { shortName: `Spoof ${id}` });
    const exe = Buffer.alloc(512);
    exe.write('MZ', 0, 'latin1');
    exe.writeUInt32LE(0x80, 0x3c);
    exe.write('PE\0\0', 0x80, 'latin1');
    await page
      .getByTestId('files-input')
      .setInputFiles([{ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: exe }]);
    await expect(page.getByTestId('files-error')).toBeVisible();
    await expect(page.getByTestId('file-row')).toHaveCount(0);
  });
});
