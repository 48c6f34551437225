import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { type SyncWithErrors, watchOutdatedSync } from '../../../src/pwa/watchOutdatedSync';
import { SyncStatusStore } from '../../../sync/status';

const aSync = (): { handle: SyncWithErrors; status: SyncStatusStore } => {
  const status = new SyncStatusStore(60_000);
  return { handle: { engine: { status } }, status };
};

describe('watchOutdatedSync', () => {
  it('reports a clientVersionOutdated failure of the running sync, and nothing else', () => {
    const active = new BehaviorSubject<SyncWithErrors | null>(null);
    let reports = 0;
    const subscription = watchOutdatedSync(active, () => reports++);
    const first = aSync();
    active.next(first.handle);
    first.status.update({ lastError: { kind: 'pull', status: 500, code: 'somethingWentWrong', at: 1 } });
    expect(reports).toBe(0);
    first.status.update({ lastError: { kind: 'pull', status: 200, code: 'clientVersionOutdated', at: 2 } });
    expect(reports).toBe(1);
    first.status.update({ lastError: { kind: 'push', status: 400, code: 'clientVersionOutdated', at: 3 } });
    expect(reports).toBe(2);
    subscription.unsubscribe();
  });

  it('follows the sync that runs now: a stopped one is no longer heard', () => {
    const active = new BehaviorSubject<SyncWithErrors | null>(null);
    let reports = 0;
    const subscription = watchOutdatedSync(active, () => reports++);
    const old = aSync();
    active.next(old.handle);
    const current = aSync();
    active.next(current.handle);
    old.status.update({ lastError: { kind: 'pull', status: 200, code: 'clientVersionOutdated', at: 1 } });
    expect(reports).toBe(0);
    current.status.update({ lastError: { kind: 'pull', status: 200, code: 'clientVersionOutdated', at: 2 } });
    expect(reports).toBe(1);
    active.next(null);
    current.status.update({ lastError: { kind: 'pull', status: 200, code: 'clientVersionOutdated', at: 3 } });
    expect(reports).toBe(1);
    subscription.unsubscribe();
  });
});
