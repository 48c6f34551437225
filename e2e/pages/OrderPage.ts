import { expect, type Locator, type Page } from '@playwright/test';
import { PositionsEditor } from './PositionsEditor';

export interface OrderSaveOptions {
  /** Answer "generate the documents now" (yes: stock changes; no: it does not). */
  readonly generateDocuments: boolean;
  /** Save for production (waiting to process) rather than as a working copy (default true). */
  readonly production?: boolean;
}

/**
 * The order editor (/orders/new?type=…) and preview (/orders/:id). Test ids beyond PositionsEditor's:
 * `order-save` → dialog `order-generate-dialog` with `order-save-production`, `order-generate-yes|no|cancel`;
 * preview `order-preview` (data-status), `order-number`, `order-status`, `order-progress-row`,
 * `order-document-row` (data-status) with `order-document-link`.
 */
export class OrderPage extends PositionsEditor {
  constructor(page: Page) {
    super(page, 'order', '/orders/new');
  }

  /** Saves through the "generate documents?" question and waits for the order's preview; returns its number. */
  async save(options: OrderSaveOptions): Promise<string> {
    const production = options.production ?? true;
    await this.click('order-save');
    await expect(this.byTestId('order-generate-dialog')).toBeVisible();
    await this.byTestId('order-save-production').setChecked(production);
    await this.click(options.generateDocuments ? 'order-generate-yes' : 'order-generate-no');
    await expect(this.byTestId('order-preview')).toBeVisible();
    return this.number();
  }

  documentRows(): Locator {
    return this.byTestId('order-document-row');
  }
}
