import { expect } from '@playwright/test';
import { BasePage } from '../support/basePage';

/**
 * /logistics-config. Test ids: `logistics-config-page`, `logistics-numbering-<TYPE>` rows with
 * `logistics-numbering-<TYPE>-prefix|counterDigits|yearDigits|withMonth|reset|preview`,
 * `logistics-workingCopyPrefix`, `logistics-rule-<rule>` switches, `logistics-rule-nearExpiry-days`,
 * `logistics-rule-verificationApproval-quantity|percent`, `logistics-terminal-staleAfterMinutes`,
 * `logistics-config-save`, `logistics-config-reset`.
 */
export class LogisticsConfigPage extends BasePage {
  async open(): Promise<void> {
    await this.goto('/logistics-config');
    await expect(this.byTestId('logistics-config-page')).toBeVisible();
  }

  /** The next-number preview of a document type. */
  async nextNumber(typeCode: string): Promise<string> {
    return (await this.byTestId(`logistics-numbering-${typeCode}-preview`).innerText()).trim();
  }

  /**
   * Makes counts with differences above `quantity` units or `percent` % wait for a manager's approval; saves
   * only when the account is not set up so already (the setting is the account's, shared by every test).
   */
  async requireCountApproval(quantity: number, percent: number): Promise<void> {
    await this.open();
    const enabled = this.byTestId('logistics-rule-verificationApproval');
    const quantityInput = this.byTestId('logistics-rule-verificationApproval-quantity');
    const percentInput = this.byTestId('logistics-rule-verificationApproval-percent');
    const same =
      (await enabled.isChecked()) &&
      (await quantityInput.inputValue()) === String(quantity) &&
      (await percentInput.inputValue()) === `${percent}%`;
    if (same) return;
    await enabled.setChecked(true);
    await quantityInput.fill(String(quantity));
    await percentInput.fill(String(percent));
    const saved = this.page.waitForResponse(
      (r) => r.url().includes('/api/ClientLogisticsConfig') && r.request().method() === 'PUT',
    );
    await this.click('logistics-config-save');
    expect((await saved).ok()).toBe(true);
  }

  /** Terminals warn once their data is older than `minutes`: typed into the form and saved. */
  async setTerminalStaleAfter(minutes: number): Promise<void> {
    await this.open();
    await this.fill('logistics-terminal-staleAfterMinutes', String(minutes));
    const saved = this.page.waitForResponse(
      (r) => r.url().includes('/api/ClientLogisticsConfig') && r.request().method() === 'PUT',
    );
    await this.click('logistics-config-save');
    expect((await saved).ok()).toBe(true);
  }
}
