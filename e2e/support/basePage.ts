import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Base class for page objects: wraps a Page and offers lookups by `data-testid` (never by visible text, which is
 * translated). Feature page objects extend it: `class CompanyListPage extends BasePage { ... }`.
 */
export class BasePage {
  constructor(readonly page: Page) {}

  /**
   * Opens a path of the app. When the page already shows the app, its router moves there, as a link in the app
   * would: loading the whole app again (scripts, replica, first sync check) took seconds per screen on a busy
   * machine. A page elsewhere (a fresh one, another site), the screen already shown (opened again to start over)
   * and `{ load: true }` (when the load itself is under test) get a full load, waiting for the DOM.
   */
  async goto(path = '/', options: { load?: boolean } = {}): Promise<void> {
    if (!options.load && (await this.navigateInApp(path))) return;
    await this.page.goto(path, { waitUntil: 'domcontentloaded' });
  }

  /** Moves the app's router to `path` (a history entry as the router writes it, then popstate); false if it cannot. */
  private async navigateInApp(path: string): Promise<boolean> {
    const current = this.page.url();
    if (!/^https?:/.test(current) || !path.startsWith('/')) return false;
    const from = new URL(current);
    const to = new URL(path, from);
    if (to.pathname === from.pathname) return false;
    try {
      return await this.page.evaluate((href) => {
        if (!document.getElementById('root')) return false;
        const previous: unknown = window.history.state;
        const idx =
          typeof previous === 'object' &&
          previous !== null &&
          'idx' in previous &&
          typeof previous.idx === 'number'
            ? previous.idx
            : 0;
        window.history.pushState(
          { usr: null, key: Math.random().toString(36).slice(2, 10), idx: idx + 1 },
          '',
          href,
        );
        window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
        return true;
      }, `${to.pathname}${to.search}${to.hash}`);
    } catch {
      // The page was navigating away (its script context went): load the path instead.
      return false;
    }
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
