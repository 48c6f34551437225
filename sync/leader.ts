import { BehaviorSubject, type Observable } from 'rxjs';
import type { Locks, Timers } from './ports';

/** The part of the Web Locks API (navigator.locks) the engine uses. */
export interface LockManagerLike {
  request(name: string, options: { mode: 'exclusive' }, callback: () => Promise<unknown>): Promise<unknown>;
}

/** A localStorage-like store for the fallback lease. */
export interface LeaseStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface Leadership {
  readonly leader$: Observable<boolean>;
  readonly isLeader: () => boolean;
  release(): void;
}

export interface LeaderOptions {
  readonly locks?: LockManagerLike | undefined;
  /** Fallback when there are no Web Locks: a lease renewed in shared storage. */
  readonly storage?: LeaseStorage | undefined;
  readonly timers: Timers;
  readonly now: () => number;
  /** This tab's id in the fallback lease. */
  readonly id: string;
  readonly leaseMs?: number;
}

/**
 * One tab pushes and pulls: the holder of the Web Lock `name` (held until release; the next tab in line
 * gets it when this one closes). Without Web Locks, a lease in localStorage renewed every leaseMs/3 and taken
 * over when it expires; without either, this tab leads alone.
 */
export const electLeader = (name: string, options: LeaderOptions): Leadership => {
  const leader = new BehaviorSubject(false);
  let released = false;
  let cancelTimer: (() => void) | null = null;
  let releaseLock: (() => void) | null = null;

  if (options.locks) {
    const held = new Promise<void>((resolve) => {
      releaseLock = resolve;
    });
    options.locks
      .request(name, { mode: 'exclusive' }, async () => {
        if (released) return;
        leader.next(true);
        await held;
      })
      .catch(() => leader.next(false));
  } else if (options.storage) {
    const storage = options.storage;
    const key = `aisle.syncLeader.${name}`;
    const leaseMs = options.leaseMs ?? 6000;
    const tick = () => {
      if (released) return;
      const now = options.now();
      let holder: { id: string; until: number } | null = null;
      try {
        holder = JSON.parse(storage.getItem(key) ?? 'null') as { id: string; until: number } | null;
      } catch {
        holder = null;
      }
      const mine = !holder || holder.id === options.id || holder.until < now;
      if (mine) storage.setItem(key, JSON.stringify({ id: options.id, until: now + leaseMs }));
      if (leader.value !== mine) leader.next(mine);
      cancelTimer = options.timers.after(Math.floor(leaseMs / 3), tick);
    };
    tick();
  } else {
    leader.next(true);
  }

  return {
    leader$: leader.asObservable(),
    isLeader: () => leader.value,
    release: () => {
      if (released) return;
      released = true;
      cancelTimer?.();
      releaseLock?.();
      if (!options.locks && options.storage && leader.value) {
        const key = `aisle.syncLeader.${name}`;
        try {
          const holder = JSON.parse(options.storage.getItem(key) ?? 'null') as { id: string } | null;
          if (holder?.id === options.id) options.storage.removeItem(key);
        } catch {
          // a broken lease is taken over when it expires
        }
      }
      leader.next(false);
      leader.complete();
    },
  };
};

/**
 * Mutual exclusion for queueing intents (mutation ids must be given out and stored in one order across
 * tabs): Web Locks when present, else a promise chain within this page.
 */
export const createLocks = (locks?: LockManagerLike): Locks => {
  const chains = new Map<string, Promise<unknown>>();
  return {
    run: <T>(name: string, work: () => Promise<T>): Promise<T> => {
      if (locks) {
        let out: T;
        return locks
          .request(name, { mode: 'exclusive' }, async () => {
            out = await work();
          })
          .then(() => out);
      }
      const previous = chains.get(name) ?? Promise.resolve();
      const next = previous.catch(() => undefined).then(work);
      chains.set(name, next);
      return next;
    },
  };
};
