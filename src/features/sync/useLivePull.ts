import { useEffect } from 'react';
import { filter } from 'rxjs';
import { useSyncHandle } from '../../db/activeSync';
import { withLiveConnection } from '../editMode/liveConnectionStore';

/**
 * While the replica syncs, the live connection's pokes pull at once: a data change of the account (`event`)
 * and every (re)connect, since events sent while the connection was down are lost. The engine's own timer
 * still pulls when the hub is unreachable.
 */
export const useLivePull = (): void => {
  const handle = useSyncHandle();
  useEffect(() => {
    if (!handle) return;
    return withLiveConnection((connection) => {
      const offChange = connection.onDataChange(() => handle.requestPull());
      const connected = connection.state$
        .pipe(filter((state) => state === 'connected'))
        .subscribe(() => handle.requestPull());
      return () => {
        offChange();
        connected.unsubscribe();
      };
    });
  }, [handle]);
};
