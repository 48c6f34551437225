// The bench page's script (bundled by bundle.ts, run in Chromium): the real replica (src/db/ on IndexedDB), the
// real engine (sync/) and its HTTP transport against the real server, driven by run.ts through window.aisleBench.
import { callOf, type Intent } from '../../domain/sync/intents';
import { todayOf } from '../../domain/warehouse/isoDate';
import { localCounters } from '../../src/db/deviceIdentity';
import { DexieSyncStore } from '../../src/db/dexieSyncStore';
import { httpTransport } from '../../src/db/httpTransport';
import { openReplicaDb, ReplicaDb, replicaTables } from '../../src/db/replicaDb';
import { resolveScan } from '../../src/features/terminal/data/resolveScan';
import { batchesAt } from '../../src/features/terminal/data/stockSuggestions';
import { newId } from '../../sync/ids';
import { createLocks, type LockManagerLike } from '../../sync/leader';
import type { StoreTx, SyncAuth, SyncStore, SyncTransport } from '../../sync/ports';
import { drain } from '../../sync/push';
import { SyncEngine } from '../../sync/syncEngine';
import type { OutboxEntry } from '../../sync/types';
import { outboxCountCost, prefetchedPull } from './experiments';
import { countsOf, Meter, meteredStore, meteredTransport, TxMeter } from './meter';
import type {
  BenchApi,
  DrainOutcome,
  FillResult,
  PageSetup,
  PlainLoopInput,
  PlainLoopResult,
  RawPutResult,
  ScanInput,
  ScanResult,
  ScanSample,
  ScanVariant,
  SyncExperiment,
  SyncResult,
} from './protocol';

/** What a scan pass runs on: the engine (its enqueue) and the reads the terminal makes around it. */
interface ScanTools {
  readonly engine: SyncEngine;
  readonly read: <T>(work: (tx: StoreTx) => Promise<T>) => Promise<T>;
}

interface Session {
  readonly setup: PageSetup;
  readonly deviceId: string;
  readonly db: ReplicaDb;
  readonly store: DexieSyncStore;
  readonly metered: SyncStore;
  readonly transport: SyncTransport;
  readonly engine: SyncEngine;
  /** The engine and the one-off reads each kind of scan pass uses. */
  readonly variants: Readonly<Record<ScanVariant, ScanTools>>;
  readonly txMeter: TxMeter;
  /** The transport without meters (experiments). */
  readonly plainTransport: SyncTransport;
  readonly sends: Meter;
  readonly writes: Meter;
  readonly statuses: Map<number, number>;
  readonly feed: FeedState;
  /** A new engine, metered like the first, on another replica (a second initial sync). */
  readonly engineOn: (db: ReplicaDb) => { engine: SyncEngine; store: DexieSyncStore };
}

interface FeedState {
  received: number;
  tombstones: number;
  pages: {
    entities: Record<string, number>;
    sendMs: number;
    writeMs: number | null;
    arrivedAt: number;
    writtenAt: number;
  }[];
  otherWrites: number[];
  /** performance.now() when the sync began. */
  startedAt: number;
}

let session: Session | null = null;

const current = (): Session => {
  if (!session) throw new Error('setup() first');
  return session;
};

// The token lives an hour, longer than any run: a refresh would mean the bench is broken.
const noRefresh: SyncAuth = { refresh: async () => 'failed' };

