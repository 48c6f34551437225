import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** The public pages a shared link opens, and the staff screens that make and withdraw links. */
export class SharedLinkPage extends BasePage {
  /** Staff: makes a link on /shared-access/new and returns the link shown once. */
  async create(contractor: string, options: { singleUse?: boolean } = {}): Promise<string> {
    await this.goto('/shared-access/new');
    await this.expectVisible('shared-access-new');
    await this.choose('shared-new-recipient', contractor);
    if (options.singleUse) await this.byTestId('shared-new-single-use').check();
    await this.click('shared-new-create');
    await this.expectVisible('shared-created');
    return this.byTestId('shared-created-secret').inputValue();
  }

  /** Staff: withdraws a link from its record's page. */
  async withdraw(id: string): Promise<void> {
    await this.goto(`/shared-access/${id}`);
    await this.click('shared-access-withdraw');
    await this.click('resource-confirm-delete');
    await expect(this.byTestId('shared-access-available')).toHaveAttribute('data-available', 'false');
  }

  rows(): Locator {
    return this.byTestId('shared-row');
  }

  async expectShown(view: 'inventory' | 'productStock'): Promise<void> {
    await expect(this.byTestId('shared-link-page')).toHaveAttribute('data-view', view, { timeout: 20_000 });
  }

  async expectEnded(code: 'sharedLinkExpired' | 'sharedLinkUsed' | 'sharedLinkWithdrawn'): Promise<void> {
    await this.expectVisible(`shared-ended-${code}`);
  }
}
