import { fromEvent, map, merge, type Observable, of, startWith } from 'rxjs';
import { newId } from '../../sync/ids';
import { createLocks, electLeader, type LockManagerLike } from '../../sync/leader';
import type { RefreshOutcome, SyncAuth, SyncTransport, Timers } from '../../sync/ports';
import { SyncEngine } from '../../sync/syncEngine';
import { isApiError } from '../api/apiError';
import { loadStartupConfig } from '../session/session';
import { useAuthStore } from '../state/authStore';
import { getActiveSync, type SyncHandle, type SyncSession, setActiveSync } from './activeSync';
import { deviceIdOf, localCounters } from './deviceIdentity';
import { DexieSyncStore } from './dexieSyncStore';
import { httpTransport } from './httpTransport';
import { openReplicaDb, replicaDbName } from './replicaDb';
import { startStatusReports } from './terminalStatusReports';

export type { SyncHandle, SyncSession } from './activeSync';

export interface StartSyncOptions {
  /** Actions warn when the last complete pull is older than this; default: the company's setting (logistics config). */
  readonly staleAfterMs?: number;
  /** Pull at least this often without a poke (default 5 min). */
  readonly pullEveryMs?: number;
  readonly pageLimit?: number;
  /** Replacements for tests. */
  readonly transport?: SyncTransport;
  readonly auth?: SyncAuth;
  /**
   * The engine starts (watches the replica, elects a leader, pushes, pulls, reports to the server) once this
   * settles; the handle and its status, read from the replica, are there at once. Default: at once.
   */
  readonly startAfter?: Promise<unknown>;
}

const browserTimers: Timers = {
  after: (ms, fn) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
};

const webLocks = (): LockManagerLike | undefined =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as LockManagerLike) : undefined;

const browserOnline$ = (): Observable<boolean> =>
  typeof window === 'undefined'
    ? of(true)
    : merge(
        fromEvent(window, 'online').pipe(map(() => true)),
        fromEvent(window, 'offline').pipe(map(() => false)),
      ).pipe(startWith(typeof navigator === 'undefined' ? true : navigator.onLine));

/**
 * Renews the session the way the rest of the app does: reloading the startup configuration makes the HTTP
 * client refresh the token on its 401 (one refresh for all callers); a refused refresh ends the session.
 */
const appAuth = (session: SyncSession): SyncAuth => ({
  refresh: async (): Promise<RefreshOutcome> => {
    try {
      await loadStartupConfig();
    } catch (error) {
      if (isApiError(error) && error.isNetworkError) return 'unavailable';
      if (isApiError(error) && error.status !== 401 && error.status !== 403) return 'unavailable';
    }
    const { token, claims } = useAuthStore.getState();
    return token && claims?.sub === session.userId ? 'renewed' : 'failed';
  },
});

/**
 * Opens the replica of the signed-in user (`aisle-<account>-<user>`) and starts syncing: pulls (the initial
 * sync first), pushes the outbox, pulls on `online` and on requestPull(). Call after sign-in for terminal
 * users; stop() on sign-out. Starting the same session again returns the running handle.
 */
export const startSync = (session: SyncSession, options: StartSyncOptions = {}): Promise<SyncHandle> => {
  const key = replicaDbName(session.clientAccountId, session.userId);
  const running = getActiveSync();
  if (running && replicaDbName(running.session.clientAccountId, running.session.userId) === key)
    return Promise.resolve(running);
  // Two callers at once (a re-rendered shell) share one start.
  if (starting?.key === key) return starting.promise;
  running?.stop();
  const promise = launch(session, options).finally(() => {
    if (starting?.promise === promise) starting = null;
  });
  starting = { key, promise };
  return promise;
};

let starting: { readonly key: string; readonly promise: Promise<SyncHandle> } | null = null;

const launch = async (session: SyncSession, options: StartSyncOptions): Promise<SyncHandle> => {
  const db = await openReplicaDb(session.clientAccountId, session.userId);
  const store = new DexieSyncStore(db);
  const { meta, counts } = await store.read(async (tx) => ({
    meta: await tx.meta(),
    counts: await tx.outboxCounts(session.userId),
  }));
  const deviceId = deviceIdOf(meta.deviceId);
  const locks = webLocks();
  const leadership = electLeader(`aisle-sync-${replicaDbName(session.clientAccountId, session.userId)}`, {
    locks,
    storage: typeof localStorage === 'undefined' ? undefined : localStorage,
    timers: browserTimers,
    now: () => Date.now(),
    id: newId(),
  });
  const transport =
    options.transport ??
    httpTransport({
      token: () => useAuthStore.getState().token,
      sameUser: () => useAuthStore.getState().claims?.sub === session.userId,
    });
  const engine = new SyncEngine({
    store,
    transport,
    auth: options.auth ?? appAuth(session),
    clock: { now: () => Date.now() },
    timers: browserTimers,
    locks: createLocks(locks),
    counters: localCounters(),
    deviceId,
    userId: session.userId,
    leadership,
    online$: browserOnline$(),
    ...(options.staleAfterMs ? { staleAfterMs: options.staleAfterMs } : {}),
    ...(options.pullEveryMs ? { pullEveryMs: options.pullEveryMs } : {}),
    ...(options.pageLimit ? { pageLimit: options.pageLimit } : {}),
  });
  // The status as the replica has it, before the engine's own watch reports: a screen rendered now shows a synced
  // replica's work (not the first sync's progress) and the browser's connectivity, with no second render pass.
  engine.status.update(
    {
      lastSyncAt: meta.lastSyncAt === null ? null : Date.parse(meta.lastSyncAt),
      pending: counts.pending,
      rejected: counts.rejected,
      online: typeof navigator === 'undefined' || navigator.onLine !== false,
    },
    Date.now(),
  );
  let stopped = false;
  let stopReports: (() => void) | undefined;
  const begin = (): void => {
    if (stopped) return;
    stopReports = startStatusReports(engine.status.status$, deviceId, transport);
    engine.start();
  };
  const handle: SyncHandle = {
    session,
    deviceId,
    db,
    store,
    engine,
    requestPull: () => engine.requestPull(),
    retryNow: () => engine.retryNow(),
    stop: () => {
      if (stopped) return;
      stopped = true;
      stopReports?.();
      engine.stop();
      store.close();
      if (getActiveSync() === handle) setActiveSync(null);
    },
  };
  if (options.startAfter) void options.startAfter.then(begin, begin);
  else begin();
  setActiveSync(handle);
  return handle;
};

/** Stops the running sync, if any (sign-out). The replica and its outbox stay for the next sign-in. */
export const stopSync = (): void => {
  getActiveSync()?.stop();
};
