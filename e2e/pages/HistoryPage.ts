import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** The change-history screen and its old/new comparison dialog. */
export class HistoryPage extends BasePage {
  rows(): Locator {
    return this.byTestId('history-row');
  }

  /** Opens the entry in the given row and waits for its comparison. */
  async openRow(row: Locator): Promise<void> {
    await row.click();
    await expect(this.byTestId('history-entry')).toBeVisible();
  }

  change(field: string): Locator {
    return this.page.locator(`[data-testid="history-change"][data-field="${field}"]`);
  }
}
