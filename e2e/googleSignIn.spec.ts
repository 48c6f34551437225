import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { expect, test } from './support/fixtures';
import { googleClientId, startGoogleSignInServer } from './support/googleServer';

/**
 * Google Identity Services as the page sees it, served in place of https://accounts.google.com/gsi/client (no
 * network here): `renderButton` draws a button that, when pressed, hands the page the ID token the test put in
 * `window.__googleIdToken` — what Google's popup does after the person picks an account.
 */
const fakeGoogleScript = `
window.google = { accounts: { id: {
  initialize: (options) => { window.__googleOptions = options; },
  renderButton: (parent) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = 'Sign in with Google';
    b.setAttribute('data-testid', 'google-fake-button');
    b.onclick = () => window.__googleOptions.callback({ credential: window.__googleIdToken });
    parent.appendChild(b);
  },
} } };`;

test.describe('Google sign-in', () => {
  test('no client id: no Google button and no Google script', async ({ page }) => {
    const googleRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('accounts.google.com')) googleRequests.push(r.url());
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/Auth/GoogleClientId'));
    await new SignInPage(page).open();
    const answer = await answered;
    expect(await answer.json()).toEqual({ clientId: null });
    await expect(page.getByTestId('signin-submit')).toBeVisible();
    await expect(page.getByTestId('google-signin')).toHaveCount(0);
    expect(googleRequests).toEqual([]);
  });

  test('with a client id: the button signs a known Google account in; an unknown one is told it failed', async ({
    page,
  }) => {
    // The server with Google sign-in on, started next to the shared one by the global setup (or here, when the
    // tests run against a server given in E2E_BASE_URL).
    const started = process.env.E2E_GOOGLE_BASE_URL ? undefined : await startGoogleSignInServer();
    const baseURL = started?.server.baseURL ?? String(process.env.E2E_GOOGLE_BASE_URL);
    const jwksFile = started?.jwksFile ?? String(process.env.E2E_GOOGLE_JWKS_FILE);
    try {
      // Google's keys, served locally: the server verifies the ID token exactly as it would Google's. A key id
      // of this run's own, so that the server fetches the keys again rather than use ones it has cached.
      const kid = `e2e-${randomUUID()}`;
      const keys = await generateKeyPair('RS256');
      const jwk = { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256', use: 'sig' };
      writeFileSync(jwksFile, JSON.stringify({ keys: [jwk] }));
      const idToken = (email: string) =>
        new SignJWT({ email, email_verified: true })
          .setProtectedHeader({ alg: 'RS256', kid })
          .setIssuer('https://accounts.google.com')
          .setAudience(googleClientId)
          .setSubject('e2e-subject')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(keys.privateKey);
      await page.route('https://accounts.google.com/gsi/client', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: fakeGoogleScript }),
      );

      await page.goto(`${baseURL}/signin`);
      const button = page.getByTestId('google-fake-button');
      await expect(button).toBeVisible({ timeout: 60_000 });

      // An account Aisle does not know: the catalogue's "third-party sign-in failed".
      await page.evaluate(
        (token) => {
          (window as unknown as { __googleIdToken: string }).__googleIdToken = token;
        },
        await idToken('nobody@example.com'),
      );
      await button.click();
      await expect(page.getByTestId('google-signin-error')).toHaveText('Signing in with Google failed');
      await expect(page).toHaveURL(/\/signin/);

      // The demo administrator's Google account: signed in.
      await page.evaluate(
        (token) => {
          (window as unknown as { __googleIdToken: string }).__googleIdToken = token;
        },
        await idToken('admin@demo.aisle'),
      );
      await button.click();
      await new ShellPage(page).expectSignedIn();
    } finally {
      await started?.stop();
    }
  });
});