const setup = async (input: PageSetup): Promise<{ deviceId: string; product: 'resolveScan' }> => {
  const deviceId = newId();
  const db = await openReplicaDb(input.clientAccountId, input.userId);
  const store = new DexieSyncStore(db);
  const sends = new Meter();
  const writes = new Meter();
  const statuses = new Map<number, number>();
  const feed: FeedState = { received: 0, tombstones: 0, pages: [], otherWrites: [], startedAt: 0 };
  const plainTransport = httpTransport({ token: () => input.token, sameUser: () => true });
  const transport = meteredTransport(plainTransport, sends, statuses, (response, ms) => {
    const body = response.body as { changes?: unknown } | undefined;
    if (!body || !Array.isArray(body.changes)) return;
    const entities: Record<string, number> = {};
    for (const c of body.changes as { op?: unknown; entity?: unknown }[]) {
      const key = c.op === 'delete' ? 'delete' : String(c.entity);
      entities[key] = (entities[key] ?? 0) + 1;
    }
    feed.received += body.changes.length;
    feed.tombstones += entities.delete ?? 0;
    const at = performance.now() - feed.startedAt;
    feed.pages.push({ entities, sendMs: ms, writeMs: null, arrivedAt: at, writtenAt: at });
  });
  // Pages are written in the order they came (the pull asks for the next one while it writes one): a write
  // is the oldest unwritten page's; with none waiting (finishPull, enqueue, outbox) it is counted apart.
  const meteredOn = (inner: SyncStore) =>
    meteredStore(inner, writes, (ms) => {
      const waiting = feed.pages.find((p) => p.writeMs === null);
      if (waiting) {
        waiting.writeMs = ms;
        waiting.writtenAt = performance.now() - feed.startedAt;
      } else feed.otherWrites.push(ms);
    });
  const metered = meteredOn(store);
  const locks =
    typeof navigator !== 'undefined' && 'locks' in navigator
      ? (navigator.locks as LockManagerLike)
      : undefined;
  const engineWith = (engineStore: SyncStore) =>
    new SyncEngine({
      store: engineStore,
      transport,
      auth: noRefresh,
      clock: { now: () => Date.now() },
      timers: {
        after: (ms, fn) => {
          const id = setTimeout(fn, ms);
          return () => clearTimeout(id);
        },
      },
      locks: createLocks(locks),
      counters: localCounters(),
      deviceId,
      userId: input.userId,
      // Pushes and pulls only when the bench asks, so each figure measures one thing.
      autoSync: false,
      ...(input.pageLimit ? { pageLimit: input.pageLimit } : {}),
    });
  const engine = engineWith(metered);
  engine.start();
  // The same engine on a store that meters every StoreTx call: only for the diagnostic scans, never measured.
  const txMeter = new TxMeter();
  // The real store reads with the parallel `where` itself now (src/db/dexieSyncStore.ts): the experiment's
  // variants run on it too.
  const read: ScanTools['read'] = (work) => store.read(work);
  const variants = {
    measured: { engine, read },
    metered: { engine: engineWith(txMeter.store(store)), read },
    parallelWhere: { engine: engineWith(store), read },
    parallelWhereMetered: { engine: engineWith(txMeter.store(store)), read },
  };
  session = {
    setup: input,
    deviceId,
    db,
    store,
    metered,
    transport,
    engine,
    variants,
    txMeter,
    plainTransport,
    sends,
    writes,
    statuses,
    feed,
    engineOn: (other) => {
      const otherStore = new DexieSyncStore(other);
      return { engine: engineWith(meteredOn(otherStore)), store: otherStore };
    },
  };
  return { deviceId, product: 'resolveScan' };
};

const countRows = async (db: ReplicaDb): Promise<Record<string, number>> => {
  const rows: Record<string, number> = {};
  for (const name of Object.keys(replicaTables)) rows[name] = await db.table(name).count();
  return rows;
};

/** An initial sync of `engine` into the empty replica `db` (its store `store`), measured. */
const syncInto = async (
  s: Session,
  engine: SyncEngine,
  store: SyncStore,
  db: ReplicaDb,
): Promise<SyncResult> => {
  s.sends.reset();
  s.writes.reset();
  s.feed.received = 0;
  s.feed.tombstones = 0;
  s.feed.pages = [];
  s.feed.otherWrites = [];
  const started = performance.now();
  s.feed.startedAt = started;
  await engine.syncNow();
  const ms = performance.now() - started;
  const status = engine.status.value;
  const meta = await store.read((tx) => tx.meta());
  const rows = await countRows(db);
  return {
    ms,
    stop: meta.lastSyncAt && !status.lastError ? 'done' : `error ${JSON.stringify(status.lastError)}`,
    received: s.feed.received,
    tombstones: s.feed.tombstones,
    rows,
    totalRows: Object.values(rows).reduce((a, b) => a + b, 0),
    send: s.sends.spent(),
    write: s.writes.spent(),
    pages: s.feed.pages.map((p) => ({ ...p, writeMs: p.writeMs ?? 0 })),
    otherWrites: s.feed.otherWrites,
  };
};

