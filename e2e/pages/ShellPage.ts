import { expect } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** The signed-in shell: menu, language, user menu. */
export class ShellPage extends BasePage {
  /** The shell is up (`timeout` for a first load on a busy machine). */
  async expectSignedIn(timeout?: number): Promise<void> {
    await expect(this.byTestId('user-menu')).toBeVisible(timeout === undefined ? undefined : { timeout });
  }

  async chooseLanguage(lng: string): Promise<void> {
    await this.click('language-menu');
    await this.click(`language-${lng}`);
  }

  async openMenuItem(key: string): Promise<void> {
    await this.click(`menu-item-${key}`);
  }

  async signOut(): Promise<void> {
    // A notice (top right, e.g. "record deleted") can cover the user menu, and a pointer resting on it holds it
    // open: close what is shown first, as a person would.
    for (const close of await this.page.getByRole('alert').getByRole('button').all()) {
      await close.click({ timeout: 5_000 }).catch(() => undefined);
    }
    await this.click('user-menu');
    await this.click('signout');
    await expect(this.byTestId('signin-username')).toBeVisible();
  }
}
