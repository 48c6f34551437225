import type { Observable, Subscription } from 'rxjs';
import type { Intent } from '../domain/sync/intents';
import { defaultLogisticsConfig } from '../domain/warehouse/logisticsConfig';
import { backoffMs } from './classify';
import { isAtOrPast, laterPosition } from './feedPosition';
import { newId } from './ids';
import type { Leadership } from './leader';
import type { Clock, DeviceCounters, Locks, SyncAuth, SyncStore, SyncTransport, Timers } from './ports';
import { type PullResult, pullAll } from './pull';
import { type DrainResult, drain } from './push';
import { discardRejected, type EnqueueResult, enqueueIntent } from './replica';
import { type SyncError, SyncStatusStore } from './status';
import { readLogisticsConfig } from './validationContext';

export interface SyncEngineDeps {
  readonly store: SyncStore;
  readonly transport: SyncTransport;
  readonly auth: SyncAuth;
  readonly clock: Clock;
  readonly timers: Timers;
  readonly locks: Locks;
  readonly counters?: DeviceCounters;
  readonly deviceId: string;
  readonly userId: string;
  /** Who pushes and pulls among the tabs; absent = this engine alone. */
  readonly leadership?: Leadership;
  /** The browser's online/offline events. */
  readonly online$?: Observable<boolean>;
  readonly newKey?: () => string;
  /**
   * Actions warn when the last complete pull is older than this. Absent: the company's setting in the replica's
   * logistics config (terminal.staleAfterMinutes, default 30), followed as it changes.
   */
  readonly staleAfterMs?: number;
  /** Pull this often even without a poke from the live connection (default 5 min). */
  readonly pullEveryMs?: number;
  readonly pageLimit?: number;
  readonly backoff?: (attempt: number) => number;
  /**
   * Sync on its own (default): on start, on new entries, on leadership, on timers. Off: only when asked
   * (syncNow, requestPull, retryNow) — for deterministic tests and simulations.
   */
  readonly autoSync?: boolean;
}

const minute = 60_000;
/** A pull that ended short of a poked position is tried again this much later, this many times. */
export const pokeRetryMs = 1_000;
const pokeRetries = 3;

/**
 * The client sync engine: queues intents (checked and applied to the replica at once), and in the leader tab
 * pushes them in order and pulls the change feed — after sign-in, on `online`, when the live connection says
 * data changed (requestPull), after pushing, and every few minutes. Transient failures retry with backoff.
 */
export class SyncEngine {
  readonly status: SyncStatusStore;
  private readonly subscriptions: Subscription[] = [];
  private stopped = false;
  private started = false;
  private pushWanted = false;
  private pullWanted = false;
  /** The latest feed position the live connection poked with, not yet pulled for (the last one wins). */
  private poked: string | undefined;
  /** A poked position a pull ended short of, and how often it was pulled for. */
  private shortOf: { readonly position: string; readonly tries: number } | undefined;
  private cancelShort: (() => void) | null = null;
  private running: Promise<void> | null = null;
  private cancelRetry: (() => void) | null = null;
  private cancelTick: (() => void) | null = null;
  private cancelPeriodic: (() => void) | null = null;
  private browserOnline = true;
  private reachable = true;
  private lastPending = -1;
  private readonly auto: boolean;

  constructor(private readonly deps: SyncEngineDeps) {
    this.status = new SyncStatusStore(
      deps.staleAfterMs ?? defaultLogisticsConfig.terminal.staleAfterMinutes * minute,
    );
    this.auto = deps.autoSync ?? true;
  }

  private now(): number {
    return this.deps.clock.now();
  }

  private isLeader(): boolean {
    return this.deps.leadership ? this.deps.leadership.isLeader() : true;
  }

  private active = (): boolean => !this.stopped && this.isLeader() && !this.status.value.signInRequired;

  private setOnline(): void {
    this.status.update({ online: this.browserOnline && this.reachable }, this.now());
  }

  private answered = (status: number): void => {
    const reachable = status !== 0;
    if (reachable !== this.reachable) {
      this.reachable = reachable;
      this.setOnline();
    }
  };

  private error(kind: SyncError['kind'], status: number, code: string): void {
    this.status.update({ lastError: { kind, status, code, at: this.now() } }, this.now());
  }

