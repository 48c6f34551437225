import { and, eq } from 'drizzle-orm';
import type { Observable, Subscription } from 'rxjs';
import type { Claims } from '../../domain/auth/claims';
import type { Db } from '../db/client';
import type { Schema } from '../db/schema';
import { sessionVersionOf } from './claimsOf';
import { userTable } from './userTable';

interface UserState {
  /** Exists in the account, activated, not blocked. */
  readonly active: boolean;
  /** Tokens of an older session version are over (claims `sv`). */
  readonly version: number;
}

interface Known {
  readonly accountId: string;
  readonly state: UserState;
  readonly at: number;
}

/** A user unchanged for this long is read again even without word of a change (a missed relay message). */
const maxAgeMs = 60_000;
const maxKnown = 20_000;

/**
 * Whether the user of a valid access token may still act: a cheap check on every request (REST, the change
 * feed, the push, the live connection). Each process keeps the users it has seen in memory; a change of a user
 * row — committed here (ctx.changes) or in another process (the hub's LISTEN/NOTIFY relay, see
 * server/hub/registerHub.ts) — drops that user, so a blocked, deleted or password-reset user is refused on the
 * very next request. Entries also expire after a minute, and all are dropped when the relay reconnects.
 */
export class UserAccess {
  private readonly known = new Map<string, Known>();
  private readonly pending = new Map<string, Promise<UserState>>();
  private readonly listeners = new Set<(userId: string) => void>();
  private readonly subscription: Subscription;
  /** Bumped by every invalidation: a load that started before one does not store what it read. */
  private invalidations = 0;

  constructor(
    private readonly db: Db,
    private readonly schema: Schema,
    /** Committed changes (ctx.changes): a change of a user row drops what is known of that user. */
    changes: Observable<{ readonly resourceType: string; readonly id: string }>,
    private readonly now: () => number,
  ) {
    this.subscription = changes.subscribe((change) => {
      if (change.resourceType === 'user') this.invalidate(change.id);
    });
  }

  /**
   * True while the token's user exists, is activated and not blocked, and its session version is current.
   * `fresh` reads the user row whatever is known (the live connection asks so once per token lifetime).
   */
  async allows(claims: Pick<Claims, 'sub' | 'acc' | 'sv'>, fresh = false): Promise<boolean> {
    if (fresh) this.known.delete(claims.sub);
    const state = await this.stateOf(claims.sub, claims.acc);
    return state.active && state.version === (claims.sv ?? 0);
  }

  /** What allows() would answer from what is known now, without awaiting; undefined when it must read the row. */
  allowsKnown(claims: Pick<Claims, 'sub' | 'acc' | 'sv'>): boolean | undefined {
    const state = this.knownState(claims.sub, claims.acc);
    if (!state) return undefined;
    return state.active && state.version === (claims.sv ?? 0);
  }

  /** A user row changed (here or in another process): read it again on its next request. */
  invalidate(userId: string): void {
    this.invalidations++;
    this.known.delete(userId);
    this.pending.delete(userId);
    for (const listener of this.listeners) listener(userId);
  }

  /** Forget everyone (the relay reconnected: changes may have been missed meanwhile). */
  clear(): void {
    this.invalidations++;
    this.known.clear();
    this.pending.clear();
  }

  /** Called with each invalidated user (the hub re-checks that user's open connections). */
  onInvalidated(listener: (userId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.subscription.unsubscribe();
    this.listeners.clear();
  }

  private knownState(userId: string, accountId: string): UserState | undefined {
    const known = this.known.get(userId);
    return known && known.accountId === accountId && this.now() - known.at < maxAgeMs
      ? known.state
      : undefined;
  }

  private async stateOf(userId: string, accountId: string): Promise<UserState> {
    const known = this.knownState(userId, accountId);
    if (known) return known;
    let load = this.pending.get(userId);
    if (!load) {
      const before = this.invalidations;
      load = this.load(userId, accountId).then((state) => {
        if (this.pending.get(userId) === load) this.pending.delete(userId);
        // Only users who may act are kept: a refused one is read again (an unblock counts at once).
        if (this.invalidations === before && state.active) this.remember(userId, accountId, state);
        return state;
      });
      this.pending.set(userId, load);
    }
    return load;
  }

  private async load(userId: string, accountId: string): Promise<UserState> {
    const { table, col } = userTable(this.schema);
    const [row] = await this.db
      .select({
        isBlocked: col('isBlocked'),
        isActivated: col('isActivated'),
        sessionEpoch: col('sessionEpoch'),
      })
      .from(table)
      .where(and(eq(col('id'), userId), eq(col('clientAccountId'), accountId)))
      .limit(1);
    if (!row) return { active: false, version: -1 };
    return { active: row.isBlocked !== true && row.isActivated === true, version: sessionVersionOf(row) };
  }

  private remember(userId: string, accountId: string, state: UserState): void {
    if (this.known.size >= maxKnown) {
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    this.known.set(userId, { accountId, state, at: this.now() });
  }
}
