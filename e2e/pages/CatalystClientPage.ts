import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** The catalyst client's price lookup (/catalyst-client), as a client account of the mobile app uses it. */
export class CatalystClientPage extends BasePage {
  async signIn(username: string, password: string): Promise<void> {
    await this.goto('/catalyst-client');
    await this.fill('catalyst-client-username', username);
    await this.fill('catalyst-client-password', password);
    await this.click('catalyst-client-signin');
    await this.expectVisible('catalyst-client-search');
  }

  async search(text: string): Promise<void> {
    await this.byTestId('catalyst-client-search').fill(text);
    await this.byTestId('catalyst-client-search').press('Enter');
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="catalyst-client-row"][data-name="${name}"]`);
  }

  rows(): Locator {
    return this.byTestId('catalyst-client-row');
  }

  async expectFound(count: number): Promise<void> {
    await expect(this.byTestId('catalyst-client-count')).toContainText(String(count));
    await expect(this.rows()).toHaveCount(Math.min(count, 50));
  }
}
