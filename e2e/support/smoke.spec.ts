import { demoUser, expect, test } from './fixtures';

// Smoke check of the e2e harness itself: the server started by globalSetup answers, the demo account exists,
// and the built web app is served.
test.describe('e2e harness smoke', () => {
  test('the server answers /api/health', async ({ request }) => {
    const response = await request.get('/api/health');
    expect(response.status()).toBe(200);
  });

  test('the demo account can sign in through the API', async ({ request }) => {
    const response = await request.post('/api/Auth', {
      data: { username: demoUser.username, password: demoUser.password },
    });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { token?: unknown; refreshToken?: unknown };
    expect(typeof body.token).toBe('string');
    expect(typeof body.refreshToken).toBe('string');
  });

  test('the web app shell is served', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type'] ?? '').toContain('text/html');
  });
});
