import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/**
 * Stock counts: /verification-orders/new?type=VER-… and the counting screen /verification-orders/:id.
 * Test ids: `verify-new`, `verify-type`, `verify-location`, `verify-product`, `verify-contractor`,
 * `verify-start-now`, `verify-save`; counting `verify-count` (data-status = order status), `verify-number`,
 * `verify-status` (data-status = count status), `verify-line` (data-line, data-difference) with
 * `verify-expected-<n>`, `verify-count-<n>`, `verify-difference-<n>`, `verify-counted`, `verify-differences`,
 * `verify-finish` → `verify-generate-yes|no`, `verify-approval-needed`, `verify-approve`,
 * `verify-approvedAt`, `verify-document-row` (data-status).
 */
export class VerificationPage extends BasePage {
  /** Creates a count of one location (VER-L), started at once; waits for the counting screen. */
  async newLocationCount(locationLabel: string): Promise<string> {
    await this.goto('/verification-orders/new?type=VER-L');
    await expect(this.byTestId('verify-new')).toBeVisible();
    await this.choose('verify-location', locationLabel);
    await expect(this.byTestId('verify-start-now')).toBeChecked();
    await this.click('verify-save');
    await expect(this.byTestId('verify-count')).toBeVisible();
    return (await this.byTestId('verify-number').innerText()).trim();
  }

  lines(): Locator {
    return this.byTestId('verify-line');
  }

  async expectExpected(line: number, quantity: number): Promise<void> {
    await expect(this.byTestId(`verify-expected-${line}`)).toHaveText(String(quantity));
  }

  /** Types the counted quantity of a line and waits until it is stored (the difference shows). */
  async count(line: number, quantity: number, expectedDifference: number): Promise<void> {
    const input = this.byTestId(`verify-count-${line}`);
    await input.fill(String(quantity));
    const saved = this.page.waitForResponse(
      (r) => r.url().includes('/QuantityReal') && r.request().method() === 'PATCH',
    );
    await input.press('Enter');
    expect((await saved).ok()).toBe(true);
    await expect(this.page.locator(`[data-testid="verify-line"][data-line="${line}"]`)).toHaveAttribute(
      'data-difference',
      String(expectedDifference),
    );
  }

  /** Finishes the count answering whether to generate correcting documents. */
  async finish(generateDocuments: boolean): Promise<void> {
    await this.click('verify-finish');
    await this.click(generateDocuments ? 'verify-generate-yes' : 'verify-generate-no');
    await expect(this.byTestId('verify-finish')).toHaveCount(0);
  }

  async approve(): Promise<void> {
    await this.click('verify-approve');
    await expect(this.byTestId('verify-approvedAt')).toBeVisible();
    await expect(this.byTestId('verify-approve')).toHaveCount(0);
  }
}
