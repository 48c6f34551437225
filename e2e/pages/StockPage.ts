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
    await this.choose(`inventory-filter-${field}`, search, title);
  }

  async sortBy(screen: StockScreen, field: string): Promise<void> {
    await this.click(`${screen}-sort-${field}`);
  }

  async clearFilters(screen: StockScreen): Promise<void> {
    await this.click(`${screen}-clear-filters`);
  }

  /** The row whose `field` cell reads exactly `text`. */
  rowWith(screen: StockScreen, field: string, text: string): Locator {
    const exact = new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
    return this.rows(screen).filter({
      has: this.page.locator(`[data-field="${field}"]`, { hasText: exact }),
    });
  }

  /**
   * Opens the detailed inventory of one product and checks that it holds exactly `quantities` (location
   * label → quantity): one row per location, nothing elsewhere.
   */
  async expectInventory(productId: string, quantities: Readonly<Record<string, number>>): Promise<void> {
    await this.expectQuantities('inventory', 'locationLabel', productId, quantities);
  }

  /** Opens stock by warehouse for one product and checks its quantity per warehouse (top-level location). */
  async expectStockByWarehouse(
    productId: string,
    quantities: Readonly<Record<string, number>>,
  ): Promise<void> {
    await this.expectQuantities('stock', 'warehouseLabel', productId, quantities);
  }

  private async expectQuantities(
    screen: StockScreen,
    placeField: string,
    productId: string,
    quantities: Readonly<Record<string, number>>,
  ): Promise<void> {
    await this.open(screen, `?f.productId=${encodeURIComponent(productId)}`);
    await this.expectRowCount(screen, Object.keys(quantities).length);
    for (const [place, quantity] of Object.entries(quantities)) {
      const row = this.rowWith(screen, placeField, place);
      await expect(row).toHaveCount(1);
      await expect(this.cell(row, 'quantity')).toHaveText(String(quantity));
    }
  }

  /** Waits until the screen lists exactly `count` rows on this page. */
  async expectRowCount(screen: StockScreen, count: number): Promise<void> {
    await expect(this.rows(screen)).toHaveCount(count);
  }
}
