import { randomUUID } from 'node:crypto';
import { ResourcePage } from './pages/ResourcePage';
import { ShellPage } from './pages/ShellPage';
import { openSignedIn } from './support/apiSession';
import { BasePage } from './support/basePage';
import { expect, test } from './support/fixtures';

test.describe('edit mode over the live connection', () => {
  test('a manager editing a product sees that another user edits it too, and when they leave', async ({
    browser,
    baseURL,
  }) => {
    // Two devices: two browser contexts, each with its own session and live connection.
    const managerContext = await browser.newContext({ baseURL });
    const adminContext = await browser.newContext({ baseURL });
    try {
      const manager = await managerContext.newPage();
      const admin = await adminContext.newPage();

      // The sign-in screen is spine.spec's: each session is handed to its browser through the API.
      await openSignedIn(manager, 'manager');
      await new ShellPage(manager).expectSignedIn();
      const id = randomUUID().slice(0, 6).toUpperCase();
      const productId = await new ResourcePage(manager).create('products', {
        index: `EDIT-${id}`,
        name: `Edited product ${id}`,
      });

      await openSignedIn(admin, 'admin');
      await new ShellPage(admin).expectSignedIn();

      // Both open the form through the app (no new load: the live connection stays).
      await new BasePage(manager).goto(`/products/${productId}/edit`);
      await expect(manager.getByTestId('edit-mode-others')).toHaveCount(0);
      await new BasePage(admin).goto(`/products/${productId}/edit`);

      // Each sees the other by their visible name (the demo's Alice Admin and Mark Manager), never themselves.
      await expect(manager.getByTestId('edit-mode-names')).toContainText('Alice Admin');
      await expect(admin.getByTestId('edit-mode-names')).toContainText('Mark Manager');
      await expect(manager.getByTestId('edit-mode-names')).not.toContainText('Mark Manager');

      // The admin leaves the form: the manager's notice goes away.
      await new BasePage(admin).goto('/products');
      await expect(manager.getByTestId('edit-mode-others')).toHaveCount(0);
    } finally {
      await managerContext.close();
      await adminContext.close();
    }
  });
});
