import { randomUUID } from 'node:crypto';
import { HistoryPage } from './pages/HistoryPage';
import { ResourcePage } from './pages/ResourcePage';
import { ShellPage } from './pages/ShellPage';
import { expect, test } from './support/fixtures';

test.describe('change history', () => {
  test('the history of an edited product shows the old and new values', async ({ page, signIn }) => {
    await signIn();
    await new ShellPage(page).expectSignedIn();
    const id = randomUUID().slice(0, 6).toUpperCase();
    const products = new ResourcePage(page);
    const productId = await products.create('products', { index: `HIST-${id}`, name: `Bolt ${id}` });
    await page.getByTestId('resource-edit').click();
    await products.fillForm({ name: `Bolt ${id} zinc` });
    await products.click('resource-save');
    await expect(page.getByTestId('resource-preview')).toBeVisible();

    // The product's preview links to its own history: its creation and the change.
    await page.getByTestId('record-history').click();
    await expect(page).toHaveURL(new RegExp(`/history\\?.*f\\.resourceId=${productId}`));
    const history = new HistoryPage(page);
    await expect(history.rows()).toHaveCount(2);
    await history.openRow(history.rows().filter({ hasText: /Changed/ }));
    await expect(history.change('name').getByTestId('history-before')).toHaveText(`Bolt ${id}`);
    await expect(history.change('name').getByTestId('history-after')).toHaveText(`Bolt ${id} zinc`);

    // The dialog is addressed by the entry: the address opens it again.
    const entryUrl = page.url();
    expect(entryUrl).toMatch(/\/history\/[0-9a-f-]{36}\?/);
    await page.reload();
    await expect(history.change('name')).toBeVisible();
  });
});
