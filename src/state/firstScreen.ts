/**
 * The moment the first screen of the page is up (its route's screen rendered), so work the screen does not need
 * (the live connection, the other terminal screens) starts after it instead of competing with it for the network
 * and the CPU: on a slow handheld every chunk fetched before the scan field delays the scan field.
 */
let shown: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => {
  shown = resolve;
});

/** Longest wait for the first screen: a page that never shows one (an error) still gets its background work. */
const latestMs = 10_000;

/** Called by the shell once a route's screen has rendered. */
export const markFirstScreen = (): void => shown();

/** Resolves when the browser is idle after the first screen (or after 10 s / 2 s of idle wait at the latest). */
export const afterFirstScreen = (): Promise<void> =>
  Promise.race([firstScreen, new Promise<void>((resolve) => setTimeout(resolve, latestMs))]).then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof requestIdleCallback === 'function')
          requestIdleCallback(() => resolve(), { timeout: 2000 });
        else setTimeout(resolve, 0);
      }),
  );
