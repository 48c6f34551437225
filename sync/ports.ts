import type { Observable } from 'rxjs';
import type { SyncEntity } from '../domain/sync/wire';
import type { OutboxEntry, Row, RowIndex, ShadowRecord, SyncMeta } from './types';

/**
 * What the engine needs from the outside world, injected: a store (Dexie in src/db/, memory in tests), an HTTP
 * transport, the session's token refresh, a clock, timers and locks. Nothing behind these is imported here.
 */

/** Reads of the replica's view tables (server rows with the pending work applied). */
export interface RowReader {
  get(entity: SyncEntity, ids: readonly string[]): Promise<Row[]>;
  /** Rows whose indexed field equals (or, for multi-valued fields, contains) one of `values`. */
  where(entity: SyncEntity, index: RowIndex, values: readonly string[]): Promise<Row[]>;
  /** Every row of a small table (location types, the logistics config). */
  all(entity: SyncEntity): Promise<Row[]>;
  /** The distinct values of an indexed field (read from the index alone: no rows are loaded). */
  distinct(entity: SyncEntity, index: RowIndex): Promise<string[]>;
}

/** One store transaction: everything the engine does to a replica happens inside one. */
export interface StoreTx extends RowReader {
  put(entity: SyncEntity, rows: readonly Row[]): Promise<void>;
  remove(entity: SyncEntity, ids: readonly string[]): Promise<void>;

  shadowGet(keys: readonly string[]): Promise<ShadowRecord[]>;
  shadowByRef(refs: readonly string[]): Promise<ShadowRecord[]>;
  shadowAll(): Promise<ShadowRecord[]>;
  shadowCount(): Promise<number>;
  shadowPut(records: readonly ShadowRecord[]): Promise<void>;
  shadowDelete(keys: readonly string[]): Promise<void>;

  outboxGet(mutationId: number): Promise<OutboxEntry | undefined>;
  /** Entries still pending or accepted (not yet pulled), in mutation order. */
  outboxOpen(): Promise<OutboxEntry[]>;
  /** Every entry, in mutation order (the inspector, tests). */
  outboxAll(): Promise<OutboxEntry[]>;
  /** Rejected entries the user has not dealt with yet, in mutation order. */
  outboxRejected(): Promise<OutboxEntry[]>;
  /** Pending entries of this user after a mutation id, in mutation order, at most `limit`. */
  outboxPending(userId: string, afterMutationId: number, limit: number): Promise<OutboxEntry[]>;
  /** How many of this user's entries wait, and how many rejected ones were not dealt with yet. */
  outboxCounts(userId: string): Promise<{ readonly pending: number; readonly rejected: number }>;
  outboxPut(entries: readonly OutboxEntry[]): Promise<void>;
  outboxDelete(mutationIds: readonly number[]): Promise<void>;

  meta(): Promise<SyncMeta>;
  setMeta(patch: Partial<SyncMeta>): Promise<void>;
}

export interface SyncStore {
  /** A read-write transaction over every table. */
  write<T>(work: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** A read-only transaction. */
  read<T>(work: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** Re-runs a read whenever the store changes (in any tab of the same replica). */
  watch<T>(query: (tx: StoreTx) => Promise<T>): Observable<T>;
  close(): void;
}

export interface TransportRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly headers: Readonly<Record<string, string>>;
}

/** `status` 0: no answer at all (offline, request or response lost). */
export interface TransportResponse {
  readonly status: number;
  readonly body: unknown;
  readonly replayed?: boolean;
}

/** Sends a request with the session's access token. Never throws for HTTP or network failures. */
export interface SyncTransport {
  send(request: TransportRequest): Promise<TransportResponse>;
}

/** renewed: a new access token is in place; failed: the user must sign in again; unavailable: try later. */
export type RefreshOutcome = 'renewed' | 'failed' | 'unavailable';

export interface SyncAuth {
  refresh(): Promise<RefreshOutcome>;
}

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface Timers {
  /** Runs `fn` after `ms`; returns a cancel function. */
  after(ms: number, fn: () => void): () => void;
}

/** Mutual exclusion across tabs (Web Locks), or within one page as a fallback. */
export interface Locks {
  run<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/**
 * Counters shared by every replica of this device (localStorage): mutation ids and provisional-number
 * sequences must keep growing whichever user's replica takes the next one.
 */
export interface DeviceCounters {
  read(name: 'mutationId' | 'deviceSeq'): number;
  write(name: 'mutationId' | 'deviceSeq', value: number): void;
}
