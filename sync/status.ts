import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { PullProgress } from './pull';

/** The last thing that went wrong while syncing (cleared by the next success of the same kind). */
export interface SyncError {
  readonly kind: 'push' | 'pull' | 'auth';
  readonly status: number;
  readonly code: string;
  readonly at: number;
}

export interface SyncStatus {
  /** The browser says online and the last request got an answer. */
  readonly online: boolean;
  /** This tab pushes and pulls (the others read the replica and queue intents). */
  readonly leader: boolean;
  readonly pushing: boolean;
  readonly pulling: boolean;
  /** Entries of this user waiting for the server. */
  readonly pending: number;
  /** Rejected entries the user has not dealt with yet. */
  readonly rejected: number;
  /** End of the last complete pull (ms since epoch). */
  readonly lastSyncAt: number | null;
  /** now − lastSyncAt; null before the first complete pull. */
  readonly replicaAgeMs: number | null;
  /** The replica is older than the configured age: actions warn. */
  readonly stale: boolean;
  readonly lastError: SyncError | null;
  /** The session could not be renewed: pushing waits until this user signs in again. */
  readonly signInRequired: boolean;
  /** While a pull runs. */
  readonly progress: PullProgress | null;
}

export const initialStatus: SyncStatus = {
  online: true,
  leader: false,
  pushing: false,
  pulling: false,
  pending: 0,
  rejected: 0,
  lastSyncAt: null,
  replicaAgeMs: null,
  stale: false,
  lastError: null,
  signInRequired: false,
  progress: null,
};

/**
 * Sync status as rxjs observables: one state, and a stream per field that emits only when that field
 * changes. The engine writes it; screens read it.
 */
export class SyncStatusStore {
  private readonly subject = new BehaviorSubject<SyncStatus>(initialStatus);
  readonly status$: Observable<SyncStatus> = this.subject.asObservable();

  constructor(private staleAfterMs: number) {}

  get value(): SyncStatus {
    return this.subject.value;
  }

  /** Merges a change; age and staleness follow lastSyncAt and `now`. */
  update(patch: Partial<SyncStatus>, now?: number): void {
    const next = { ...this.subject.value, ...patch };
    const age =
      next.lastSyncAt === null || now === undefined ? next.replicaAgeMs : Math.max(0, now - next.lastSyncAt);
    const withAge = {
      ...next,
      replicaAgeMs: next.lastSyncAt === null ? null : age,
      stale: next.lastSyncAt === null ? false : (age ?? 0) > this.staleAfterMs,
    };
    const current = this.subject.value;
    const changed = (Object.keys(withAge) as (keyof SyncStatus)[]).some((k) => withAge[k] !== current[k]);
    if (changed) this.subject.next(withAge);
  }

  /** A new age limit (the company changed it): staleness is judged again at once. */
  setStaleAfter(ms: number, now: number): void {
    if (ms === this.staleAfterMs) return;
    this.staleAfterMs = ms;
    this.update({}, now);
  }

  field<K extends keyof SyncStatus>(key: K): Observable<SyncStatus[K]> {
    return this.status$.pipe(
      map((s) => s[key]),
      distinctUntilChanged(),
    );
  }

  readonly online$ = this.field('online');
  readonly pending$ = this.field('pending');
  readonly rejected$ = this.field('rejected');
  readonly lastSyncAt$ = this.field('lastSyncAt');
  readonly replicaAge$ = this.field('replicaAgeMs');
  readonly stale$ = this.field('stale');
  readonly lastError$ = this.field('lastError');
  readonly progress$ = this.field('progress');
  readonly signInRequired$ = this.field('signInRequired');
  readonly syncing$: Observable<boolean> = this.status$.pipe(
    map((s) => s.pushing || s.pulling),
    distinctUntilChanged(),
  );

  complete(): void {
    this.subject.complete();
  }
}
