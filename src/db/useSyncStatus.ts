import { useEffect, useState } from 'react';
import { initialStatus, type SyncStatus } from '../../sync/status';
import { useSyncHandle } from './activeSync';

/** The running engine's status (initialStatus when none runs), re-rendering on every change. */
export const useSyncStatus = (): SyncStatus => {
  const handle = useSyncHandle();
  const [status, setStatus] = useState<SyncStatus>(handle?.engine.status.value ?? initialStatus);
  useEffect(() => {
    if (!handle) {
      setStatus(initialStatus);
      return;
    }
    const s = handle.engine.status.status$.subscribe(setStatus);
    return () => s.unsubscribe();
  }, [handle]);
  return status;
};
