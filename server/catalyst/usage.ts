import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { catalystUsage } from './catalystTables';

/** What a client account's call counts as in the usage statistics. */
export type UsageKind = 'signIn' | 'catalogue' | 'search' | 'rates' | 'cart' | 'submit';
export const usageKinds: readonly UsageKind[] = ['signIn', 'catalogue', 'search', 'rates', 'cart', 'submit'];

/**
 * Counts client accounts' calls per day and kind. Counts gather in memory and are added to the database
 * now and then (and before statistics are read, and when the server stops), so a catalogue read costs
 * no write. A process that dies loses at most its last unsaved counts.
 */
export class UsageCounter {
  private pending = new Map<string, { acc: string; user: string; day: string; kind: UsageKind; n: number }>();
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  count(clientAccountId: string, clientUserId: string, kind: UsageKind): void {
    const day = this.clock().toISOString().slice(0, 10);
    const key = `${clientUserId}|${day}|${kind}`;
    const entry = this.pending.get(key);
    if (entry) entry.n++;
    else this.pending.set(key, { acc: clientAccountId, user: clientUserId, day, kind, n: 1 });
  }

  /** Adds the gathered counts to the database (one statement), one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const entries = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.db
          .insert(catalystUsage)
          .values(
            entries.map((e) => ({
              clientAccountId: e.acc,
              clientUserId: e.user,
              day: e.day,
              kind: e.kind,
              count: e.n,
            })),
          )
          .onConflictDoUpdate({
            target: [catalystUsage.clientUserId, catalystUsage.day, catalystUsage.kind],
            set: { count: sql`${catalystUsage.count} + excluded.count` },
          });
      } catch {
        // A client deleted meanwhile (its counts have nowhere to go) or the database away: counts are lost,
        // never the call that made them.
      }
    });
    return this.flushing;
  }
}
