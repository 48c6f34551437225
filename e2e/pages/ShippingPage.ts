import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** Shipment tickets (warehouse), find transport and offers (carriers), and the calendar's month view. */
export class ShippingPage extends BasePage {
  /** From the generic order list: the order's preview, then "Create shipment ticket". */
  async ticketFromOrder(orderNumber: string): Promise<void> {
    await this.goto('/orders');
    await this.fill('resource-search', orderNumber);
    await this.byTestId('resource-row').filter({ hasText: orderNumber }).first().click();
    await this.click('ship-from-record');
    await expect(this.byTestId('ticket-editor')).toBeVisible();
    await expect(this.byTestId('ticket-source')).toContainText(orderNumber);
  }

  async saveAndPublish(): Promise<string> {
    await this.click('ticket-save-publish');
    await expect(this.byTestId('ticket-page')).toHaveAttribute('data-status', 'published');
    return (await this.byTestId('ticket-number').textContent()) ?? '';
  }

  /** A carrier opens the ticket in find transport and sends an offer. */
  async offer(shipmentNumber: string, price: string, comment: string): Promise<void> {
    await this.goto('/transport');
    await this.byTestId('find-ticket').filter({ hasText: shipmentNumber }).click();
    await expect(this.byTestId('offer-form')).toBeVisible();
    await this.fill('offer-price', price);
    await this.fill('offer-comment', comment);
    await this.click('offer-send');
    // The price is shown formatted in the app language (1,490 / 1 490 / 1.490).
    const shown = new RegExp(price.replace(/\B(?=(\d{3})+(?!\d))/g, '[,.\\s\u00a0\u202f]?'));
    await expect(this.byTestId('my-offer').filter({ hasText: shown })).toHaveAttribute(
      'data-status',
      'active',
    );
  }

  offerRow(carrier: string): Locator {
    return this.byTestId('ticket-offer').filter({ hasText: carrier });
  }

  /** The warehouse's line of one carrier's thread on the ticket screen. */
  carrierThread(carrier: string): Locator {
    return this.page.locator(`[data-testid="carrier-thread"][data-carrier="${carrier}"]`);
  }

  myOffer(shipmentNumber: string): Locator {
    return this.byTestId('my-offer').and(this.page.locator(`[data-ticket="${shipmentNumber}"]`));
  }

  calendarItem(id: string): Locator {
    return this.page.locator(`[data-testid="calendar-item"][data-id="${id}"]`);
  }

  calendarDay(day: string): Locator {
    return this.page.locator(`[data-testid="calendar-day"][data-day="${day}"]`);
  }
}
