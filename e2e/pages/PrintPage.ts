import { expect, type Locator } from '@playwright/test';
import { BasePage } from '../support/basePage';

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Printing: the print dialog ("Print…" on a record's screen), the layout editor (/print-layouts/:id/edit) and the
 * terminal's label button on a received line. Test ids: `print-open`, `print-dialog`, `print-layout`,
 * `print-destination` (radio values `pdf`, `printer`), `print-printer`, `print-submit`, `print-no-layout`;
 * editor: `print-layout-editor`, `print-layout-content`, `print-preview`, `print-preview-errors`,
 * `print-layout-save`; terminal: `terminal-label-print`, `terminal-label-printer`, `terminal-label-outcome`.
 */
export class PrintPage extends BasePage {
  /** The dialog's content (the part of the modal on screen). */
  dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** "Print…" on the record's screen; the dialog open with its layouts loaded. */
  async openDialog(): Promise<Locator> {
    await this.click('print-open');
    const dialog = this.dialog();
    await expect(dialog.getByTestId('print-layout')).toBeVisible();
    return dialog;
  }

  /** Print to a label printer: the destination, then the printer whose name is `name`. */
  async choosePrinter(name: string): Promise<void> {
    const dialog = this.dialog();
    await dialog.getByTestId('print-destination').locator('input[value="printer"] + label').click();
    const select = dialog.getByTestId('print-printer');
    await this.pickOption(select, name);
    await expect(select).toHaveValue(new RegExp(`^${escaped(name)}`));
  }

  /** Opens a (non-searchable) Mantine select and clicks the option whose title starts with `name`. */
  async pickOption(select: Locator, name: string): Promise<void> {
    await select.click();
    await this.page.getByRole('option', { name: new RegExp(`^${escaped(name)}`) }).click();
  }

  async submit(): Promise<void> {
    await this.dialog().getByTestId('print-submit').click();
  }

  /** The layout editor of one layout. */
  async openEditor(layoutId: string): Promise<void> {
    await this.goto(`/print-layouts/${layoutId}/edit`);
    await expect(this.byTestId('print-layout-content')).toBeVisible();
  }

  /**
   * Whatever of `area` reaches past the screen's left or right edge, or is wider than its box without scrolling
   * sideways on purpose (and, with `wholePage`, the page itself scrolling sideways): empty when the area fits the
   * screen's width.
   */
  overflowIn(area: Locator, options: { wholePage?: boolean } = {}): Promise<string[]> {
    return area.evaluate((root, wholePage) => {
      const width = window.innerWidth;
      const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
      const out: string[] = [];
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const rect = el.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || el.closest('[aria-hidden="true"]')) continue;
        const name = `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}`;
        if (rect.right > width + 1 || rect.left < -1)
          out.push(`${name} spans ${Math.round(rect.left)}–${Math.round(rect.right)} of ${width}px`);
        else if (
          !scrolls(el) &&
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflowX !== 'visible'
        )
          out.push(`${name} is cut: ${el.scrollWidth}px in ${el.clientWidth}px`);
      }
      if (wholePage && document.documentElement.scrollWidth > width + 1)
        out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px in ${width}px`);
      return out;
    }, options.wholePage === true);
  }
}