  /** Starts watching the replica and, when leading, syncing. Idempotent. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.status.update({ leader: this.isLeader() }, this.now());
    this.subscriptions.push(
      this.deps.store
        .watch(async (tx) => ({ counts: await tx.outboxCounts(this.deps.userId), meta: await tx.meta() }))
        .subscribe({
          next: ({ counts, meta }) => {
            const lastSyncAt = meta.lastSyncAt === null ? null : Date.parse(meta.lastSyncAt);
            this.status.update(
              { pending: counts.pending, rejected: counts.rejected, lastSyncAt },
              this.now(),
            );
            // New work queued (by this tab or another): push it, unless a retry is already scheduled.
            if (this.auto && counts.pending > this.lastPending && counts.pending > 0 && !this.cancelRetry)
              this.kick('push');
            this.lastPending = counts.pending;
          },
          error: () => undefined,
        }),
    );
    if (this.deps.staleAfterMs === undefined)
      this.subscriptions.push(
        this.deps.store
          .watch((tx) => readLogisticsConfig(tx))
          .subscribe({
            next: (config) =>
              this.status.setStaleAfter(config.terminal.staleAfterMinutes * minute, this.now()),
            error: () => undefined,
          }),
      );
    if (this.deps.leadership)
      this.subscriptions.push(
        this.deps.leadership.leader$.subscribe((leader) => {
          this.status.update({ leader }, this.now());
          if (leader && this.auto) this.kick('both');
        }),
      );
    if (this.deps.online$)
      this.subscriptions.push(
        this.deps.online$.subscribe((online) => {
          const was = this.browserOnline;
          this.browserOnline = online;
          if (online) this.reachable = true;
          this.setOnline();
          if (online && !was && this.auto) this.retryNow();
        }),
      );
    const tick = () => {
      this.status.update({}, this.now());
      this.cancelTick = this.deps.timers.after(10_000, tick);
    };
    tick();
    if (!this.auto) return;
    const periodic = () => {
      this.kick('pull');
      this.cancelPeriodic = this.deps.timers.after(this.deps.pullEveryMs ?? 5 * minute, periodic);
    };
    this.cancelPeriodic = this.deps.timers.after(this.deps.pullEveryMs ?? 5 * minute, periodic);
    this.kick('both');
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const s of this.subscriptions) s.unsubscribe();
    this.cancelRetry?.();
    this.cancelTick?.();
    this.cancelPeriodic?.();
    this.cancelShort?.();
    this.deps.leadership?.release();
  }

  /**
   * Checks an intent on the replica, applies it and queues it; refused intents change nothing. Mutation ids
   * are given out under a device-wide lock, so tabs never interleave them.
   */
  enqueue(intent: Intent): Promise<EnqueueResult> {
    return this.deps.locks.run('aisle-enqueue', () =>
      this.deps.store.write((tx) =>
        enqueueIntent(tx, intent, {
          deviceId: this.deps.deviceId,
          userId: this.deps.userId,
          now: this.now(),
          newKey: this.deps.newKey ?? newId,
          ...(this.deps.counters ? { counters: this.deps.counters } : {}),
        }),
      ),
    );
  }

  /**
   * Pull now (the live connection says data changed, or a screen wants fresh data). With `position` — the feed
   * position of the change the live connection poked about — the pull is skipped when the replica's cursor is
   * already at or past it (the terminal pulled it itself, after its own push or an earlier poke). Pokes that
   * arrive while a pull runs are coalesced: one more pull at most, for the latest position.
   */
  requestPull(position?: string): void {
    if (position === undefined) {
      this.kick('pull');
      return;
    }
    this.poked = laterPosition(this.poked, position);
    this.kick('poke');
  }

  /** Forget the backoff and push and pull at once. */
  retryNow(): void {
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.kick('both');
  }

  /** The user dealt with a rejection: it leaves the inspector. */
  discard(mutationId: number): Promise<boolean> {
    return this.deps.store.write((tx) => discardRejected(tx, mutationId, this.now()));
  }

  /** Runs a push and a pull now and resolves when both are done (tests, "sync now"). */
  async syncNow(): Promise<void> {
    this.kick('both');
    while (this.running) await this.running;
  }

  /** Resolves when nothing is running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private kick(what: 'push' | 'pull' | 'both' | 'poke'): void {
    if (this.stopped || !this.started) return;
    if (what === 'push' || what === 'both') this.pushWanted = true;
    if (what === 'pull' || what === 'both') this.pullWanted = true;
    if (!this.active() || this.running) return;
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private scheduleRetry(attempts: number): void {
    if (this.cancelRetry || this.stopped) return;
    const delay = (this.deps.backoff ?? backoffMs)(attempts);
    this.cancelRetry = this.deps.timers.after(delay, () => {
      this.cancelRetry = null;
      this.kick('both');
    });
  }

  /**
   * After a pull for a poked position: the feed ends at its watermark, which trails a transaction still running
   * when the pull read it; a change committed above it comes with a later pull. Asked again a little later, a few
   * times (then the periodic pull remains).
   */
  private async checkReached(position: string): Promise<void> {
    const { cursor } = await this.deps.store.read((tx) => tx.meta());
    if (isAtOrPast(cursor, position)) {
      this.shortOf = undefined;
      return;
    }
    const tries = this.shortOf?.position === position ? this.shortOf.tries + 1 : 1;
    if (tries > pokeRetries) {
      this.shortOf = undefined;
      return;
    }
    this.shortOf = { position, tries };
    this.cancelShort?.();
    this.cancelShort = this.deps.timers.after(pokeRetryMs, () => {
      this.cancelShort = null;
      this.requestPull(position);
    });
  }

