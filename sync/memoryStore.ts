import { defer, from, type Observable, Subject, startWith, switchMap } from 'rxjs';
import type { SyncEntity } from '../domain/sync/wire';
import type { StoreTx, SyncStore } from './ports';
import {
  emptyMeta,
  type OutboxEntry,
  type Row,
  type RowIndex,
  type ShadowRecord,
  type SyncMeta,
} from './types';

type Undo = () => void;

const matches = (row: Row, index: RowIndex, values: ReadonlySet<string>): boolean => {
  const v = row[index];
  if (Array.isArray(v)) return v.some((x) => typeof x === 'string' && values.has(x));
  return typeof v === 'string' && values.has(v);
};

/**
 * The store in memory: the same contract as the Dexie store (src/db/dexieSyncStore.ts), for tests and the
 * simulation. Transactions run one at a time; a failing one is rolled back.
 */
export class MemorySyncStore implements SyncStore {
  readonly tables = new Map<SyncEntity, Map<string, Row>>();
  readonly shadow = new Map<string, ShadowRecord>();
  readonly outbox = new Map<number, OutboxEntry>();
  metaValue: SyncMeta = emptyMeta;
  private readonly changes = new Subject<void>();
  private chain: Promise<unknown> = Promise.resolve();

  table(entity: SyncEntity): Map<string, Row> {
    let t = this.tables.get(entity);
    if (!t) {
      t = new Map();
      this.tables.set(entity, t);
    }
    return t;
  }

  private tx(journal: Undo[] | null): StoreTx {
    const record = (undo: Undo) => {
      if (!journal) throw new Error('read-only transaction');
      journal.push(undo);
    };
    const setIn = <K, V>(map: Map<K, V>, key: K, value: V | undefined) => {
      const had = map.has(key);
      const old = map.get(key);
      record(() => {
        if (had) map.set(key, old as V);
        else map.delete(key);
      });
      if (value === undefined) map.delete(key);
      else map.set(key, value);
    };
    const sorted = () => [...this.outbox.values()].sort((a, b) => a.mutationId - b.mutationId);
    return {
      get: async (entity, ids) => {
        const t = this.table(entity);
        return ids.flatMap((id) => {
          const r = t.get(id);
          return r ? [r] : [];
        });
      },
      where: async (entity, index, values) => {
        const set = new Set(values);
        return [...this.table(entity).values()].filter((r) => matches(r, index, set));
      },
      all: async (entity) => [...this.table(entity).values()],
      distinct: async (entity, index) => {
        const out = new Set<string>();
        for (const r of this.table(entity).values()) {
          const v = r[index];
          for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string') out.add(x);
        }
        return [...out].sort();
      },
      put: async (entity, rows) => {
        const t = this.table(entity);
        for (const r of rows) setIn(t, r.id, r);
      },
      remove: async (entity, ids) => {
        const t = this.table(entity);
        for (const id of ids) setIn(t, id, undefined);
      },
      shadowGet: async (keys) =>
        keys.flatMap((k) => {
          const s = this.shadow.get(k);
          return s ? [s] : [];
        }),
      shadowByRef: async (refs) => {
        const set = new Set(refs);
        return [...this.shadow.values()].filter((s) => s.ref !== null && set.has(s.ref));
      },
      shadowAll: async () => [...this.shadow.values()],
      shadowCount: async () => this.shadow.size,
      shadowPut: async (records) => {
        for (const r of records) setIn(this.shadow, r.key, r);
      },
      shadowDelete: async (keys) => {
        for (const k of keys) setIn(this.shadow, k, undefined);
      },
      outboxGet: async (id) => this.outbox.get(id),
      outboxOpen: async () => sorted().filter((e) => e.status !== 'rejected'),
      outboxAll: async () => sorted(),
      outboxRejected: async () => sorted().filter((e) => e.status === 'rejected' && !e.resolvedAt),
      outboxPending: async (userId, after, limit) =>
        sorted()
          .filter((e) => e.status === 'pending' && e.userId === userId && e.mutationId > after)
          .slice(0, limit),
      outboxCounts: async (userId) => {
        let pending = 0;
        let rejected = 0;
        for (const e of this.outbox.values()) {
          if (e.userId !== userId) continue;
          if (e.status === 'pending') pending++;
          else if (e.status === 'rejected' && !e.resolvedAt) rejected++;
        }
        return { pending, rejected };
      },
      outboxPut: async (entries) => {
        for (const e of entries) setIn(this.outbox, e.mutationId, e);
      },
      outboxDelete: async (ids) => {
        for (const id of ids) setIn(this.outbox, id, undefined);
      },
      meta: async () => this.metaValue,
      setMeta: async (patch) => {
        const old = this.metaValue;
        record(() => {
          this.metaValue = old;
        });
        this.metaValue = { ...old, ...patch };
      },
    };
  }

  private run<T>(work: (tx: StoreTx) => Promise<T>, writable: boolean): Promise<T> {
    const next = this.chain.then(async () => {
      const journal: Undo[] | null = writable ? [] : null;
      try {
        const out = await work(this.tx(journal));
        if (journal?.length) this.changes.next();
        return out;
      } catch (error) {
        if (journal) for (const undo of journal.reverse()) undo();
        throw error;
      }
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  write<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.run(work, true);
  }

  read<T>(work: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.run(work, false);
  }

  watch<T>(query: (tx: StoreTx) => Promise<T>): Observable<T> {
    return this.changes.pipe(
      startWith(undefined),
      switchMap(() => defer(() => from(this.read(query)))),
    );
  }

  close(): void {
    this.changes.complete();
  }
}