/** The initial sync of the session's replica (the scans and the drain work on it). */
const initialSync = (): Promise<SyncResult> => {
  const s = current();
  return syncInto(s, s.engine, s.store, s.db);
};

/** The same initial sync again, into a new replica deleted afterwards: a second figure of the same run. */
const initialSyncAgain = async (): Promise<SyncResult> => {
  const s = current();
  const db = new ReplicaDb(`aisle-bench-again-${newId()}`);
  await db.open();
  const { engine, store } = s.engineOn(db);
  engine.start();
  try {
    return await syncInto(s, engine, store, db);
  } finally {
    engine.stop();
    await db.delete();
  }
};

/** The same rows as the replica holds, put with one bulkPut per table into an empty database of the same schema. */
const rawBulkPut = async (): Promise<RawPutResult> => {
  const s = current();
  const names = Object.keys(replicaTables);
  let started = performance.now();
  const tables = new Map<string, unknown[]>();
  for (const name of names) tables.set(name, await s.db.table(name).toArray());
  const readMs = performance.now() - started;
  const raw = new ReplicaDb('aisle-bench-raw-bulkput');
  await raw.open();
  started = performance.now();
  await raw.transaction('rw', names, async () => {
    for (const [name, rows] of tables) await raw.table(name).bulkPut(rows);
  });
  const ms = performance.now() - started;
  const rows = [...tables.values()].reduce((n, list) => n + list.length, 0);
  await raw.delete();
  return { ms, rows, readMs };
};

// --- scanning and queueing ---

/** A direct release opened at the bin the picker scanned first (the header's source location). */
const newDocument = async (s: Session, sourceLocationId: string): Promise<string> => {
  const id = newId();
  const made = await s.engine.enqueue({
    kind: 'document.create',
    document: { id, typeCode: 'DOU', documentNumber: '', sourceLocationId },
  });
  if (!made.ok) throw new Error(`document.create refused: ${JSON.stringify(made.refusal)}`);
  return id;
};

interface LineOutcome {
  readonly found: boolean;
  readonly ok: boolean;
  readonly refusal?: string;
  readonly find: number;
  readonly source: number;
  readonly enqueue: number;
}

/**
 * One scan as the terminal's release flow makes it (src/features/terminal/useLineFlow.ts): in one read, the
 * code resolved on the replica (resolveScan) and, the bin being known, the free batches of the product there
 * in FEFO order (batchesAt); then the line taking the first of them, validated and queued.
 */
const scanLine = async (tools: ScanTools, documentId: string, sample: ScanSample): Promise<LineOutcome> => {
  const { engine, read } = tools;
  const today = todayOf(Date.now());
  const t0 = performance.now();
  let t1 = t0;
  const { scanned, batches } = await read(async (tx) => {
    const found = await resolveScan(tx, sample.code, { today });
    t1 = performance.now();
    const hit = found.product;
    return {
      scanned: found,
      batches: hit.kind === 'found' ? await batchesAt(tx, hit.product.id, sample.locationId, today) : [],
    };
  });
  const product = scanned.product;
  if (product.kind !== 'found' || product.product.id !== sample.productId)
    return {
      found: false,
      ok: false,
      refusal: product.kind === 'found' ? `found ${product.product.id}` : product.kind,
      find: t1 - t0,
      source: 0,
      enqueue: 0,
    };
  const source = batches.find((b) => b.available >= 1)?.key;
  const t2 = performance.now();
  if (!source)
    return { found: true, ok: false, refusal: 'noStock', find: t1 - t0, source: t2 - t1, enqueue: 0 };
  const result = await engine.enqueue({
    kind: 'line.add',
    line: {
      id: newId(),
      documentId,
      productId: product.product.id,
      quantity: 1,
      sourceLocationId: source.locationId,
      sourceContainer: source.container,
      serialNumber: source.serialNumber,
      prodDate: source.prodDate,
      expDate: source.expDate,
    },
  });
  const t3 = performance.now();
  return {
    found: true,
    ok: result.ok,
    ...(result.ok ? {} : { refusal: JSON.stringify(result.refusal).slice(0, 300) }),
    find: t1 - t0,
    source: t2 - t1,
    enqueue: t3 - t2,
  };
};

