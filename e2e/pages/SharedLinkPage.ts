import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** How long a first load of the app in a fresh browser may take on a busy machine (as the sign-in page's). */
const firstLoadMs = 60_000;

/** The public pages a shared link opens, and the staff screens that make and withdraw links. */
export class SharedLinkPage extends BasePage {
  /** Staff: makes a link on /shared-access/new and returns the link shown once. */
  async create(contractor: string, options: { singleUse?: boolean } = {}): Promise<string> {
    await this.goto('/shared-access/new');
    // A full load of the app (goto): on a busy machine it takes longer than a click.
    await this.expectVisible('shared-access-new', 30_000);
    await this.choose('shared-new-recipient', contractor);
    if (options.singleUse) await this.byTestId('shared-new-single-use').check();
    await this.click('shared-new-create');
    await this.expectVisible('shared-created');
    return this.byTestId('shared-created-secret').inputValue();
  }

  /** Staff: withdraws a link from its record's page. */
  async withdraw(id: string): Promise<void> {
    await this.goto(`/shared-access/${id}`);
    await this.expectVisible('shared-access-withdraw', 30_000);
    await this.click('shared-access-withdraw');
    await this.click('resource-confirm-delete');
    await expect(this.byTestId('shared-access-available')).toHaveAttribute('data-available', 'false');
  }

  rows(): Locator {
    return this.byTestId('shared-row');
  }

  /**
   * The page of a link is up. Links open in a fresh browser (nothing cached) or after a reload: a first load,
   * which on a busy machine takes as long as the other first loads (up to a minute).
   */
  async expectShown(view: 'inventory' | 'productStock'): Promise<void> {
    await expect(this.byTestId('shared-link-page')).toHaveAttribute('data-view', view, {
      timeout: firstLoadMs,
    });
  }

  /** The page saying why the link ended (also a first load: a fresh browser or a reload). */
  async expectEnded(code: 'sharedLinkExpired' | 'sharedLinkUsed' | 'sharedLinkWithdrawn'): Promise<void> {
    await this.expectVisible(`shared-ended-${code}`, firstLoadMs);
  }
}
