import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Base class for page objects: wraps a Page and offers lookups by `data-testid` (never by visible text, which is
 * translated). Feature page objects extend it: `class CompanyListPage extends BasePage { ... }`.
 */
export class BasePage {
  constructor(readonly page: Page) {}

  /** Navigates to a path of the app (relative to baseURL) and waits for the DOM. */
  async goto(path = '/'): Promise<void> {
    await this.page.goto(path, { waitUntil: 'domcontentloaded' });
  }

  byTestId(testId: string): Locator {
    return this.page.getByTestId(testId);
  }

  async fill(testId: string, value: string): Promise<void> {
    await this.byTestId(testId).fill(value);
  }

  async click(testId: string): Promise<void> {
    await this.byTestId(testId).click();
  }

  async expectVisible(testId: string, timeout?: number): Promise<void> {
    await expect(this.byTestId(testId)).toBeVisible(timeout === undefined ? undefined : { timeout });
  }

  /** Current path (without origin), e.g. '/companies'. */
  path(): string {
    return new URL(this.page.url()).pathname;
  }
}
