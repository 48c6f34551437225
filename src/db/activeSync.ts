import { useSyncExternalStore } from 'react';
import { BehaviorSubject } from 'rxjs';
import type { SyncEngine } from '../../sync/syncEngine';
import type { DexieSyncStore } from './dexieSyncStore';
import type { ReplicaDb } from './replicaDb';

/** Whose replica is open. */
export interface SyncSession {
  readonly clientAccountId: string;
  readonly userId: string;
}

/** A running sync: the replica, its store and the engine. */
export interface SyncHandle {
  readonly session: SyncSession;
  readonly deviceId: string;
  readonly db: ReplicaDb;
  readonly store: DexieSyncStore;
  readonly engine: SyncEngine;
  /** Pull now (the live connection calls this when the server says data changed). */
  requestPull(): void;
  /** Forget the backoff: push and pull at once. */
  retryNow(): void;
  stop(): void;
}

const active = new BehaviorSubject<SyncHandle | null>(null);

/** The running sync (null when none: signed out, or not a terminal user). */
export const activeSync$ = active.asObservable();

export const getActiveSync = (): SyncHandle | null => active.value;

export const setActiveSync = (handle: SyncHandle | null): void => {
  if (active.value !== handle) active.next(handle);
};

const subscribe = (onChange: () => void) => {
  const s = active.subscribe(onChange);
  return () => s.unsubscribe();
};

/** The running sync, re-rendering when it starts or stops. */
export const useSyncHandle = (): SyncHandle | null =>
  useSyncExternalStore(subscribe, getActiveSync, getActiveSync);
