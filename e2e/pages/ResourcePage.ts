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

  /** Opens `/<route>/new`, saves the values and returns the new record's id (from the preview's address). */
  async create(route: string, values: Record<string, string>): Promise<string> {
    await this.goto(`/${route}/new`);
    await this.fillForm(values);
    await this.click('resource-save');
    const preview = this.byTestId('resource-preview');
    await expect(preview).toBeVisible();
    const id = await preview.getAttribute('data-id');
    expect(id).toBeTruthy();
    return id ?? '';
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
