import { expect } from '@playwright/test';
import { BasePage } from '../support/basePage';

export interface SignUpData {
  readonly company: string;
  readonly username: string;
  readonly email: string;
  readonly password: string;
}

/** The combined sign-in / sign-up screen. */
export class SignInPage extends BasePage {
  async open(): Promise<void> {
    await this.goto('/signin');
    // A first page load on a busy machine can take long.
    await this.expectVisible('signin-username', 60_000);
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.fill('signin-username', username);
    await this.fill('signin-password', password);
    await this.click('signin-submit');
  }

  async signUp(data: SignUpData): Promise<void> {
    await this.click('signup-tab');
    await this.fill('signup-company', data.company);
    await this.fill('signup-username', data.username);
    await this.fill('signup-email', data.email);
    await this.fill('signup-password', data.password);
    await this.fill('signup-confirm', data.password);
    await this.byTestId('signup-terms').check();
    await this.click('signup-submit');
    await expect(this.byTestId('signup-success')).toBeVisible();
  }
}
