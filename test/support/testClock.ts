import type { Clock, Timer } from '../../server/clock';

interface Scheduled {
  due: number;
  readonly period: number | undefined;
  readonly run: () => void;
  cancelled: boolean;
  real: NodeJS.Timeout | undefined;
}

/** A clock a test moves forward: `advance` jumps time and runs at once what came due, in time order. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

/**
 * The wall clock plus an offset the test adds to. Time also flows by itself (timers fire in real time too, so
 * pings keep real clients connected), but nothing a test checks waits for it: a token that expires "in an
 * hour" expires when the test calls `advance(3_600_000)`, whatever the machine's load. With `flows: false`
 * time stands still between `advance` calls (what runs when is then entirely the test's).
 */
export const testClock = ({ flows = true }: { readonly flows?: boolean } = {}): TestClock => {
  let offset = 0;
  const scheduled = new Set<Scheduled>();
  const start = Date.now();
  const now = (): number => (flows ? Date.now() : start) + offset;

  const arm = (entry: Scheduled): void => {
    if (entry.real) clearTimeout(entry.real);
    if (!flows) return;
    entry.real = setTimeout(() => fire(entry), Math.min(Math.max(entry.due - now(), 0), 2_147_483_647));
    entry.real.unref();
  };

  const fire = (entry: Scheduled): void => {
    if (entry.cancelled) return;
    // A real timer may wake a little early: wait on.
    if (entry.due > now()) {
      arm(entry);
      return;
    }
    if (entry.period === undefined) cancel(entry);
    else {
      entry.due += entry.period;
      arm(entry);
    }
    entry.run();
  };

  const cancel = (entry: Scheduled): void => {
    entry.cancelled = true;
    if (entry.real) clearTimeout(entry.real);
    scheduled.delete(entry);
  };

  const schedule = (ms: number, run: () => void, period: number | undefined): Timer => {
    const entry: Scheduled = { due: now() + Math.max(ms, 0), period, run, cancelled: false, real: undefined };
    scheduled.add(entry);
    arm(entry);
    return { cancel: () => cancel(entry) };
  };

  return {
    now,
    after: (ms, run) => schedule(ms, run, undefined),
    every: (ms, run) => schedule(ms, run, ms),
    advance: (ms) => {
      offset += ms;
      for (;;) {
        const next = [...scheduled].filter((e) => e.due <= now()).sort((a, b) => a.due - b.due)[0];
        if (!next) return;
        fire(next);
      }
    },
  };
};
