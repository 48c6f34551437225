import { useEffect, useRef } from 'react';
import type { DataChangeEvent } from '../../../sync/liveConnection';
import { withLiveConnection } from './liveConnectionStore';

/**
 * Calls `onChange` when the live connection announces a change of a record of `resourceType` the user may see (a
 * contractor hears only of its own), and with null after every reconnect (events sent meanwhile are lost).
 */
export const useDataChanges = (
  resourceType: string,
  onChange: (change: DataChangeEvent | null) => void,
  enabled = true,
): void => {
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    if (!enabled) return;
    return withLiveConnection((connection) => {
      const off = connection.onDataChange((change) => {
        if (change.resourceType === resourceType) callback.current(change);
      });
      let first = true;
      const connected = connection.state$.subscribe((state) => {
        if (state !== 'connected') return;
        if (!first) callback.current(null);
        first = false;
      });
      return () => {
        off();
        connected.unsubscribe();
      };
    });
  }, [resourceType, enabled]);
};
