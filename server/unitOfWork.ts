import type { PrefetchHints } from '../domain/sync/intentDefinition';
import type { AppContext, DataChange } from './context';
import type { Tx } from './db/client';
import type { Scope } from './resources/scope';

const nothingAhead: PrefetchHints = { productIds: [], locationIds: [], containers: [] };

/**
 * One unit of work, passed explicitly to every write handler and service call: the transaction their
 * statements run in, the change notices they publish (held until the unit commits, dropped when it rolls back)
 * and, in a push group (several pushed calls in one transaction), what the group's calls share — the memory a
 * service keeps of its earlier calls and the prefetch hints of the calls still to come. Whoever opens the unit
 * commits it (runInUnit, or the push, which also records its mutations in it: server/sync/exactlyOnce.ts).
 */
export class UnitOfWork {
  private readonly held: DataChange[] = [];
  private readonly memories = new Map<object, unknown>();
  private readonly lastSteps: { readonly key: string; readonly step: () => Promise<Rename | undefined> }[] =
    [];
  private calls = 0;

  constructor(
    readonly tx: Tx,
    private readonly group?: {
      /** What the calls after the running one will read (their intents' prefetch hints). */
      readonly ahead: () => PrefetchHints;
    },
  ) {}

  /** A change notice: it goes out when the unit has committed. */
  publish(change: DataChange): void {
    this.held.push(change);
  }

  /** The notices published so far (the opener sends them once the unit committed). */
  get changes(): readonly DataChange[] {
    return this.held;
  }

  /** Whether several calls share this unit (a push group): only then is a memory of earlier calls kept. */
  get shared(): boolean {
    return this.group !== undefined;
  }

  /** The opener starts the next call of the unit (the first is 1). */
  beginCall(): void {
    this.calls++;
  }

  /** The running call's number in the unit. */
  get call(): number {
    return this.calls;
  }

  /** What the unit's later calls will read, as far as they say (nothing outside a push group). */
  ahead(): PrefetchHints {
    return this.group?.ahead() ?? nothingAhead;
  }

  /**
   * A step for the very end of a shared unit, after every call (document numbering: the counter's row lock is
   * then held only until the commit right after). Steps run in the order of their `key`, then in the order given,
   * so that units taking several such locks take them in one order. Only a shared unit holds steps (its opener
   * runs them with `finish`); a unit of one call has nothing after the call, so its services take such a step
   * at once.
   */
  atEnd(key: string, step: () => Promise<Rename | undefined>): void {
    if (!this.group) throw new Error('atEnd: only a shared unit runs steps at its end');
    this.lastSteps.push({ key, step });
  }

  /** Runs the steps given to atEnd; returns the texts they renamed (what the calls' answers must say instead). */
  async finish(): Promise<Rename[]> {
    const steps = this.lastSteps.splice(0).map((s, i) => ({ ...s, i }));
    steps.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
    const renames: Rename[] = [];
    for (const { step } of steps) {
      const renamed = await step();
      if (renamed) renames.push(renamed);
    }
    return renames;
  }

  /**
   * A service's memory of the unit's earlier calls (one per `owner`), made by `make` the first time; none when
   * no other call shares the unit. What it holds and how long is the owner's to say.
   */
  memory<T>(owner: object, make: () => T): T | undefined {
    if (!this.group) return undefined;
    if (!this.memories.has(owner)) this.memories.set(owner, make());
    return this.memories.get(owner) as T;
  }
}

/** A text a shared unit's calls answered with that its last steps replaced (a pending document number by the final one). */
export interface Rename {
  readonly from: string;
  readonly to: string;
}

/** `value` (a JSON value) with every occurrence of each rename's text replaced. */
export const renamedJson = <T>(value: T, renames: readonly Rename[]): T => {
  if (value === undefined || renames.length === 0) return value;
  let text = JSON.stringify(value);
  for (const r of renames) text = text.replaceAll(r.from, r.to);
  return JSON.parse(text) as T;
};

/** What a write handler answers: the status and body its route sends (and its pushed call's outcome). */
export interface Outcome {
  readonly status: number;
  readonly body?: unknown;
}

/**
 * A write call: `(unit, scope, input) → outcome`. A route is a thin adapter that opens a unit for it; a pushed
 * intent reaches the same handler directly, in the push's unit (server/intents/intentHandlers.ts).
 */
export type Handler<I> = (unit: UnitOfWork, scope: Scope, input: I) => Promise<Outcome>;

/** Sends a committed unit's change notices (the live connection and the sync feed's listeners). */
export const publishCommitted = (ctx: AppContext, unit: UnitOfWork): void => {
  for (const change of unit.changes) ctx.changes.next(change);
};

/**
 * Runs `work` as one unit of work: one transaction, committed when `work` returns (rolled back when it throws),
 * then the unit's change notices go out. What routes and services that write on their own use.
 */
export const runInUnit = async <T>(ctx: AppContext, work: (unit: UnitOfWork) => Promise<T>): Promise<T> => {
  let unit: UnitOfWork | undefined;
  const result = await ctx.db.transaction(async (tx) => {
    unit = new UnitOfWork(tx);
    return work(unit);
  });
  if (unit) publishCommitted(ctx, unit);
  return result;
};