const scan = async (input: ScanInput): Promise<ScanResult> => {
  const s = current();
  const variant = s.variants[input.variant ?? 'measured'];
  s.txMeter.reset();
  const latencies: number[] = [];
  const forms: ScanSample['form'][] = [];
  const find = new Meter();
  const source = new Meter();
  const enqueue = new Meter();
  const refused: string[] = [];
  const notFound: string[] = [];
  let documentId = '';
  let lines = 0;
  for (const [i, sample] of input.samples.entries()) {
    if (!documentId || lines >= input.linesPerDocument) {
      documentId = await newDocument(s, sample.locationId);
      lines = 0;
    }
    const started = performance.now();
    const outcome = await scanLine(variant, documentId, sample);
    const ms = performance.now() - started;
    if (outcome.ok) lines++;
    if (!outcome.found) notFound.push(`${sample.code}: ${outcome.refusal}`);
    else if (!outcome.ok) refused.push(`${sample.code}: ${outcome.refusal}`);
    if (i < input.warmup) continue;
    latencies.push(ms);
    forms.push(sample.form);
    find.add(outcome.find);
    source.add(outcome.source);
    enqueue.add(outcome.enqueue);
  }
  return {
    latencies,
    forms,
    find: find.spent(),
    source: source.spent(),
    enqueue: enqueue.spent(),
    refused,
    notFound,
    product: 'resolveScan',
    ...(input.variant === 'metered' || input.variant === 'parallelWhereMetered'
      ? { storeCalls: s.txMeter.snapshot(), transactions: s.txMeter.transactions }
      : {}),
  };
};

const pendingCount = async (s: Session): Promise<number> =>
  (await s.store.read((tx) => tx.outboxCounts(s.setup.userId))).pending;

const fillOutbox = async (
  samples: readonly ScanSample[],
  target: number,
  linesPerDocument: number,
): Promise<FillResult> => {
  const s = current();
  const started = performance.now();
  const refused: string[] = [];
  let pending = await pendingCount(s);
  let documentId = '';
  let lines = 0;
  for (const sample of samples) {
    if (pending >= target) break;
    if (!documentId || lines >= linesPerDocument) {
      if (pending + 2 > target) break;
      documentId = await newDocument(s, sample.locationId);
      pending++;
      lines = 0;
    }
    const outcome = await scanLine(s.variants.measured, documentId, sample);
    if (outcome.ok) {
      lines++;
      pending++;
    } else refused.push(`${sample.code}: ${outcome.refusal ?? 'not found'}`);
  }
  return { pending: await pendingCount(s), ms: performance.now() - started, refused };
};

// --- pushing ---

