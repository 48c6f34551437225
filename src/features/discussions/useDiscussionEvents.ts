import { useEffect, useRef } from 'react';
import { filter } from 'rxjs';
import { withLiveConnection } from '../editMode/liveConnectionStore';

/** The hub's event for a thread that got a message or was read (server/discussions/discussionService.ts). */
export interface DiscussionPoke {
  readonly discussionId: string;
  readonly discussionMessageId: string;
}

/**
 * Calls `onPoke` for every discussion event of the live connection (messages of threads the user takes part
 * in), and with `null` on every (re)connect, since events sent while disconnected are lost.
 */
export const useDiscussionEvents = (onPoke: (poke: DiscussionPoke | null) => void): void => {
  const latest = useRef(onPoke);
  latest.current = onPoke;
  useEffect(
    () =>
      withLiveConnection((connection) => {
        const off = connection.onDataChange((change) => {
          if (change.resourceType !== 'discussion') return;
          const extra = change as unknown as { discussionMessageId?: unknown };
          latest.current({
            discussionId: change.id,
            discussionMessageId:
              typeof extra.discussionMessageId === 'string' ? extra.discussionMessageId : '',
          });
        });
        const connected = connection.state$
          .pipe(filter((state) => state === 'connected'))
          .subscribe(() => latest.current(null));
        return () => {
          off();
          connected.unsubscribe();
        };
      }),
    [],
  );
};
