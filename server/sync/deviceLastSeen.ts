import type { Db } from '../db/client';
import { syncDevice } from '../db/syncTables';

/** How often a pulling device's last-seen time is written: the fleet screen shows it to the minute. */
export const lastSeenEveryMs = 60_000;
/** Devices remembered before those not written for a minute are forgotten (a process serves a fleet, not more). */
const maxRemembered = 50_000;

/**
 * A device's last-seen time (sync_device.last_seen_at, the dashboard's terminal fleet), kept by its pulls
 * without a write per pull: each process writes it for a device at most once every lastSeenEveryMs (on its
 * first pull there, then on the first pull after that long). A terminal pulls every time anything changes in
 * its account, so a write per pull made every pull a write transaction. Pushes write it with their record.
 */
export class DeviceLastSeen {
  /** When this process last wrote each device's time (milliseconds of `now`). */
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * The device pulled now: undefined when its time was written lately (almost every pull: nothing to wait for),
   * else the write.
   */
  seen(clientAccountId: string, deviceId: string, userId: string): Promise<void> | undefined {
    const key = `${clientAccountId} ${userId} ${deviceId}`;
    const now = this.now();
    const last = this.written.get(key);
    if (last !== undefined && now - last < lastSeenEveryMs) return undefined;
    // Taken before the write: pulls of the device meanwhile do not write it again.
    this.written.set(key, now);
    if (this.written.size > maxRemembered) this.forgetBefore(now - lastSeenEveryMs);
    return this.write(key, clientAccountId, deviceId, userId, now);
  }

  private async write(
    key: string,
    clientAccountId: string,
    deviceId: string,
    userId: string,
    now: number,
  ): Promise<void> {
    try {
      await this.db
        .insert(syncDevice)
        .values({ clientAccountId, deviceId, userId, lastSeenAt: new Date(now) })
        .onConflictDoUpdate({
          target: [syncDevice.clientAccountId, syncDevice.deviceId, syncDevice.userId],
          set: { lastSeenAt: new Date(now) },
        });
    } catch (err) {
      this.written.delete(key);
      throw err;
    }
  }

  private forgetBefore(at: number): void {
    for (const [key, when] of this.written) if (when < at) this.written.delete(key);
  }
}
