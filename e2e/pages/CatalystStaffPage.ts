import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** The catalyst module's staff screens: the general catalogue (photos or list), "why this price", market, usage. */
export class CatalystStaffPage extends BasePage {
  async openCatalogue(): Promise<void> {
    await this.goto('/catalyst-general-catalog');
    await this.expectVisible('catalyst-view', 60_000);
  }

  async showPhotos(): Promise<void> {
    await this.page.getByTestId('catalyst-view').locator('label').nth(0).click();
    await this.expectVisible('catalyst-grid');
  }

  async showList(): Promise<void> {
    await this.page.getByTestId('catalyst-view').locator('label').nth(1).click();
    await this.expectVisible('resource-list');
  }

  cards(): Locator {
    return this.byTestId('catalyst-card');
  }

  card(name: string): Locator {
    return this.page.locator(`[data-testid="catalyst-card"][aria-label="${name}"]`);
  }

  async search(text: string): Promise<void> {
    await this.fill('catalyst-grid-search', text);
    await this.byTestId('catalyst-grid-search').press('Enter');
    // The search is in the address once the grid has taken it, as a person sees the list change before picking
    // a filter: a filter picked sooner is applied to the list as it was, and the earlier search comes back.
    const wanted = text.trim();
    await expect(this.page).toHaveURL((url) => (url.searchParams.get('f.searchText') ?? '') === wanted);
  }

  /** "Why this price" of the catalyst open in the preview, for a client account chosen by user name. */
  async whyForClient(username: string): Promise<void> {
    await this.click('catalyst-why-open');
    await this.choose('catalyst-why-target', username, username);
    await this.expectVisible('catalyst-why-result');
  }

  /** The price of "why this price" for a client account, read from the open preview; the modal is closed again. */
  async priceForClient(username: string): Promise<string> {
    await this.whyForClient(username);
    const price = this.byTestId('catalyst-why-price');
    await expect(price).toHaveText(/\d/);
    const text = (await price.textContent()) ?? '';
    await this.page.keyboard.press('Escape');
    await expect(price).toBeHidden();
    return text;
  }

  /** The grams-per-kg input of one metal in the catalyst form, by its symbol. */
  metal(shortName: string): Locator {
    return this.page.locator(`[data-testid="catalyst-form-metal"][data-metal="${shortName}"]`);
  }

  async openMarket(): Promise<void> {
    await this.goto('/catalyst-stock-market');
    await this.expectVisible('catalyst-market-metals', 60_000);
  }

  metalRow(shortName: string): Locator {
    return this.page.locator(`[data-testid="catalyst-market-metal"][data-rate="${shortName}"]`);
  }

  chart(label: string): Locator {
    return this.page.locator(`[data-testid="catalyst-market-chart"][data-rate="${label}"]`);
  }

  async openStatistics(): Promise<void> {
    await this.goto('/catalyst-statistics');
    await this.expectVisible('catalyst-statistics-clients', 60_000);
  }

  statisticsOf(username: string): Locator {
    return this.page.locator(`[data-testid="catalyst-statistics-client"][data-username="${username}"]`);
  }

  async expectCount(count: number): Promise<void> {
    await expect(this.byTestId('catalyst-grid-count')).toContainText(String(count));
  }
}
