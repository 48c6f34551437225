import type { StoreTx, SyncStore, SyncTransport, TransportResponse } from '../../sync/ports';
import type { Spent } from './protocol';

/** Adds up the time spent in one kind of step (only the awaited call: nothing is changed on the way). */
export class Meter {
  private ms = 0;
  private count = 0;

  async time<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.ms += performance.now() - started;
      this.count++;
    }
  }

  add(ms: number): void {
    this.ms += ms;
    this.count++;
  }

  spent(): Spent {
    return { ms: this.ms, count: this.count };
  }

  reset(): void {
    this.ms = 0;
    this.count = 0;
  }
}

/** The engine's transport with the time of every request metered and every answer's status counted. */
export const meteredTransport = (
  inner: SyncTransport,
  meter: Meter,
  statuses: Map<number, number>,
  onAnswer?: (response: TransportResponse, ms: number) => void,
): SyncTransport => ({
  send: async (request) => {
    const started = performance.now();
    const response = await meter.time(() => inner.send(request));
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    onAnswer?.(response, performance.now() - started);
    return response;
  },
});

/** The engine's store with the time of every write transaction (commit included) metered. */
export const meteredStore = (inner: SyncStore, writes: Meter, onWrite?: (ms: number) => void): SyncStore => ({
  write: async (work) => {
    const started = performance.now();
    try {
      return await writes.time(() => inner.write(work));
    } finally {
      onWrite?.(performance.now() - started);
    }
  },
  read: (work) => inner.read(work),
  watch: (query) => inner.watch(query),
  close: () => inner.close(),
});

export const countsOf = (statuses: ReadonlyMap<number, number>): Record<string, number> =>
  Object.fromEntries([...statuses].sort(([a], [b]) => a - b).map(([s, n]) => [String(s), n]));

/** Calls and awaited time per StoreTx method inside write transactions (what a scan asks IndexedDB for). */
export class TxMeter {
  readonly calls = new Map<string, Spent>();
  transactions = 0;

  wrap(tx: StoreTx): StoreTx {
    return new Proxy(tx, {
      get: (target, name, receiver) => {
        const value: unknown = Reflect.get(target, name, receiver);
        if (typeof value !== 'function' || typeof name !== 'string') return value;
        // where() is told apart by table and index, get() and all() by table: which lookup it is matters.
        const label =
          name === 'where'
            ? (args: unknown[]) => `where ${String(args[0])}.${String(args[1])}`
            : name === 'get' || name === 'all'
              ? (args: unknown[]) => `${name} ${String(args[0])}`
              : () => name;
        return async (...args: unknown[]) => {
          const key = label(args);
          const started = performance.now();
          try {
            return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
          } finally {
            this.add(key, performance.now() - started);
          }
        };
      },
    });
  }

  private add(key: string, ms: number): void {
    const was = this.calls.get(key) ?? { ms: 0, count: 0 };
    this.calls.set(key, { ms: was.ms + ms, count: was.count + 1 });
  }

  store(inner: SyncStore): SyncStore {
    return {
      // The transaction's own phases too: opening it (until the work starts), the work, and the commit.
      write: async (work) => {
        this.transactions++;
        const called = performance.now();
        let done = called;
        const result = await inner.write(async (tx) => {
          const started = performance.now();
          this.add('(open)', started - called);
          try {
            return await work(this.wrap(tx));
          } finally {
            done = performance.now();
            this.add('(work)', done - started);
          }
        });
        this.add('(commit)', performance.now() - done);
        return result;
      },
      read: (work) => inner.read(work),
      watch: (query) => inner.watch(query),
      close: () => inner.close(),
    };
  }

  reset(): void {
    this.calls.clear();
    this.transactions = 0;
  }

  snapshot(): Record<string, Spent> {
    return Object.fromEntries([...this.calls].sort((a, b) => b[1].ms - a[1].ms));
  }
}
