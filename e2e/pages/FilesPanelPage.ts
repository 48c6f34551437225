import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** The files panel of a record's preview or edit screen. */
export class FilesPanelPage extends BasePage {
  panel(): Locator {
    return this.byTestId('files-panel');
  }

  row(fileName: string): Locator {
    return this.panel().locator(`[data-testid="file-row"][data-file-name="${fileName}"]`);
  }

  /** Picks files as a user would in the file dialog (the drop zone opens it). */
  async attach(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.byTestId('files-input').setInputFiles(files);
    for (const file of files) await expect(this.row(file.name)).toBeVisible();
  }

  async download(fileName: string) {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.row(fileName).getByTestId('file-download').click(),
    ]);
    return download;
  }
}
