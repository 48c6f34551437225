/** Refusals a repeat may answer differently: session, number collision, timeouts, rate limits. */
const transientStatuses = new Set([401, 406, 408, 429]);
/** Conflicts of the moment: a racing attempt of the same intent, a save that may succeed next time. */
const transientConflicts = new Set(['mutationInProgress', 'saveFailed']);

/**
 * Whether the outcome of a pushed mutation is final (stored, a repeat gets it again; docs/sync-contract.md §2)
 * or a failure worth another attempt (not stored; a batch push stops there).
 */
export const isFinal = (status: number, body: string): boolean => {
  if (status >= 200 && status < 300) return true;
  if (status < 400 || status >= 500 || transientStatuses.has(status)) return false;
  if (status !== 409) return true;
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code !== 'string' || !transientConflicts.has(code);
  } catch {
    return true;
  }
};
