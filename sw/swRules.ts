/** Paths the service worker never answers with the app shell: the API and the live-connection hub. */
export const navigationDenylist: readonly RegExp[] = [/^\/api(\/|$)/i, /^\/datahub(\/|$)/i];

/** The page's consent to activate a waiting version (workbox-window's messageSkipWaiting sends this). */
export const isSkipWaitingMessage = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'SKIP_WAITING';

/** Whether a navigation to `pathname` is served the cached shell when offline. */
export const servesShell = (pathname: string): boolean => !navigationDenylist.some((re) => re.test(pathname));
