import { Subject } from 'rxjs';
import type { AppContext } from '../context';

/**
 * An event for named users, whatever account they belong to (a discussion spans companies): delivered as the
 * hub's `event` to their open connections in every server process. The payload is small and says what changed;
 * the client fetches the rest through the API, which checks access again.
 */
export interface UserEvent {
  readonly userIds: readonly string[];
  readonly payload: {
    readonly resourceType: string;
    readonly id: string;
    readonly action: 'create' | 'update' | 'delete';
    readonly [key: string]: string;
  };
}

const streams = new WeakMap<AppContext, Subject<UserEvent>>();

/** The user events of one app (the hub subscribes; modules publish with publishToUsers). */
export const userEvents = (ctx: AppContext): Subject<UserEvent> => {
  let stream = streams.get(ctx);
  if (!stream) {
    stream = new Subject<UserEvent>();
    streams.set(ctx, stream);
  }
  return stream;
};

/** Tells users' open connections of something that concerns them; call it after the change committed. */
export const publishToUsers = (ctx: AppContext, event: UserEvent): void => {
  if (event.userIds.length > 0) userEvents(ctx).next(event);
};
