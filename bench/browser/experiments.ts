// Changes to src/db/ and sync/ tried out in the bench before they are proposed (BENCH_EXPERIMENTS=1): each is the
// real code with one piece swapped, so the figure shows what that one change would give on the same replica.
import type { Table, Transaction } from 'dexie';
import { syncHeaders } from '../../domain/sync/wire';
import { type DexieSyncStore, dexieTx } from '../../src/db/dexieSyncStore';
import { replicaTables } from '../../src/db/replicaDb';
import type { StoreTx, SyncStore, SyncTransport } from '../../sync/ports';
import { parsePage } from '../../sync/pull';
import { applyChangesPage, finishPull } from '../../sync/replica';
import type { Row } from '../../sync/types';
import type { Spent } from './protocol';

const allTables = (): string[] => [...Object.keys(replicaTables), 'outbox', 'shadow', 'meta'];

/**
 * A `where` with one `equals(value).toArray()` per value, issued together, instead of `anyOf(values)`: Dexie
 * walks anyOf with a cursor, one IndexedDB round trip per row and per skipped value, while equals() reads with
 * getAll, one request per value, all in flight at once. (The real store does this now, values in key order.)
 */
const parallelWhere =
  (source: { table(name: string): Table }): StoreTx['where'] =>
  async (entity, index, values) => {
    if (!values.length) return [];
    const lists = await Promise.all(
      [...new Set(values)].map((v) =>
        (source.table(entity) as Table<Row, string>).where(index).equals(v).toArray(),
      ),
    );
    const seen = new Set<string>();
    const out: Row[] = [];
    for (const list of lists)
      for (const row of list)
        if (!seen.has(row.id)) {
          seen.add(row.id);
          out.push(row);
        }
    return out;
  };

/**
 * The replica's store in plain transactions (writes, reads and the screens' reader) with the parallel
 * `where`: every write awaited in turn and every read sent to IndexedDB — the real store without its
 * write-behind and its read cache of feed tables (src/db/dexieSyncStore.ts), to show what those two give.
 */
export const parallelWhereStore = (store: DexieSyncStore): SyncStore & { reader: StoreTx } => ({
  reader: { ...dexieTx(store.db), where: parallelWhere(store.db) },
  write: (work) =>
    store.db.transaction('rw', allTables(), (trans: Transaction) =>
      work({ ...dexieTx(trans), where: parallelWhere(trans) }),
    ),
  read: (work) =>
    store.db.transaction('r', allTables(), (trans: Transaction) =>
      work({ ...dexieTx(trans), where: parallelWhere(trans) }),
    ),
  watch: (query) => store.watch(query),
  close: () => store.close(),
});

/** outboxCounts (an index count per user since the [status+userId+mutationId] index) next to one plain count. */
export const outboxCountCost = async (
  store: DexieSyncStore,
  userId: string,
): Promise<{ pending: number; current: number; indexed: number }> => {
  let started = performance.now();
  const counts = await store.read((tx) => tx.outboxCounts(userId));
  const current = performance.now() - started;
  started = performance.now();
  // One count request over the [status+mutationId] range, every user's entries.
  await store.db.outbox
    .where('[status+mutationId]')
    .between(['pending', -Infinity], ['pending', Infinity])
    .count();
  return { pending: counts.pending, current, indexed: performance.now() - started };
};

export interface PrefetchedPull {
  readonly ms: number;
  readonly received: number;
  readonly send: Spent;
  readonly write: Spent;
}

/**
 * The feed read to its end first, then every page applied with the real applyChangesPage (and finishPull):
 * the apply alone, with no feed request, JSON parse or server work beside it — what the initial sync would
 * take if the feed cost nothing, next to the raw bulkPut.
 */
export const prefetchedPull = async (
  store: SyncStore,
  transport: SyncTransport,
  deviceId: string,
  limit: number,
): Promise<PrefetchedPull> => {
  let started = performance.now();
  const pages: NonNullable<ReturnType<typeof parsePage>>[] = [];
  let cursor = (await store.read((tx) => tx.meta())).cursor;
  for (;;) {
    const response = await transport.send({
      method: 'GET',
      path: '/api/sync/changes',
      query: { ...(cursor ? { since: cursor } : {}), limit: String(limit) },
      headers: { [syncHeaders.deviceId]: deviceId },
    });
    const page = response.status === 200 ? parsePage(response.body) : null;
    if (!page) throw new Error(`feed answered ${response.status}`);
    pages.push(page);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  const sendMs = performance.now() - started;
  started = performance.now();
  for (const page of pages) await store.write((tx) => applyChangesPage(tx, page.changes, page.cursor));
  const last = pages[pages.length - 1];
  if (last) await store.write((tx) => finishPull(tx, last.lastMutationId, new Date().toISOString()));
  const writeMs = performance.now() - started;
  return {
    ms: sendMs + writeMs,
    received: pages.reduce((n, p) => n + p.changes.length, 0),
    send: { ms: sendMs, count: pages.length },
    write: { ms: writeMs, count: pages.length + 1 },
  };
};
