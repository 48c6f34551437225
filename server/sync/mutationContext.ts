import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A pushed mutation (a request with Idempotency-Key) while its handler runs. `state` follows the sync_mutation
 * row: `pending` (not written yet), `recording` (a transaction still open writes it with its first statement), `recorded` (committed
 * with the handler's first transaction), `closed` (the response went out: later transactions are not its own).
 */
export interface MutationContext {
  readonly clientAccountId: string;
  readonly userId: string;
  readonly idempotencyKey: string;
  readonly deviceId: string | null;
  readonly mutationId: number | null;
  readonly method: string;
  readonly path: string;
  state: 'pending' | 'recording' | 'recorded' | 'closed';
}

/** The mutation of the running request, seen by the transaction wrapper (recordingTransaction.ts). */
export const mutationStore = new AsyncLocalStorage<MutationContext>();
