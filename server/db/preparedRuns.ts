type Run = (...args: unknown[]) => Promise<unknown>;

/**
 * Wraps how a drizzle prepared query runs, whichever way its caller runs it (`execute` or `all`): the session
 * wrappers of pushed mutations (recordingTransaction.ts, pushGroup.ts) act when a statement actually goes out.
 */
export const aroundRuns = <P extends object>(prepared: P, around: (run: Run) => Run): P => {
  const runs = prepared as unknown as Record<'execute' | 'all', Run | undefined>;
  for (const method of ['execute', 'all'] as const) {
    const run = runs[method]?.bind(prepared);
    if (run) runs[method] = around(run);
  }
  return prepared;
};
