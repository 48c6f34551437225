import { newId } from '../../../../sync/ids';
import type { SyncHandle } from '../../../db/activeSync';
import type { TerminalPort } from './actions';

/** The terminal's actions on the running sync (src/db/startSync): its store and its engine's enqueue. */
export const portOf = (handle: SyncHandle): TerminalPort => ({
  read: (work) => handle.store.read(work),
  enqueue: (intent) => handle.engine.enqueue(intent),
  discard: (mutationId) => handle.engine.discard(mutationId),
  newId,
  now: () => Date.now(),
});
