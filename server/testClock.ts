import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../domain/errors';
import { type Clock, systemClock } from './clock';

/**
 * A server clock the end-to-end tests move while the server runs (a token's lifetime, a shared link's expiry),
 * so that no test waits for real time to pass or restarts a server with another clock. `offsetSeconds` is added
 * to the system's time; timers keep running in real time.
 */
export type MovableClock = Clock & {
  readonly offsetSeconds: () => number;
  readonly set: (seconds: number) => void;
};

export const movableClock = (initialOffsetSeconds = 0): MovableClock => {
  let offsetMs = Number.isFinite(initialOffsetSeconds) ? initialOffsetSeconds * 1000 : 0;
  return {
    ...systemClock,
    now: () => Date.now() + offsetMs,
    offsetSeconds: () => offsetMs / 1000,
    set: (seconds) => {
      offsetMs = seconds * 1000;
    },
  };
};

const offsetBody = z.object({
  offsetSeconds: z
    .number()
    .finite()
    .min(-366 * 86_400)
    .max(366 * 86_400),
});

/**
 * PUT /api/test/clock `{ offsetSeconds }` sets how far the server's clock runs ahead of the system's; GET reads
 * it. Registered only when the end-to-end harness starts the server with AISLE_TEST_CLOCK=1 (never in
 * production: anyone could move the clock); see docs/recipes.md.
 */
export const registerTestClockRoutes = (app: FastifyInstance, clock: MovableClock): void => {
  app.get('/api/test/clock', async () => ({ offsetSeconds: clock.offsetSeconds() }));
  app.put('/api/test/clock', async (request) => {
    const parsed = offsetBody.safeParse(request.body);
    if (!parsed.success) throw new AppError('badRequest');
    clock.set(parsed.data.offsetSeconds);
    return { offsetSeconds: clock.offsetSeconds() };
  });
};
