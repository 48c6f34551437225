import { AsyncLocalStorage } from 'node:async_hooks';
import { intentRegistry, matchIntentCall } from '../../domain/sync/intents';
import type { PushedCall } from '../../domain/sync/wire';
import type { AppContext, DataChange } from '../context';
import type { Db, Tx } from '../db/client';
import { aroundRuns } from '../db/preparedRuns';

/**
 * Calls of a batch push that may share one transaction (docs/sync-contract.md, "Groups"): the intents whose
 * registry entry says they group (domain/sync/intents.ts) — every effect in the database or a change notice.
 */
export const isGroupable = (call: PushedCall): boolean => {
  const matched = matchIntentCall(call.method, call.path);
  return matched !== undefined && intentRegistry[matched.kind].groups;
};

/**
 * Consecutive calls of one batch push run in one transaction: a pushed document line then costs its own
 * statements only, not a BEGIN, a COMMIT and its WAL flush each. While a group is open, every transaction its
 * calls open joins the group's (recordingTransaction.ts) and every statement they run on the database goes
 * through it too (so they see what the group's earlier calls wrote). A group is all or nothing: pushBatch.ts
 * rolls it back when a call does not succeed and runs that call on its own.
 */
export class PushGroup {
  private open: Tx | undefined;
  private broken = false;
  private ran = 0;
  private running = -1;
  private readonly held: DataChange[] = [];

  /** `calls`: the group's calls in order (what its running call may look ahead at). */
  constructor(private readonly calls: readonly PushedCall[] = []) {}

  /** Statements the group's transaction has run so far: what a call read stays as read while this stands still. */
  get statements(): number {
    return this.ran;
  }

  /** The call at `index` of the group runs now. */
  startCall(index: number): void {
    this.running = index;
  }

  /** The group's calls after the running one (they may still not run: the group can roll back first). */
  get upcoming(): readonly PushedCall[] {
    return this.calls.slice(this.running + 1);
  }

  /** The open transaction of the group, if it is open. */
  get tx(): Tx | undefined {
    return this.open;
  }

  /**
   * Whether a statement of the group failed or a transaction of a call threw: the transaction may be aborted
   * or hold a call's partial writes, so it must not commit.
   */
  get failed(): boolean {
    return this.broken;
  }

  fail(): void {
    this.broken = true;
  }

  /** A change notice of a call: published when the group commits, dropped when it rolls back. */
  hold(change: DataChange): void {
    this.held.push(change);
  }

  /** Runs `work` with the group open on `tx` (the caller commits or rolls back). */
  async within<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
    this.watch(tx);
    this.open = tx;
    try {
      return await pushGroupStore.run(this, work);
    } finally {
      // Work left running after the group (nothing should) goes to the pool, not to a finished transaction.
      this.open = undefined;
    }
  }

  /** After the commit: the held change notices go out. */
  publish(ctx: AppContext): void {
    for (const change of this.held.splice(0)) ctx.changes.next(change);
  }

  /** Marks the group failed when any statement of its transaction fails. */
  private watch(tx: Tx): void {
    const session = tx._.session;
    const prepare = session.prepareQuery.bind(session);
    session.prepareQuery = (...args) =>
      aroundRuns(prepare(...args), (run) => (...a) => {
        this.ran++;
        return run(...a).catch((err: unknown) => {
          this.broken = true;
          throw err;
        });
      });
  }
}

/** The group the running call belongs to (set around the calls of a group). */
export const pushGroupStore = new AsyncLocalStorage<PushGroup>();

/** The open group of the running call, if any. */
export const openGroup = (): (PushGroup & { readonly tx: Tx }) | undefined => {
  const group = pushGroupStore.getStore();
  return group?.tx ? (group as PushGroup & { readonly tx: Tx }) : undefined;
};

/** Publishes a committed change; inside a push group, when the group commits. */
export const publishChange = (ctx: AppContext, change: DataChange): void => {
  const group = openGroup();
  if (group) group.hold(change);
  else ctx.changes.next(change);
};

const redirected = Symbol.for('aisle.sync.pushGroupRedirect');

/** Statements run on the database itself (not on a transaction) go into the open group's transaction. */
export const redirectIntoGroups = (db: Db): void => {
  const target = db as Db & { [redirected]?: true };
  if (target[redirected]) return;
  const session = db._.session;
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (...args) => {
    const group = openGroup();
    return group ? group.tx._.session.prepareQuery(...args) : prepare(...args);
  };
  Object.assign(target, { [redirected]: true });
};
