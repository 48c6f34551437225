import { auditTime, distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import type { TerminalStatusReport } from '../../domain/dashboard';
import type { SyncTransport } from '../../sync/ports';
import type { SyncStatus } from '../../sync/status';

/** Reports a burst of status changes once (a drain changes the pending count entry by entry). */
const settleMs = 2000;

/** What the supervisor's dashboard shows of this device: the leader tab reports it, only when it changes. */
export const reportOf = (deviceId: string, s: SyncStatus): TerminalStatusReport => ({
  deviceId,
  pending: s.pending,
  rejected: s.rejected,
  lastSyncAt: s.lastSyncAt,
});

const sameReport = (a: TerminalStatusReport, b: TerminalStatusReport): boolean =>
  a.pending === b.pending && a.rejected === b.rejected && a.lastSyncAt === b.lastSyncAt;

/**
 * Tells the server (POST /api/TerminalStatus) what waits on this device, what was refused and how fresh its data
 * is, whenever that changes and the device is online and leads the sync; the server announces it to the open
 * dashboards. A report that gets no answer is not retried: the next change sends a new one.
 */
export const startStatusReports = (
  status$: Observable<SyncStatus>,
  deviceId: string,
  transport: SyncTransport,
): (() => void) => {
  const subscription = status$
    .pipe(
      filter((s) => s.leader && s.online && !s.signInRequired),
      map((s) => reportOf(deviceId, s)),
      distinctUntilChanged(sameReport),
      auditTime(settleMs),
    )
    .subscribe((report) => {
      void transport.send({ method: 'POST', path: '/api/TerminalStatus', body: report, headers: {} });
    });
  return () => subscription.unsubscribe();
};
