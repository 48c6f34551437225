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

export interface PipelinedPull {
  readonly ms: number;
  readonly received: number;
  readonly applied: number;
  readonly send: Spent;
  readonly write: Spent;
}

/**
 * sync/pull.ts pullAll with two changes: the next page is requested as soon as a page arrived (its cursor is
 * known), so the server's work and the transfer overlap the apply; and, when `skipTombstones`, a first pull
 * (no cursor yet) leaves out deletes — nothing is there to delete (what a feed without tombstones for `since`
 * = nothing would give). Pages are applied with the real applyChangesPage and the pull ends with finishPull.
 */
export const pipelinedPull = async (
  store: SyncStore,
  transport: SyncTransport,
  deviceId: string,
  opts: { limit: number; skipTombstones: boolean },
): Promise<PipelinedPull> => {
  const started = performance.now();
  let sendMs = 0;
  let writeMs = 0;
  let pages = 0;
  let received = 0;
  let applied = 0;
  const fetchPage = async (cursor: string | null) => {
    const t0 = performance.now();
    const response = await transport.send({
      method: 'GET',
      path: '/api/sync/changes',
      query: { ...(cursor ? { since: cursor } : {}), limit: String(opts.limit) },
      headers: { [syncHeaders.deviceId]: deviceId },
    });
    sendMs += performance.now() - t0;
    const page = response.status === 200 ? parsePage(response.body) : null;
    if (!page) throw new Error(`feed answered ${response.status}`);
    return page;
  };
  const first = (await store.read((tx) => tx.meta())).cursor;
  let next = fetchPage(first);
  for (;;) {
    const page = await next;
    pages++;
    received += page.changes.length;
    if (page.hasMore) next = fetchPage(page.cursor);
    const changes =
      opts.skipTombstones && first === null ? page.changes.filter((c) => c.op === 'upsert') : page.changes;
    applied += changes.length;
    const t0 = performance.now();
    await store.write((tx) => applyChangesPage(tx, changes, page.cursor));
    writeMs += performance.now() - t0;
    if (!page.hasMore) {
      await store.write((tx) => finishPull(tx, page.lastMutationId, new Date().toISOString()));
      break;
    }
  }
  return {
    ms: performance.now() - started,
    received,
    applied,
    send: { ms: sendMs, count: pages },
    write: { ms: writeMs, count: pages },
  };
};
