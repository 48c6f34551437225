import { and, count, eq, gt, lt } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';

const pruneEveryMs = 10 * 60 * 1000;

/**
 * Throttles guessing at shared links: failed attempts (an unknown key or token, a link that has ended) per client
 * address within a window, counted in the database so every server process sees them. A small function of this
 * module for now; the server-wide limiter of unauthenticated calls can take its place (docs/decisions.md).
 */
export class SharedAttemptLimiter {
  private lastPrune = 0;

  constructor(private readonly ctx: AppContext) {}

  private get limit() {
    return this.ctx.config.sharedLinkLimit;
  }

  private since(now: Date): Date {
    return new Date(now.getTime() - this.limit.windowSeconds * 1000);
  }

  /** 429 tooManyAttempts once the address used up its failed attempts in the window. */
  async assertAllowed(address: string): Promise<void> {
    const t = this.ctx.schema.portalTables.sharedAccessAttempt;
    const [row] = await this.ctx.db
      .select({ n: count() })
      .from(t)
      .where(and(eq(t.address, address), gt(t.at, this.since(new Date(this.ctx.clock.now())))));
    if (Number(row?.n ?? 0) >= this.limit.perAddress) throw new AppError('tooManyAttempts');
  }

  async recordFailure(address: string): Promise<void> {
    const t = this.ctx.schema.portalTables.sharedAccessAttempt;
    const now = new Date(this.ctx.clock.now());
    await this.ctx.db.insert(t).values({ address, at: now });
    if (now.getTime() - this.lastPrune < pruneEveryMs) return;
    this.lastPrune = now.getTime();
    // Housekeeping only; the next round tries again.
    await this.ctx.db
      .delete(t)
      .where(lt(t.at, this.since(now)))
      .catch(() => undefined);
  }
}
