import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../domain/errors';
import type { Db } from '../db/client';
import { rateLimitHit } from '../db/internalTables';
import { rowsOf } from '../db/rawRows';
import type { RateLimit, RateLimitKind, RateLimits } from './rateLimits';

/** What is counted for a kind of call: the caller's address or the target of the call. */
export type RateScope = 'address' | 'target';

/** One counted call: where it was counted, so that it can be given back (release). */
export interface Hit {
  readonly bucket: string;
  readonly key: string;
  readonly at: Date;
}

export interface TakeResult {
  readonly allowed: boolean;
  /** When refused: seconds until the oldest counted call leaves the window. */
  readonly retryAfterSeconds: number;
  readonly hits: readonly Hit[];
}

const dayMs = 24 * 60 * 60 * 1000;
const pruneEveryMs = 10 * 60 * 1000;

/** Targets are counted by hash: the table never holds e-mail addresses, codes or link tokens. */
const targetKey = (target: string): string =>
  createHash('sha256').update(target.trim().toLowerCase()).digest('base64url').slice(0, 32);

/**
 * The one rate limiter of the calls that need no account. Each (bucket, key) row holds the times of the calls
 * inside the sliding window; one INSERT … ON CONFLICT DO UPDATE counts and decides under the row's lock, so
 * concurrent calls — in this process or any other on the same database — never both take the last slot. Times
 * come from the injected clock, never from the database, so tests move time instead of waiting.
 */
export class RateLimiter {
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: RateLimits,
    private readonly now: () => number,
  ) {}

  limitOf(kind: RateLimitKind): RateLimit {
    return this.limits[kind];
  }

  /**
   * Counts one call of `kind` from `address` about `target` (either may be undefined) and answers whether it is
   * within every limit. A refused call takes no slot anywhere (a slot taken by the address is given back when
   * the target refuses), so a blocked caller does not keep itself blocked.
   */
  async take(kind: RateLimitKind, address: string | undefined, target?: string): Promise<TakeResult> {
    const limit = this.limits[kind];
    const at = new Date(this.now());
    const taken: Hit[] = [];
    const counted: [RateScope, string | undefined, number][] = [
      ['address', address, limit.address],
      ['target', target === undefined ? undefined : targetKey(target), limit.target],
    ];
    for (const [scope, key, max] of counted) {
      if (key === undefined || key === '' || max <= 0) continue;
      const hit: Hit = { bucket: `${kind}:${scope}`, key, at };
      const outcome = await this.count(hit, max, limit.windowSeconds);
      if (!outcome.allowed) {
        for (const earlier of taken) await this.release(earlier);
        return { allowed: false, retryAfterSeconds: outcome.retryAfterSeconds, hits: [] };
      }
      taken.push(hit);
    }
    await this.pruneSometimes();
    return { allowed: true, retryAfterSeconds: 0, hits: taken };
  }

  /** take() that throws 429 tooManyAttempts with Retry-After when refused. */
  async assert(kind: RateLimitKind, address: string | undefined, target?: string): Promise<readonly Hit[]> {
    const result = await this.take(kind, address, target);
    if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
    return result.hits;
  }

  /** Gives a counted call back (a sign-in that succeeded does not count against its address). */
  async release(hit: Hit): Promise<void> {
    await this.db
      .update(rateLimitHit)
      .set({ hits: sql`array_remove(${rateLimitHit.hits}, ${hit.at.toISOString()}::timestamptz)` })
      .where(and(eq(rateLimitHit.bucket, hit.bucket), eq(rateLimitHit.key, hit.key)));
  }

  /** Forgets every counted call of a target (a user name after a successful sign-in). */
  async clearTarget(kind: RateLimitKind, target: string): Promise<void> {
    await this.db
      .delete(rateLimitHit)
      .where(and(eq(rateLimitHit.bucket, `${kind}:target`), eq(rateLimitHit.key, targetKey(target))));
  }

  private async count(
    hit: Hit,
    max: number,
    windowSeconds: number,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
    const now = hit.at.toISOString();
    const since = new Date(hit.at.getTime() - windowSeconds * 1000).toISOString();
    // Inside DO UPDATE every expression sees the row as it was: `allowed` and `hits` decide on the same count.
    const inWindow = sql`(select count(*) from unnest(r.hits) h where h > ${since}::timestamptz)`;
    const kept = sql`array(select h from unnest(r.hits) h where h > ${since}::timestamptz order by h)`;
    const result = await this.db.execute(sql`
      insert into ${rateLimitHit} as r (bucket, key, hits, allowed, last_at)
      values (${hit.bucket}, ${hit.key}, array[${now}::timestamptz], true, ${now}::timestamptz)
      on conflict (bucket, key) do update set
        allowed = ${inWindow} < ${max},
        hits = case when ${inWindow} < ${max} then ${kept} || ${now}::timestamptz else ${kept} end,
        last_at = ${now}::timestamptz
      returning allowed, (select min(h) from unnest(hits) h) as oldest`);
    const row = rowsOf(result)[0];
    if (row?.allowed !== false) return { allowed: true, retryAfterSeconds: 0 };
    const oldest = row.oldest instanceof Date ? row.oldest : new Date(String(row.oldest));
    const freeAt = oldest.getTime() + windowSeconds * 1000;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - hit.at.getTime()) / 1000)) };
  }

  /** Drops rows not counted for a day (longer than any window), at most every ten minutes. */
  private async pruneSometimes(): Promise<void> {
    const now = this.now();
    if (now - this.lastPrune < pruneEveryMs) return;
    this.lastPrune = now;
    try {
      await this.db.delete(rateLimitHit).where(lt(rateLimitHit.lastAt, new Date(now - dayMs)));
    } catch {
      // Housekeeping only; the next round tries again.
    }
  }
}

/** 429 with the catalogue's tooManyAttempts and the seconds to wait (sent as Retry-After). */
export const tooManyAttempts = (retryAfterSeconds: number): AppError =>
  new AppError('tooManyAttempts', { retryAfterSeconds });

/**
 * The reusable guard of a call that needs no account (shared links, public pages): a preHandler that counts the
 * call per client address and per target and answers 429 with Retry-After past the limits of `kind`.
 *
 *   app.get('/api/Shared/:token', { preHandler: rateLimited(ctx.rateLimiter, 'publicPage', (r) => r.params.token) }, …)
 */
export const rateLimited =
  <R extends FastifyRequest = FastifyRequest>(
    limiter: RateLimiter,
    kind: RateLimitKind,
    targetOf?: (request: R) => string | undefined,
  ): preHandlerAsyncHookHandler =>
  async (request) => {
    await limiter.assert(kind, request.ip, targetOf?.(request as R));
  };
