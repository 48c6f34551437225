import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** Which stock screen: stock by warehouse, detailed inventory or bin inventory (test-id prefixes). */
export type StockScreen = 'stock' | 'inventory' | 'bin';

const paths: Record<StockScreen, string> = {
  stock: '/stock',
  inventory: '/inventory',
  bin: '/bin-inventory',
};

/**
 * The stock screens (/stock, /inventory, /bin-inventory). Test ids: `<screen>-page`, `<screen>-row`,
 * `<screen>-filter-<field>` (ranges: `-from` / `-to`), `<screen>-sort-<field>`, `<screen>-total`,
 * `<screen>-search`, `<screen>-clear-filters`, `<screen>-pagination`, `<screen>-page-size`, `<screen>-empty`;
 * stock rows carry `data-level` (ok | warning | critical) and a `stock-level` badge.
 */
export class StockPage extends BasePage {
  async open(screen: StockScreen, query = ''): Promise<void> {
    await this.goto(`${paths[screen]}${query}`);
    await this.expectLoaded(screen);
  }

  async expectLoaded(screen: StockScreen): Promise<void> {
    await expect(this.byTestId(`${screen}-page`)).toBeVisible();
    await expect(this.byTestId(`${screen}-table`)).toBeVisible();
  }

  rows(screen: StockScreen): Locator {
    return this.byTestId(`${screen}-row`);
  }

  /** The stock-by-warehouse rows at a level (coloured rows: warning, critical). */
  stockRowsAt(level: 'ok' | 'warning' | 'critical'): Locator {
    return this.page.locator(`[data-testid="stock-row"][data-level="${level}"]`);
  }

  /** The text of one cell of a row (`data-field` = the column's field). */
  cell(row: Locator, field: string): Locator {
    return row.locator(`[data-field="${field}"]`);
  }

  /** Types into a text column filter (container, serialNumber, productIndex, locationLabel, …). */
  async filterText(screen: StockScreen, field: string, value: string): Promise<void> {
    await this.fill(`${screen}-filter-${field}`, value);
    await this.byTestId(`${screen}-filter-${field}`).press('Enter');
  }

  /** Sets a range filter (quantity, or expDate / prodDate as YYYY-MM-DD); empty strings leave a side open. */
  async filterRange(screen: StockScreen, field: string, from: string, to: string): Promise<void> {
    if (from !== '') await this.fill(`${screen}-filter-${field}-from`, from);
    if (to !== '') await this.fill(`${screen}-filter-${field}-to`, to);
    if (from !== '') await this.byTestId(`${screen}-filter-${field}-from`).press('Enter');
    if (to !== '') await this.byTestId(`${screen}-filter-${field}-to`).press('Enter');
  }

  /** Picks a product or location in the inventory's select filters (`productId`, `locationId`) by its title. */
  async filterInventoryBy(field: 'productId' | 'locationId', search: string, title: string): Promise<void> {
    const input = this.byTestId(`inventory-filter-${field}`);
    await input.click();
    await input.fill(search);
    await this.page.getByRole('option', { name: title, exact: true }).click();
  }

  async sortBy(screen: StockScreen, field: string): Promise<void> {
    await this.click(`${screen}-sort-${field}`);
  }

  async clearFilters(screen: StockScreen): Promise<void> {
    await this.click(`${screen}-clear-filters`);
  }

  /** Waits until the screen lists exactly `count` rows on this page. */
  async expectRowCount(screen: StockScreen, count: number): Promise<void> {
    await expect(this.rows(screen)).toHaveCount(count);
  }
}
