import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ShellPage } from './pages/ShellPage';
import { expect, test } from './support/fixtures';
import { WarehouseApi } from './support/warehouseApi';

/**
 * Stops the page's clock a moment ahead of its time. The page's time runs on while the test asks for it, so on a
 * busy machine the moment may already have passed when the pause arrives: then it asks again.
 */
const pauseClock = async (page: Page): Promise<void> => {
  for (;;) {
    const ahead = await page.evaluate(() => Date.now() + 1000);
    try {
      await page.clock.pauseAt(ahead);
      return;
    } catch (error) {
      if (!String(error).includes('to the past')) throw error;
    }
  }
};

test.describe('favorites', () => {
  test('a short press opens the link; a press held for 2 s opens the editor', async ({
    page,
    request,
    signIn,
  }) => {
    const api = await WarehouseApi.signIn(request, 'admin');
    const title = `Stock ${randomUUID().slice(0, 6)}`;
    const favorite = await api.post('/api/FavoriteAction', { title, link: '/stock', color: '#2f9e44' });

    // The page's clock is the test's: the 2 s are moved, not waited for.
    await page.clock.install();
    // The fixture's sign-in opens the app on its home page, where the shortcuts and the menu are.
    await signIn();
    await new ShellPage(page).expectSignedIn();
    const shortcut = page.locator(`[data-testid="favorite-shortcut"][data-favorite-id="${favorite.id}"]`);
    await expect(shortcut).toBeVisible();

    // Time stands still between the press and the release unless the test moves it.
    const pause = () => pauseClock(page);
    await pause();
    await shortcut.hover();
    await page.mouse.down();
    await page.clock.runFor(500);
    await page.mouse.up();
    await expect(page).toHaveURL(/\/stock$/);

    await page.clock.resume();
    await new ShellPage(page).goto('/');
    await expect(shortcut).toBeVisible();
    await pause();
    await shortcut.hover();
    await page.mouse.down();
    await page.clock.runFor(2000);
    // The editor opens while the button is still held.
    await expect(page).toHaveURL(new RegExp(`/favorites/${favorite.id}/edit$`));
    await page.mouse.up();
    await page.clock.resume();
    await expect(page.getByTestId('field-title')).toHaveValue(title);
  });

  test('the favorites are in the menu too: a short press opens the link, a 2 s hold the editor', async ({
    page,
    request,
    signIn,
  }) => {
    const api = await WarehouseApi.signIn(request, 'admin');
    const title = `Orders ${randomUUID().slice(0, 6)}`;
    const favorite = await api.post('/api/FavoriteAction', { title, link: '/orders', color: '#1c7ed6' });

    await page.clock.install();
    // The fixture's sign-in opens the app on its home page, where the shortcuts and the menu are.
    await signIn();
    await new ShellPage(page).expectSignedIn();
    const entry = page.locator(`[data-testid="menu-favorite"][data-favorite-id="${favorite.id}"]`);
    await expect(entry).toBeVisible();
    await expect(entry).toHaveText(title);

    const pause = () => pauseClock(page);
    await pause();
    await entry.hover();
    await page.mouse.down();
    await page.clock.runFor(500);
    await page.mouse.up();
    await expect(page).toHaveURL(/\/orders$/);

    await page.clock.resume();
    await expect(entry).toBeVisible();
    await pause();
    await entry.hover();
    await page.mouse.down();
    await page.clock.runFor(2000);
    await expect(page).toHaveURL(new RegExp(`/favorites/${favorite.id}/edit$`));
    await page.mouse.up();
    await page.clock.resume();
    await expect(page.getByTestId('field-title')).toHaveValue(title);
  });
});
