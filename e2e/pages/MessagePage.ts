import { expect } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** The "send by e-mail" dialog of a record. */
export class MessagePage extends BasePage {
  async open(): Promise<void> {
    await this.click('record-send-email');
    await expect(this.byTestId('message-dialog')).toBeVisible();
  }

  async addPerson(search: string, title: string): Promise<void> {
    const input = this.byTestId('message-add-person');
    await input.click();
    await input.fill(search);
    await this.page.getByRole('option', { name: title, exact: true }).click();
    await expect(this.byTestId('message-recipients')).toContainText(title);
  }

  async chooseTemplate(name: string): Promise<void> {
    await this.choose('message-template', name);
  }

  async preview(): Promise<void> {
    await this.click('message-preview-button');
    await expect(this.byTestId('message-preview')).toBeVisible();
  }

  async send(): Promise<void> {
    await this.click('message-send');
    await expect(this.byTestId('message-dialog')).toHaveCount(0);
  }
}
