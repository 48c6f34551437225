import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { expect, test } from './support/fixtures';

const clientId = 'aisle-e2e.apps.googleusercontent.com';

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
    startServer,
  }) => {
    // Google's keys, served locally: the server verifies the ID token exactly as it would Google's.
    const keys = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'e2e-1', alg: 'RS256', use: 'sig' };
    const jwks: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = jwks.address() as AddressInfo;
      const server = await startServer({
        name: 'e2e-google',
        env: { GOOGLE_CLIENT_ID: clientId, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
      });
      const idToken = (email: string) =>
        new SignJWT({ email, email_verified: true })
          .setProtectedHeader({ alg: 'RS256', kid: 'e2e-1' })
          .setIssuer('https://accounts.google.com')
          .setAudience(clientId)
          .setSubject('e2e-subject')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(keys.privateKey);
      await page.route('https://accounts.google.com/gsi/client', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: fakeGoogleScript }),
      );

      await page.goto(`${server.baseURL}/signin`);
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
      await new Promise((resolve) => jwks.close(resolve));
    }
  });
});
