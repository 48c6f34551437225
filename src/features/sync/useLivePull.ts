import { useEffect } from 'react';
import { filter } from 'rxjs';
import { useSyncHandle } from '../../db/activeSync';
import { withLiveConnection } from '../editMode/liveConnectionStore';

/**
 * While the replica syncs, the live connection's pokes pull: the server's `feed` poke (coalesced, with the feed
 * position — the engine skips the pull when the replica is already there), or, from a server that sends none,
 * every data change of the account (`event`); and every (re)connect, since pokes sent while the connection was
 * down are lost. The engine's own timer still pulls when the hub is unreachable.
 */
export const useLivePull = (): void => {
  const handle = useSyncHandle();
  useEffect(() => {
    if (!handle) return;
    return withLiveConnection((connection) => {
      const offChange = connection.onDataChange(() => {
        if (!connection.followsFeed) handle.requestPull();
      });
      const offPoke = connection.onFeedPoke((poke) => handle.engine.requestPull(poke.cursor));
      const connected = connection.state$
        .pipe(filter((state) => state === 'connected'))
        .subscribe(() => handle.requestPull());
      return () => {
        offChange();
        offPoke();
        connected.unsubscribe();
      };
    });
  }, [handle]);
};
