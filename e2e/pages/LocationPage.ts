import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from '../support/basePage';

export interface GeneratorLevelInput {
  readonly prefix: string;
  readonly digits: number;
  readonly start: number;
  readonly quantity: number;
}

/**
 * The location screens: the tree (/storage-spaces/tree), the generator (/storage-spaces/generate) and the
 * label panel of a location (in the tree's detail and in the location preview).
 * Test ids: `location-tree-node-<label>` (data-expanded), `location-tree-toggle-<label>`,
 * `location-tree-check-<label>`, `location-tree-label-<label>`, `location-detail`, `location-barcode`
 * (data-value), `label-print`, `label-print-selected`; generator: `generator-level-<n>-prefix|digits|start|
 * quantity|type`, `generator-add-level`, `generator-preview-<n>-first|last|count`, `generator-total`
 * (data-total), `generator-submit`, `generator-progress` (data-status, data-done, data-total),
 * `generator-done`, `generator-clashes` / `generator-clash`, `generator-failed`, `generator-open-tree`.
 */
export class LocationPage extends BasePage {
  async openTree(): Promise<void> {
    await this.goto('/storage-spaces/tree');
    await expect(this.byTestId('location-tree')).toBeVisible();
  }

  node(label: string): Locator {
    return this.byTestId(`location-tree-node-${label}`);
  }

  async expand(label: string): Promise<void> {
    if ((await this.node(label).getAttribute('data-expanded')) !== 'true')
      await this.click(`location-tree-toggle-${label}`);
    await expect(this.node(label)).toHaveAttribute('data-expanded', 'true');
  }

  async collapse(label: string): Promise<void> {
    if ((await this.node(label).getAttribute('data-expanded')) === 'true')
      await this.click(`location-tree-toggle-${label}`);
    await expect(this.node(label)).toHaveAttribute('data-expanded', 'false');
  }

  /** Selects a node: its detail (label, barcode, print) shows beside the tree. */
  async select(label: string): Promise<void> {
    await this.click(`location-tree-label-${label}`);
    await expect(this.byTestId('location-detail')).toBeVisible();
    await expect(this.byTestId('location-barcode')).toHaveAttribute('data-value', label);
  }

  /** Ticks nodes for printing several labels at once. */
  async check(...labels: string[]): Promise<void> {
    for (const label of labels) await this.byTestId(`location-tree-check-${label}`).check();
  }

  /** Clicks a print button and returns the print window (labels as inline SVG, one `.label` each). */
  async printLabels(testId: 'label-print' | 'label-print-selected' = 'label-print'): Promise<Page> {
    const [popup] = await Promise.all([this.page.waitForEvent('popup'), this.click(testId)]);
    await popup.waitForLoadState('domcontentloaded');
    await expect(popup.locator('.label svg').first()).toBeVisible();
    return popup;
  }

  async openGenerator(parentId?: string): Promise<void> {
    await this.goto(
      parentId
        ? `/storage-spaces/generate?parentId=${encodeURIComponent(parentId)}`
        : '/storage-spaces/generate',
    );
    await expect(this.byTestId('generator-submit')).toBeVisible();
  }

  /** Fills levels 1…n (adding levels as needed). */
  async fillLevels(levels: readonly GeneratorLevelInput[]): Promise<void> {
    for (const [index, level] of levels.entries()) {
      const n = index + 1;
      if ((await this.byTestId(`generator-level-${n}-prefix`).count()) === 0)
        await this.click('generator-add-level');
      await this.fill(`generator-level-${n}-prefix`, level.prefix);
      await this.fill(`generator-level-${n}-digits`, String(level.digits));
      await this.fill(`generator-level-${n}-start`, String(level.start));
      await this.fill(`generator-level-${n}-quantity`, String(level.quantity));
    }
  }

  async expectPreview(level: number, first: string, last: string): Promise<void> {
    await expect(this.byTestId(`generator-preview-${level}-first`)).toHaveText(first);
    await expect(this.byTestId(`generator-preview-${level}-last`)).toHaveText(last);
  }

  async expectTotal(total: number): Promise<void> {
    await expect(this.byTestId('generator-total')).toHaveAttribute('data-total', String(total));
  }

  /** Submits and waits for the job to finish (progress bar, then the done notice). */
  async generate(timeout = 60_000): Promise<void> {
    await this.click('generator-submit');
    await expect(this.byTestId('generator-progress')).toBeVisible();
    await expect(this.byTestId('generator-done')).toBeVisible({ timeout });
  }

  /** Submits expecting a clash with existing labels; returns the labels shown. */
  async generateExpectingClashes(): Promise<string[]> {
    await this.click('generator-submit');
    await expect(this.byTestId('generator-clashes')).toBeVisible();
    return this.byTestId('generator-clash').allInnerTexts();
  }
}
