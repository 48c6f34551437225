import { type BrowserContext, expect, type Page } from '@playwright/test';

/** The localStorage key and version the app keeps its session under (src/state/authStore.ts). */
const authKey = 'aisle-auth';
const authVersion = 1;

/**
 * Signs `username` in through the API and hands the session to the app as if it had signed in on this device
 * (stored where the app keeps it, before its first page loads). For tests whose subject is not the sign-in screen:
 * that one is covered by spine.spec.ts, through the screen.
 */
export const signInThroughApi = async (
  context: BrowserContext,
  baseURL: string | undefined,
  username: string,
  password = 'demo1234',
): Promise<void> => {
  const response = await context.request.post(`${baseURL ?? ''}/api/Auth`, { data: { username, password } });
  expect(response.status(), `sign in as ${username}`).toBe(200);
  const data = (await response.json()) as Record<string, unknown>;
  const stored = JSON.stringify({
    state: {
      token: data.token,
      refreshToken: data.refreshToken,
      expiresAt: data.expiresAt,
      refreshExpiresAt: data.refreshExpiresAt,
      claims: data.claims,
      user: null,
    },
    version: authVersion,
  });
  // Once: a later sign-out or token renewal on the device must not be undone by the next page load.
  await context.addInitScript(
    ([key, value]) => {
      try {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      } catch {
        // A page without storage of its own (about:blank): nothing to sign in.
      }
    },
    [authKey, stored] as const,
  );
};

/** Signs `username` in on `page`'s browser through the API and loads the app at `path` (the app's one full load). */
export const openSignedIn = async (
  page: Page,
  username: string,
  path = '/',
  password = 'demo1234',
): Promise<void> => {
  await signInThroughApi(page.context(), undefined, username, password);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
};
