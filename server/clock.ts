/** A scheduled run; `cancel` stops it (an interval's later runs too). */
export interface Timer {
  cancel(): void;
}

/**
 * Time as the server reads it for token expiry and the live connection's pings, timeouts and rechecks. The
 * process uses `systemClock`; tests pass one they move forward themselves (test/support/testClock.ts), so no
 * test waits for a token to expire or races the wall clock.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `run` once after `ms`; never keeps the process alive on its own. */
  after(ms: number, run: () => void): Timer;
  /** Runs `run` every `ms`; never keeps the process alive on its own. */
  every(ms: number, run: () => void): Timer;
}

/** setTimeout's largest delay; longer ones would fire at once. */
const maxDelay = 2_147_483_647;

export const systemClock: Clock = {
  now: () => Date.now(),
  after: (ms, run) => {
    const t = setTimeout(run, Math.min(Math.max(ms, 0), maxDelay));
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
  every: (ms, run) => {
    const t = setInterval(run, ms);
    t.unref();
    return { cancel: () => clearInterval(t) };
  },
};
