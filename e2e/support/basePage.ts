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

  /**
   * Picks an option of a searchable select (RefSelect, Mantine Select): opens it, types `search` and clicks the
   * option titled `title` (the search text by default). `target` is a test id or a locator of the input.
   */
  async choose(target: string | Locator, search: string, title = search): Promise<void> {
    const input = typeof target === 'string' ? this.byTestId(target) : target;
    await input.click();
    await input.fill(search);
    await this.page.getByRole('option', { name: title, exact: true }).click();
    await expect(input).toHaveValue(title);
  }

  async expectVisible(testId: string, timeout?: number): Promise<void> {
    await expect(this.byTestId(testId)).toBeVisible(timeout === undefined ? undefined : { timeout });
  }

  /** Current path (without origin), e.g. '/companies'. */
  path(): string {
    return new URL(this.page.url()).pathname;
  }
}
