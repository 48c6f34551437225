import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** The generic list / form / preview screens of any resource. */
export class ResourcePage extends BasePage {
  rows(): Locator {
    return this.byTestId('resource-row');
  }

  async add(values: Record<string, string>): Promise<void> {
    await this.click('resource-add');
    await this.fillForm(values);
    await this.click('resource-save');
    await expect(this.byTestId('resource-preview')).toBeVisible();
  }

  async fillForm(values: Record<string, string>): Promise<void> {
    for (const [field, value] of Object.entries(values)) await this.fill(`field-${field}`, value);
  }

  async search(text: string): Promise<void> {
    await this.fill('resource-search', text);
  }

  async download(testId: 'resource-export-csv' | 'resource-export-xlsx') {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.click(testId)]);
    return download;
  }
}
