import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { TerminalPage } from './pages/TerminalPage';
import { expect, test } from './support/fixtures';

test.describe("the picker's day", () => {
  test('a picker lands on the terminal after signing in', async ({ page }) => {
    test.setTimeout(120_000);
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn('picker', 'demo1234');
    await expect(page).toHaveURL(/\/terminal$/, { timeout: 60_000 });
    await new TerminalPage(page).expectHome();
  });

  test('a contractor opening a staff address gets the not-permitted page', async ({ page }) => {
    test.setTimeout(120_000);
    const signIn = new SignInPage(page);
    await signIn.open();
    await signIn.signIn('contractor', 'demo1234');
    await new ShellPage(page).expectSignedIn();
    for (const path of ['/terminal', '/products', '/companies']) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await expect(page.getByTestId('not-permitted')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('terminal-screen')).toHaveCount(0);
    }
  });

});
