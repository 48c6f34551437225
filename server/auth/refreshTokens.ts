import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Executor } from '../db/client';
import { refreshToken } from '../db/internalTables';
import type { Row } from '../resources/rows';
import { secretCode } from './secretCode';
import { type UserTable, userTable } from './userTable';

export interface IssuedRefreshToken {
  readonly token: string;
  readonly expiresAt: Date;
}

export interface RotatedSession {
  /** The user row as it is now (claims are rebuilt from it). */
  readonly user: Row;
  readonly refresh: IssuedRefreshToken;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Revokes every refresh token of a user (blocked, deleted, password changed): no session can be renewed. */
export const revokeUserSessions = async (exec: Executor, userId: string): Promise<void> => {
  await exec
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshToken.userId, userId), isNull(refreshToken.revokedAt)));
};
const pruneEveryMs = 10 * 60 * 1000;

/**
 * Refresh tokens (docs/decisions.md, "Sign-in and sessions"): opaque random values stored as SHA-256 hashes.
 * Every sign-in starts a family; each refresh uses up the presented token and issues the next one in the same
 * family. Presenting a used or revoked token means it was copied, so the whole family is revoked.
 */
export class RefreshTokens {
  private readonly ctx: AppContext;
  private readonly users: UserTable;
  private lastPrune = 0;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.users = userTable(ctx.schema);
  }

  /** Stores a new token for the user, in a new family unless one is given. */
  async issue(exec: Executor, user: Row, familyId: string = randomUUID()): Promise<IssuedRefreshToken> {
    const { code, hash } = secretCode.create();
    const expiresAt = new Date(Date.now() + this.ctx.config.refreshTokenDays * dayMs);
    await exec.insert(refreshToken).values({
      tokenHash: hash,
      familyId,
      userId: String(user.id),
      clientAccountId: String(user.clientAccountId),
      expiresAt,
    });
    return { token: code, expiresAt };
  }

  /**
   * Uses up the presented token and issues its successor, in one transaction holding a row lock
   * on the presented token so that two refreshes with the same token cannot both succeed.
   * Undefined when the session is over; revocations are committed all the same.
   */
  async rotate(presented: string): Promise<RotatedSession | undefined> {
    if (!secretCode.isWellFormed(presented)) return undefined;
    const now = new Date();
    const result = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshToken)
        .where(eq(refreshToken.tokenHash, secretCode.hash(presented)))
        .for('update');
      if (!row) return undefined;
      const revokeFamily = () =>
        tx
          .update(refreshToken)
          .set({ revokedAt: now })
          .where(and(eq(refreshToken.familyId, row.familyId), isNull(refreshToken.revokedAt)));
      if (row.usedAt || row.revokedAt) {
        await revokeFamily();
        return undefined;
      }
      if (row.expiresAt.getTime() <= now.getTime()) return undefined;
      const { table, col } = this.users;
      const [user] = await tx
        .select()
        .from(table)
        .where(and(eq(col('id'), row.userId), eq(col('clientAccountId'), row.clientAccountId)));
      if (!user || user.isBlocked === true || user.isActivated !== true) {
        await revokeFamily();
        return undefined;
      }
      await tx.update(refreshToken).set({ usedAt: now }).where(eq(refreshToken.id, row.id));
      const refresh = await this.issue(tx, user, row.familyId);
      return { user, refresh };
    });
    await this.pruneSometimes();
    return result;
  }

  /** Ends every session of the user (password changed). */
  async revokeUser(exec: Executor, userId: string): Promise<void> {
    await revokeUserSessions(exec, userId);
  }

  /** Drops tokens expired for more than a day, at most every ten minutes; never fails the caller. */
  async pruneSometimes(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < pruneEveryMs) return;
    this.lastPrune = now;
    try {
      await this.ctx.db.delete(refreshToken).where(lt(refreshToken.expiresAt, new Date(now - dayMs)));
    } catch {
      // Pruning is housekeeping; the next round tries again.
    }
  }
}
