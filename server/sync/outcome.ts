/** Refusals a repeat may answer differently: session, number collision, timeouts, rate limits. */
const transientStatuses = new Set([401, 406, 408, 429]);
/** Conflicts of the moment: a racing attempt of the same intent, a save that may succeed next time. */
const transientConflicts = new Set(['mutationInProgress', 'saveFailed']);

/**
 * Whether the outcome of a pushed mutation is final (stored, a repeat gets it again; docs/sync-contract.md,
 * "Idempotent push") or a failure worth another attempt (not stored; a batch push stops there). `code`: the
 * error code of a 409.
 */
export const isFinalOutcome = (status: number, code: string | undefined): boolean => {
  if (status >= 200 && status < 300) return true;
  if (status < 400 || status >= 500 || transientStatuses.has(status)) return false;
  return status !== 409 || code === undefined || !transientConflicts.has(code);
};

/** isFinalOutcome of an answer as sent (its body as text). */
export const isFinal = (status: number, body: string): boolean => {
  let code: string | undefined;
  try {
    const parsed = (JSON.parse(body) as { code?: unknown }).code;
    code = typeof parsed === 'string' ? parsed : undefined;
  } catch {
    code = undefined;
  }
  return isFinalOutcome(status, code);
};
