import { EMPTY, filter, type Observable, type Subscription, switchMap } from 'rxjs';
import type { SyncError } from '../../sync/status';

export const outdatedCode = 'clientVersionOutdated';

/** The part of a running sync (src/db/activeSync.ts) this watcher reads. */
export interface SyncWithErrors {
  readonly engine: { readonly status: { readonly lastError$: Observable<SyncError | null> } };
}

/** Calls `onOutdated` whenever the running sync fails with clientVersionOutdated (pull or push). */
export const watchOutdatedSync = (
  activeSync$: Observable<SyncWithErrors | null>,
  onOutdated: () => void,
): Subscription =>
  activeSync$
    .pipe(
      switchMap((handle) => (handle ? handle.engine.status.lastError$ : EMPTY)),
      filter((error) => error?.code === outdatedCode),
    )
    .subscribe(() => onOutdated());
