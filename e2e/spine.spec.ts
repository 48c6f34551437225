import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ResourcePage } from './pages/ResourcePage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { expect, test } from './support/fixtures';
import { withServerClockAhead } from './support/serverClock';

/** The e2e server's access-token lifetime (the server's default unless the run sets another). */
const accessTokenSeconds = Number(process.env.E2E_SERVER_ACCESS_TOKEN_SECONDS ?? 600);

test.describe('the spine', () => {
  test('sign up, activate by e-mail, sign in, use the menu, language, a Company, sign out', async ({
    page,
    mail,
  }) => {
    const id = randomUUID().slice(0, 8);
    const user = {
      company: `Spine ${id}`,
      username: `spine${id}`,
      email: `spine${id}@example.com`,
      password: 'Spine-pass-1',
    };
    const signIn = new SignInPage(page);
    const shell = new ShellPage(page);
    const companies = new ResourcePage(page);

    await signIn.open();
    await signIn.signUp(user);

    const message = await mail.waitFor(user.email);
    const link = new URL(mail.extractLink(message, '/activate'));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByTestId('activate-success')).toBeVisible();

    await signIn.open();
    await signIn.signIn(user.username, user.password);
    await shell.expectSignedIn();
    // A new company's first user is a super user: administration and business are in the menu, the portal is not.
    await expect(page.getByTestId('menu-section-administration')).toBeVisible();
    await expect(page.getByTestId('menu-item-company')).toBeVisible();
    await expect(page.getByTestId('menu-item-myOrders')).toHaveCount(0);

    await shell.chooseLanguage('pl-pl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
    const polishLabel = await page.getByTestId('menu-item-company').innerText();
    await page.reload();
    await shell.expectSignedIn();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl-PL');
    await expect(page.getByTestId('menu-item-company')).toHaveText(polishLabel);

    await shell.openMenuItem('company');
    await companies.add({ shortName: `ACME-${id}`, fullName: 'Acme Trading' });
    await companies.click('resource-edit');
    await companies.fillForm({ fullName: 'Acme Trading Sp. z o.o.' });
    await companies.click('resource-save');
    await expect(page.getByTestId('value-fullName')).toContainText('Acme Trading Sp. z o.o.');

    await shell.openMenuItem('company');
    await companies.add({ shortName: `OTHER-${id}` });
    await shell.openMenuItem('company');
    await expect(companies.rows()).toHaveCount(2);
    await companies.search(`ACME-${id}`);
    await expect(companies.rows()).toHaveCount(1);

    const csv = await companies.download('resource-export-csv');
    const csvText = await readFile(await csv.path(), 'utf8');
    expect(csvText).toContain(`ACME-${id}`);
    expect(csvText).not.toContain(`OTHER-${id}`);
    const xlsx = await companies.download('resource-export-xlsx');
    expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);

    await companies.rows().first().click();
    await companies.click('resource-delete');
    await companies.click('resource-confirm-delete');
    await shell.openMenuItem('company');
    await expect(companies.rows()).toHaveCount(1);
    await expect(companies.rows().first()).toContainText(`OTHER-${id}`);

    await shell.signOut();
  });

  test('a deep link while signed out comes back after sign-in', async ({ page }) => {
    await page.goto('/companies?PageSize=50');
    await expect(page).toHaveURL(/\/signin/);
    await new SignInPage(page).signIn('admin', 'demo1234');
    await expect(page).toHaveURL(/\/companies\?PageSize=50$/);
    await expect(page.getByTestId('resource-list')).toBeVisible();
  });

  test('an unknown path shows the not-found page; a screen that cannot be fetched offline says so', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    const shell = new ShellPage(page);
    await shell.expectSignedIn();
    await page.goto('/no/such/page');
    await expect(page.getByTestId('not-found')).toBeVisible();

    // Service workers are blocked here, so the companies' screen, never opened yet, cannot be fetched offline:
    // the shell stays and a translated message replaces the screen (not the router's raw error page).
    await page.context().setOffline(true);
    try {
      await shell.openMenuItem('company');
      await expect(page.getByTestId('route-error')).toHaveAttribute('data-kind', 'load');
      await expect(page.getByTestId('user-menu')).toBeVisible();
    } finally {
      await page.context().setOffline(false);
    }
    await page.getByTestId('route-error').getByRole('button').first().click();
    await expect(page.getByTestId('resource-row').first()).toBeVisible();
  });

  test('an expired access token is refreshed without the user noticing', async ({
    page,
    request,
    signIn,
  }) => {
    await signIn(page);
    await new ShellPage(page).expectSignedIn();
    const refreshed = page.waitForResponse(
      (r) => r.url().endsWith('/api/Auth') && r.request().method() === 'GET',
    );
    // The server's clock moves past the access token's life (e2e/support/serverClock.ts): its next call is refused,
    // the app renews the token and retries, and the list shows as if nothing happened.
    await withServerClockAhead(request, accessTokenSeconds + 60, async () => {
      await page.getByTestId('menu-item-company').click();
      expect((await refreshed).status()).toBe(200);
      await expect(page.getByTestId('resource-row').first()).toBeVisible();
    });
    await expect(page).toHaveURL(/\/companies/);
  });
});
