import { and, count, eq, gt, lt, max } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { signInAttempt } from '../db/internalTables';

const pruneEveryMs = 10 * 60 * 1000;

/**
 * Throttles password guessing (sign-in attempts per user name and per client address within a
 * window). Failed attempts count; for a user name only those after its last successful sign-in.
 * Every checked attempt is recorded; rows older than the window are pruned now and then.
 */
export class SignInLimiter {
  private readonly db: Db;
  private readonly limit: ServerConfig['signInLimit'];
  private lastPrune = 0;

  constructor(db: Db, limit: ServerConfig['signInLimit']) {
    this.db = db;
    this.limit = limit;
  }

  private since(): Date {
    return new Date(Date.now() - this.limit.windowSeconds * 1000);
  }

  /** 429 tooManyAttempts when the user name or the address used up its failed attempts. */
  async assertAllowed(username: string, address: string): Promise<void> {
    const since = this.since();
    const t = signInAttempt;
    const [[lastSuccess], [byAddress]] = await Promise.all([
      this.db
        .select({ at: max(t.at) })
        .from(t)
        .where(and(eq(t.username, username), eq(t.succeeded, true), gt(t.at, since))),
      this.db
        .select({ n: count() })
        .from(t)
        .where(and(eq(t.address, address), eq(t.succeeded, false), gt(t.at, since))),
    ]);
    const from = lastSuccess?.at ?? since;
    const [byUser] = await this.db
      .select({ n: count() })
      .from(t)
      .where(and(eq(t.username, username), eq(t.succeeded, false), gt(t.at, from)));
    if (Number(byUser?.n ?? 0) >= this.limit.perUser || Number(byAddress?.n ?? 0) >= this.limit.perAddress)
      throw new AppError('tooManyAttempts');
  }

  async record(username: string, address: string, succeeded: boolean): Promise<void> {
    await this.db.insert(signInAttempt).values({ username, address, succeeded, at: new Date() });
    await this.pruneSometimes();
  }

  private async pruneSometimes(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < pruneEveryMs) return;
    this.lastPrune = now;
    try {
      await this.db.delete(signInAttempt).where(lt(signInAttempt.at, this.since()));
    } catch {
      // Housekeeping only; the next round tries again.
    }
  }
}
