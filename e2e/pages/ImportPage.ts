import { expect } from '@playwright/test';
import { BasePage } from '../support/basePage';

/**
 * /import. Test ids: `import-page`, `import-template-<key>`, `import-structure`, `import-column-<key>`,
 * `import-download-csv|xlsx`, `import-next`, `import-file` (the file input), `import-file-name`, `import-check`,
 * `import-progress`, `import-cancel`, `import-summary`, `import-warning`, `import-sample`, `import-problems`,
 * `import-problem`, `import-no-problems`, `import-report`, `import-mode-allOrNothing|skipBadRows`,
 * `import-start`, `import-result` (data-status), `import-again`, `import-error`, `import-recent`,
 * `import-recent-row`.
 */
export class ImportPage extends BasePage {
  async open(): Promise<void> {
    await this.goto('/import');
    await expect(this.byTestId('import-page')).toBeVisible();
  }

  /** Picks the record type; the required structure follows. */
  async pickTemplate(key: string): Promise<void> {
    await this.click(`import-template-${key}`);
    await expect(this.byTestId('import-structure')).toBeVisible();
  }

  /** Goes on to the file step and picks the file. */
  async chooseFile(name: string, mimeType: string, buffer: Buffer): Promise<void> {
    await this.click('import-next');
    await this.byTestId('import-file').setInputFiles({ name, mimeType, buffer });
    await expect(this.byTestId('import-file-name')).toContainText(name);
  }

  /** Checks the file (a preview that keeps nothing) and waits for its summary. */
  async check(): Promise<void> {
    await this.click('import-check');
    await expect(this.byTestId('import-summary')).toBeVisible({ timeout: 30_000 });
  }

  /** Imports for real and waits for the outcome. */
  async upload(mode: 'allOrNothing' | 'skipBadRows' = 'allOrNothing'): Promise<void> {
    await this.byTestId(`import-mode-${mode}`).check();
    await this.click('import-start');
    await expect(this.byTestId('import-result')).toBeVisible({ timeout: 60_000 });
  }
}
