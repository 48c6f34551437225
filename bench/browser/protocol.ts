/**
 * What the Node runner (run.ts) and the bench page (page.ts) pass each other through page.evaluate: plain JSON.
 * The page exposes `window.aisleBench` (BenchApi); every call runs inside Chromium on the real replica.
 */

export interface PageSetup {
  readonly token: string;
  readonly clientAccountId: string;
  readonly userId: string;
  /** Feed page size asked for (the engine's default is 1000). */
  readonly pageLimit?: number;
}

/** Milliseconds spent in one kind of step, and how often it ran. */
export interface Spent {
  readonly ms: number;
  readonly count: number;
}

/** One page of the feed as the initial sync saw it. */
export interface FeedPage {
  /** Changes per entity; tombstones under `delete`. */
  readonly entities: Readonly<Record<string, number>>;
  readonly sendMs: number;
  /** Its store transaction (applyChangesPage). */
  readonly writeMs: number;
  /** When it arrived and when its write ended, in ms since the sync began. */
  readonly arrivedAt: number;
  readonly writtenAt: number;
}

export interface SyncResult {
  readonly ms: number;
  readonly stop: string;
  /** Changes the feed delivered (upserts and tombstones). */
  readonly received: number;
  readonly tombstones: number;
  /** Rows in the replica's tables afterwards, per table. */
  readonly rows: Readonly<Record<string, number>>;
  readonly totalRows: number;
  /** Waiting for the feed: request, server, transfer, JSON parse (transport.send). */
  readonly send: Spent;
  /** Applying pages: store transactions (applyChangesPage, finishPull), commit included. */
  readonly write: Spent;
  readonly pages: readonly FeedPage[];
  /** Write transactions that were no page's (finishPull). */
  readonly otherWrites: readonly number[];
}

export interface RawPutResult {
  readonly ms: number;
  readonly rows: number;
  /** Reading the rows back from the replica first (not part of `ms`). */
  readonly readMs: number;
}

/** One stock row to pick: what is scanned and where it lies. */
export interface ScanSample {
  readonly code: string;
  readonly form: 'ean13' | 'gs1' | 'index';
  readonly productId: string;
  readonly locationId: string;
}

export interface ScanInput {
  readonly samples: readonly ScanSample[];
  /** The first `warmup` samples run unmeasured. */
  readonly warmup: number;
  /** A new release document every this many lines. */
  readonly linesPerDocument: number;
  /** Which engine and reader the scans use (default 'measured'). */
  readonly variant?: ScanVariant;
}

/**
 * measured: the real store and engine; metered: the same with every store call of the enqueue metered (a
 * little overhead: diagnosis only); parallelWhere: the store with the `where` of experiments.ts (metered too).
 */
export type ScanVariant = 'measured' | 'metered' | 'parallelWhere' | 'parallelWhereMetered';

export interface SyncExperiment {
  readonly ms: number;
  readonly received: number;
  readonly rows: number;
  readonly send: Spent;
  readonly write: Spent;
}

export interface ScanResult {
  /** Milliseconds per measured scan, in order. */
  readonly latencies: readonly number[];
  readonly forms: readonly ScanSample['form'][];
  /** Time split of the measured scans. */
  readonly find: Spent;
  readonly source: Spent;
  readonly enqueue: Spent;
  readonly refused: readonly string[];
  /** Codes that did not find their product: code and what the lookup said. */
  readonly notFound: readonly string[];
  readonly product: 'resolveScan';
  /** With variant 'metered': StoreTx calls inside the line enqueues' write transactions, and how many transactions. */
  readonly storeCalls?: Readonly<Record<string, Spent>>;
  readonly transactions?: number;
}

export interface FillResult {
  readonly pending: number;
  readonly ms: number;
  readonly refused: readonly string[];
}

export interface DrainOutcome {
  readonly ms: number;
  readonly stop: string;
  readonly accepted: number;
  readonly rejected: number;
  readonly send: Spent;
  readonly write: Spent;
  /** Statuses the server answered, with counts. */
  readonly statuses: Readonly<Record<string, number>>;
}

export interface PlainLoopInput {
  /** Added to every working-copy number's device sequence, so the copies never collide with the originals. */
  readonly seqOffset: number;
  /** Send the sync headers (Idempotency-Key, X-Device-Id, X-Mutation-Id) with fresh keys too. */
  readonly syncHeaders: boolean;
  /** Only the first `count` calls (a warm-up). */
  readonly count?: number;
}

export interface PlainLoopResult {
  readonly ms: number;
  readonly calls: number;
  readonly statuses: Readonly<Record<string, number>>;
}

export interface BenchApi {
  setup(input: PageSetup): Promise<{ deviceId: string; product: 'resolveScan' }>;
  initialSync(): Promise<SyncResult>;
  /** The initial sync again into a new replica, deleted afterwards. */
  initialSyncAgain(): Promise<SyncResult>;
  rawBulkPut(): Promise<RawPutResult>;
  scan(input: ScanInput): Promise<ScanResult>;
  /** Queues release lines (and their documents) until `target` entries are pending. */
  fillOutbox(samples: readonly ScanSample[], target: number, linesPerDocument: number): Promise<FillResult>;
  /** Posts the calls of the pending entries (fresh ids) with plain fetch, one after the other. */
  plainLoop(input: PlainLoopInput): Promise<PlainLoopResult>;
  drain(): Promise<DrainOutcome>;
  /** experiments.ts pipelinedPull into a fresh replica (deleted afterwards). */
  experimentSync(limit: number): Promise<SyncExperiment>;
  /** outboxCounts now, next to one indexed count request. */
  outboxCounts(): Promise<{ pending: number; current: number; indexed: number }>;
  /** Stops the engine's live query (experiments: what scans cost without it). */
  stopLiveQuery(): Promise<void>;
}

declare global {
  interface Window {
    aisleBench?: BenchApi;
  }
}
