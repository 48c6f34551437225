import type { AppContext } from '../context';

/** One piece of background work of the office (away e-mails, file clean-up…); `now` is the run's clock. */
export type BackgroundTask = (ctx: AppContext, now: Date) => Promise<unknown>;

/**
 * Runs the office's background tasks every `intervalMs` (0: never — tests run them by hand), one run at a time;
 * a task that fails is logged and the others still run. Returns the stop function.
 */
export const startBackground = (
  ctx: AppContext,
  tasks: readonly BackgroundTask[],
  intervalMs: number,
  logError: (error: unknown, what: string) => void,
): (() => Promise<void>) => {
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    if (running) return;
    running = (async () => {
      for (const task of tasks) {
        try {
          await task(ctx, new Date());
        } catch (error) {
          logError(error, 'office background task');
        }
      }
    })().finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
};
