import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** The contractor portal: home, catalogue, basket, my orders. */
export class PortalPage extends BasePage {
  async expectHome(): Promise<void> {
    await this.expectVisible('portal-home', 30_000);
  }

  async openCatalogue(): Promise<void> {
    await this.goto('/portal/new-order');
    // A full load of the app (goto): on a busy machine it takes longer than a click.
    await this.expectVisible('portal-catalogue', 30_000);
  }

  /** The catalogue card of one product (searched by its index). */
  async findProduct(index: string): Promise<Locator> {
    await this.fill('portal-catalogue-search', index);
    const card = this.page.locator(`[data-testid="portal-product"][data-index="${index}"]`);
    await expect(card).toBeVisible();
    return card;
  }

  /** Sets the quantity with the stepper's + button (as a thumb would) and puts it in the basket. */
  async addWithStepper(index: string, quantity: number): Promise<void> {
    const card = await this.findProduct(index);
    for (let i = 1; i < quantity; i++) await card.getByTestId('portal-product-quantity-plus').click();
    await expect(card.getByTestId('portal-product-quantity-value')).toHaveValue(String(quantity));
    await card.getByTestId('portal-product-add').click();
    await expect(card.getByTestId('portal-product-in-basket')).toBeVisible();
  }

  async openBasket(): Promise<void> {
    await this.click('portal-basket-button');
    await this.expectVisible('portal-basket');
  }

  /** Confirms the basket for delivery on `date` (YYYY-MM-DD); returns the order number shown next. */
  async confirm(date: string, comment: string): Promise<string> {
    await this.fill('portal-basket-date', date);
    await this.fill('portal-basket-comment', comment);
    await this.click('portal-basket-confirm');
    // Saving the order (and its e-mail) before the page opens: give a busy server time.
    await this.expectVisible('portal-order-page', 60_000);
    const number = await this.byTestId('portal-order').getAttribute('data-number');
    return String(number);
  }

  order(): Locator {
    return this.byTestId('portal-order');
  }
}
