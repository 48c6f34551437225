import type { IRetryPolicy, RetryContext } from '@microsoft/signalr';

/** Retries 0–7 wait this long (the reconnect policy, docs/sync-contract.md §6). */
export const firstRetryDelayMs = 2000;
/** Retries 8–15 wait this long; after the 16th the connection stops. */
export const laterRetryDelayMs = 4000;

/** The delay before retry number `previousRetryCount` (0-based), or null: stop retrying. */
export const liveRetryDelay = (previousRetryCount: number): number | null => {
  if (previousRetryCount < 8) return firstRetryDelayMs;
  if (previousRetryCount < 16) return laterRetryDelayMs;
  return null;
};

/**
 * The reconnect policy handed to @microsoft/signalr: `delay` (liveRetryDelay unless a test speeds it
 * up) after `onRetry` has seen why the connection was lost (a 401 starts a token renewal).
 */
export const liveRetryPolicy = (
  onRetry: (context: RetryContext) => void = () => undefined,
  delay: (previousRetryCount: number) => number | null = liveRetryDelay,
): IRetryPolicy => ({
  nextRetryDelayInMilliseconds: (context) => {
    onRetry(context);
    return delay(context.previousRetryCount);
  },
});

/** Whether a connection error means "your access token was refused" (negotiate 401, close on expiry). */
export const isUnauthorizedError = (error: unknown): boolean => {
  if (error === null || error === undefined) return false;
  if (typeof error === 'object' && (error as { statusCode?: unknown }).statusCode === 401) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /status code '401'|\b401\b|unauthori[sz]ed/i.test(message);
};
