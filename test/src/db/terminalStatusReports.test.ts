import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TransportRequest } from '../../../sync/ports';
import { initialStatus, type SyncStatus } from '../../../sync/status';
import { startStatusReports } from '../../../src/db/terminalStatusReports';

describe("the terminal's reports to the dashboard", () => {
  afterEach(() => vi.useRealTimers());

  it('reports what waits, what was refused and the last sync when it changes, as the online leader only', () => {
    vi.useFakeTimers();
    const status = new BehaviorSubject<SyncStatus>({ ...initialStatus, leader: true, online: true });
    const sent: TransportRequest[] = [];
    const stop = startStatusReports(status, 'DEV-1', {
      send: async (request) => {
        sent.push(request);
        return { status: 204, body: undefined };
      },
    });
    vi.advanceTimersByTime(2500);
    expect(sent.map((r) => r.body)).toEqual([{ deviceId: 'DEV-1', pending: 0, rejected: 0, lastSyncAt: null }]);
    // A burst of changes (a drain) makes one report with the last state.
    for (const pending of [3, 2, 1]) status.next({ ...status.value, pending });
    status.next({ ...status.value, pending: 0, rejected: 1, lastSyncAt: 5000 });
    vi.advanceTimersByTime(2500);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      method: 'POST',
      path: '/api/TerminalStatus',
      body: { deviceId: 'DEV-1', pending: 0, rejected: 1, lastSyncAt: 5000 },
    });
    // Offline or not the leader tab: nothing is sent.
    status.next({ ...status.value, online: false, pending: 4 });
    status.next({ ...status.value, online: true, leader: false, pending: 5 });
    vi.advanceTimersByTime(2500);
    expect(sent).toHaveLength(2);
    stop();
  });
});
