import type { Locator, Page } from '@playwright/test';
import { ShellPage } from './pages/ShellPage';
import { expect, test } from './support/fixtures';

const desktop = { width: 1366, height: 768 };

/** The field names of the list's columns, in the order of its first row's cells. */
const columnOrder = (page: Page): Promise<string[]> =>
  page
    .getByTestId('resource-row')
    .first()
    .locator('td[data-field]')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-field') ?? ''));

const cell = (page: Page, field: string): Locator =>
  page.getByTestId('resource-row').first().locator(`td[data-field="${field}"]`);

/** Whether the element lies wholly inside the window (not scrolled out of the table's view). */
const inView = async (page: Page, locator: Locator): Promise<boolean> => {
  const box = await locator.boundingBox();
  const table = await page.getByTestId('resource-table').evaluate((el) => {
    const view = el.closest('.mantine-ScrollArea-viewport') ?? el.parentElement;
    const r = (view ?? el).getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  return (
    box !== null && box.x >= table.left - 1 && box.x + box.width <= Math.min(table.right, desktop.width) + 1
  );
};

test.describe('wide lists on a desktop', () => {
  test.use({ viewport: desktop });

  test('key columns stay in view, the first column stays put while scrolling, and hidden columns follow the user', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn();
    await new ShellPage(page).expectSignedIn();
    await new ShellPage(page).openMenuItem('wmsDocument');
    await expect(page.getByTestId('resource-row').first()).toBeVisible();

    // The number names the row; status and the quantity still to confirm come right after it, in view.
    const order = await columnOrder(page);
    expect(order.slice(0, 3)).toEqual(['documentNumber', 'statusCode', 'unconfirmedQuantity']);
    expect(await inView(page, cell(page, 'statusCode'))).toBe(true);
    expect(await inView(page, cell(page, 'unconfirmedQuantity'))).toBe(true);
    const last = order.at(-1) ?? '';
    expect(await inView(page, cell(page, last))).toBe(false);

    // Scrolled to the far right: the last column comes into view, the first stays where it was.
    const firstBefore = await cell(page, 'documentNumber').boundingBox();
    await page.getByTestId('resource-table').evaluate((el) => {
      const view = el.closest('.mantine-ScrollArea-viewport') ?? el.parentElement;
      if (view) view.scrollLeft = view.scrollWidth;
    });
    await expect.poll(() => inView(page, cell(page, last))).toBe(true);
    const firstAfter = await cell(page, 'documentNumber').boundingBox();
    expect(firstAfter?.x).toBeCloseTo(firstBefore?.x ?? Number.NaN, 0);
    expect(await inView(page, cell(page, 'documentNumber'))).toBe(true);

    // Hiding a column: gone at once, counted on the button; the first column cannot be hidden.
    const chooser = page.getByTestId('resource-columns');
    await expect(chooser).toHaveText(`Columns ${order.length}/${order.length}`);
    await chooser.click();
    await expect(page.getByTestId('resource-columns-documentNumber')).toBeDisabled();
    const saved = page.waitForResponse((r) => r.url().includes('changeuserconfig') && r.status() === 200);
    await page.getByTestId('resource-columns-contractorId').uncheck();
    await saved;
    await expect(cell(page, 'contractorId')).toHaveCount(0);
    await expect(chooser).toHaveText(`Columns ${order.length - 1}/${order.length}`);

    // The choice is the user's: on another desktop, signed in as the same user, the column is hidden too.
    const other = await browser.newContext({ viewport: desktop, serviceWorkers: 'block' });
    try {
      const second = await other.newPage();
      await signIn(second);
      await new ShellPage(second).expectSignedIn();
      await new ShellPage(second).openMenuItem('wmsDocument');
      await expect(second.getByTestId('resource-row').first()).toBeVisible();
      expect(await columnOrder(second)).toEqual(order.filter((name) => name !== 'contractorId'));
    } finally {
      await other.close();
    }

    // Shown again: back to every column.
    await page.getByTestId('resource-columns-contractorId').check();
    await expect(cell(page, 'contractorId')).toHaveCount(1);
    await expect(chooser).toHaveText(`Columns ${order.length}/${order.length}`);
  });
});
