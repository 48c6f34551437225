import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from '../support/basePage';

/** One position of a document or order being edited (labels and indexes as the user sees them). */
export interface PositionInput {
  readonly product: string;
  readonly quantity: number;
  /** Location labels overriding the header's for this line. */
  readonly source?: string;
  readonly destination?: string;
}

/**
 * What the document and order editors share: `<prefix>-editor`, `<prefix>-type`, `<prefix>-source`,
 * `<prefix>-destination`, `<prefix>-position-row` with `<prefix>-position-product|quantity|source|destination`,
 * `<prefix>-add-position`.
 */
export abstract class PositionsEditor extends BasePage {
  constructor(
    page: Page,
    private readonly prefix: 'doc' | 'order',
    private readonly newPath: string,
  ) {
    super(page);
  }

  async openNew(typeCode: string): Promise<void> {
    await this.goto(`${this.newPath}?type=${encodeURIComponent(typeCode)}`);
    await expect(this.byTestId(`${this.prefix}-editor`)).toBeVisible();
    await expect(this.byTestId(`${this.prefix}-type`)).toHaveValue(new RegExp(`^${typeCode} `));
  }

  async setSource(label: string): Promise<void> {
    await this.choose(`${this.prefix}-source`, label);
  }

  async setDestination(label: string): Promise<void> {
    await this.choose(`${this.prefix}-destination`, label);
  }

  positionRows(): Locator {
    return this.byTestId(`${this.prefix}-position-row`);
  }

  /** Fills the position at `index` (0-based), adding rows as needed. */
  async setPosition(index: number, position: PositionInput): Promise<void> {
    while ((await this.positionRows().count()) <= index) await this.click(`${this.prefix}-add-position`);
    const row = this.positionRows().nth(index);
    const field = (name: string) => row.getByTestId(`${this.prefix}-position-${name}`);
    await this.choose(field('product'), position.product);
    await field('quantity').fill(String(position.quantity));
    if (position.source) await this.choose(field('source'), position.source);
    if (position.destination) await this.choose(field('destination'), position.destination);
  }

  /** The record's number on its screen. */
  async number(): Promise<string> {
    const number = (await this.byTestId(`${this.prefix}-number`).innerText()).trim();
    expect(number).not.toBe('');
    return number;
  }
}