/** The same intent on fresh ids (and a working-copy number no document carries yet). */
const freshCopy = (intent: Intent, ids: Map<string, string>, seqOffset: number): Intent => {
  const map = (id: string) => {
    let fresh = ids.get(id);
    if (!fresh) {
      fresh = newId();
      ids.set(id, fresh);
    }
    return fresh;
  };
  switch (intent.kind) {
    case 'document.create':
      return {
        ...intent,
        document: {
          ...intent.document,
          id: map(intent.document.id),
          documentNumber: intent.document.documentNumber.replace(
            /-(\d+)$/,
            (_m, seq: string) => `-${Number(seq) + seqOffset}`,
          ),
        },
      };
    case 'line.add':
      return {
        ...intent,
        line: { ...intent.line, id: map(intent.line.id), documentId: map(intent.line.documentId) },
      };
    default:
      throw new Error(`the plain loop copies document.create and line.add only, not ${intent.kind}`);
  }
};

const queryOf = (query: Readonly<Record<string, string>> | undefined): string =>
  query ? `?${new URLSearchParams(query).toString()}` : '';

/**
 * The baseline of the drain: the pending entries' calls, on fresh ids, posted one after the other with plain
 * fetch (bearer token, JSON body, the answer read and parsed) — no outbox, no store, no classification.
 */
const plainLoop = async (input: PlainLoopInput): Promise<PlainLoopResult> => {
  const s = current();
  const entries: OutboxEntry[] = await s.store.read((tx) => tx.outboxPending(s.setup.userId, 0, 1_000_000));
  const ids = new Map<string, string>();
  const calls = entries
    .slice(0, input.count ?? entries.length)
    .map((e) => callOf(freshCopy(e.intent, ids, input.seqOffset)));
  const device = newId();
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (const [i, call] of calls.entries()) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Authorization: `Bearer ${s.setup.token}`,
    };
    if (call.body !== undefined) headers['Content-Type'] = 'application/json';
    if (input.syncHeaders) {
      headers['Idempotency-Key'] = newId();
      headers['X-Device-Id'] = device;
      headers['X-Mutation-Id'] = String(i + 1);
    }
    const response = await fetch(`${call.path}${queryOf(call.query)}`, {
      method: call.method,
      headers,
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    });
    const text = await response.text();
    if (text !== '') JSON.parse(text);
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
  }
  return { ms: performance.now() - started, calls: calls.length, statuses: countsOf(statuses) };
};

/** The engine's push (sync/push.ts drain) of every pending entry through the HTTP transport. */
const drainAll = async (): Promise<DrainOutcome> => {
  const s = current();
  s.sends.reset();
  s.writes.reset();
  s.statuses.clear();
  const started = performance.now();
  const result = await drain({
    store: s.metered,
    transport: s.transport,
    auth: noRefresh,
    userId: s.setup.userId,
    deviceId: s.deviceId,
    now: () => Date.now(),
    counters: localCounters(),
  });
  return {
    ms: performance.now() - started,
    stop: result.stop,
    accepted: result.accepted,
    rejected: result.rejected,
    send: s.sends.spent(),
    write: s.writes.spent(),
    statuses: countsOf(s.statuses),
  };
};

/** A second initial sync into an empty replica with the proposed pull (experiments.ts), then that replica is deleted. */
const experimentSync = async (limit: number): Promise<SyncExperiment> => {
  const s = current();
  const db = new ReplicaDb(`aisle-bench-experiment-${newId()}`);
  await db.open();
  const store = new DexieSyncStore(db);
  try {
    const pulled = await prefetchedPull(store, s.plainTransport, s.deviceId, limit);
    const rows = Object.values(await countRows(db)).reduce((a, b) => a + b, 0);
    return { ...pulled, rows };
  } finally {
    await db.delete();
  }
};

const outboxCounts = () => {
  const s = current();
  return outboxCountCost(s.store, s.setup.userId);
};

/** Stops the engine's live query of the outbox counts (it re-runs after every commit): experiments only. */
const stopLiveQuery = async (): Promise<void> => {
  current().engine.stop();
};

const api: BenchApi = {
  setup,
  initialSync,
  initialSyncAgain,
  rawBulkPut,
  scan,
  fillOutbox,
  plainLoop,
  drain: drainAll,
  experimentSync,
  outboxCounts,
  stopLiveQuery,
};
window.aisleBench = api;
