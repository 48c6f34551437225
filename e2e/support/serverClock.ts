import { type APIRequestContext, expect } from '@playwright/test';

/**
 * The e2e servers run with AISLE_TEST_CLOCK=1 (serverProcess.ts): a test moves the server's clock instead of
 * waiting for a token or a link to expire. `during` runs with the clock `seconds` ahead, and the clock is put back
 * afterwards, also when a step fails (the next tests share the server).
 */
export const withServerClockAhead = async <T>(
  request: APIRequestContext,
  seconds: number,
  during: () => Promise<T>,
): Promise<T> => {
  const set = async (offsetSeconds: number) => {
    const response = await request.put('/api/test/clock', { data: { offsetSeconds } });
    expect(response.status(), 'PUT /api/test/clock (is AISLE_TEST_CLOCK=1 set?)').toBe(200);
  };
  await set(seconds);
  try {
    return await during();
  } finally {
    await set(0);
  }
};