  /** A poke asks for a pull only while the replica's cursor is short of the poked position. */
  private async pokeWantsPull(): Promise<boolean> {
    const position = this.poked;
    if (position === undefined) return false;
    const { cursor } = await this.deps.store.read((tx) => tx.meta());
    if (!isAtOrPast(cursor, position)) return true;
    // A poke arriving meanwhile set a later position: it is judged on the next round.
    if (this.poked === position) this.poked = undefined;
    return false;
  }

  private async loop(): Promise<void> {
    while (this.active() && (this.pushWanted || this.pullWanted || this.poked !== undefined)) {
      if (!this.pushWanted && !this.pullWanted) {
        if (!(await this.pokeWantsPull())) continue;
        this.pullWanted = true;
      }
      if (this.pushWanted) {
        this.pushWanted = false;
        const pushed = await this.push();
        if (pushed.stop === 'transient') {
          this.scheduleRetry(pushed.attempts);
          return;
        }
        if (pushed.stop !== 'empty') return;
        if (pushed.accepted + pushed.rejected > 0) this.pullWanted = true;
      }
      if (this.pullWanted) {
        this.pullWanted = false;
        const wanted = this.poked;
        this.poked = undefined;
        const pulled = await this.pull();
        if (pulled.stop === 'transient') {
          this.scheduleRetry(1);
          return;
        }
        if (pulled.stop !== 'done') return;
        if (wanted !== undefined) await this.checkReached(wanted);
      }
    }
  }

  private async push(): Promise<DrainResult> {
    this.status.update({ pushing: true }, this.now());
    try {
      const result = await drain({
        store: this.deps.store,
        transport: this.deps.transport,
        auth: this.deps.auth,
        userId: this.deps.userId,
        deviceId: this.deps.deviceId,
        now: () => this.now(),
        active: this.active,
        ...(this.deps.counters ? { counters: this.deps.counters } : {}),
        onAnswer: (_entry, verdict) => {
          if (verdict.kind === 'transient') {
            this.answered(verdict.status);
            this.error('push', verdict.status, verdict.code);
          } else {
            this.answered(200);
            if (verdict.kind === 'accepted' && this.status.value.lastError?.kind === 'push')
              this.status.update({ lastError: null }, this.now());
          }
        },
      });
      if (result.stop === 'signIn') {
        this.status.update({ signInRequired: true }, this.now());
        this.error('auth', 401, 'sessionExpired');
      }
      return result;
    } catch (error) {
      this.error('push', 0, error instanceof Error ? error.message : 'somethingWentWrong');
      return { stop: 'transient', accepted: 0, rejected: 0, attempts: 1 };
    } finally {
      this.status.update({ pushing: false }, this.now());
    }
  }

  private async pull(): Promise<PullResult> {
    this.status.update({ pulling: true }, this.now());
    try {
      const result = await pullAll({
        store: this.deps.store,
        transport: this.deps.transport,
        auth: this.deps.auth,
        deviceId: this.deps.deviceId,
        now: () => this.now(),
        active: this.active,
        ...(this.deps.pageLimit ? { limit: this.deps.pageLimit } : {}),
        onAnswer: this.answered,
        onProgress: (progress) => this.status.update({ progress }, this.now()),
      });
      if (result.stop === 'done') {
        this.status.update(
          {
            lastSyncAt: this.now(),
            ...(this.status.value.lastError?.kind === 'pull' ? { lastError: null } : {}),
          },
          this.now(),
        );
      } else if (result.stop === 'signIn') {
        this.status.update({ signInRequired: true }, this.now());
        this.error('auth', 401, 'sessionExpired');
      } else if (result.stop === 'transient' || result.stop === 'failed') {
        this.error('pull', result.status ?? 0, result.code ?? 'somethingWentWrong');
      }
      return result;
    } catch (error) {
      this.error('pull', 0, error instanceof Error ? error.message : 'somethingWentWrong');
      return { stop: 'transient', received: 0 };
    } finally {
      this.status.update({ pulling: false, progress: null }, this.now());
    }
  }
}
