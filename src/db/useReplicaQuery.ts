import { useLiveQuery } from 'dexie-react-hooks';
import type { StoreTx } from '../../sync/ports';
import { useSyncHandle } from './activeSync';

/**
 * Runs a read of the open replica in one read transaction and re-runs it whenever what it read changes (in
 * any tab). `undefined` while loading or when no replica is open. `deps` are the query's own inputs.
 */
export const useReplicaQuery = <T>(
  query: (tx: StoreTx) => Promise<T>,
  deps: readonly unknown[],
): T | undefined => {
  const handle = useSyncHandle();
  return useLiveQuery(() => (handle ? handle.store.readLive(query) : undefined), [handle, ...deps]);
};
