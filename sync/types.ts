import type { FieldError, RuleIssue } from '../domain/errors';
import type { Intent } from '../domain/sync/intents';
import type { SyncEntity } from '../domain/sync/wire';

/**
 * The engine's own data shapes (docs/sync-contract.md §5). Nothing here knows Dexie, React or fetch: the
 * stores in src/db/ and sync/memoryStore.ts keep these shapes as they are.
 */

export type OutboxStatus = 'pending' | 'accepted' | 'rejected';

/** Why the server refused an intent for good: shown on the line it concerns until the user acts. */
export interface Rejection {
  readonly status: number;
  readonly code: string;
  readonly message?: string;
  readonly issues?: readonly RuleIssue[];
  readonly fields?: readonly FieldError[];
  readonly requestId?: string;
}

/** The last transient failure of an entry (kept for the inspector; the entry is retried). */
export interface AttemptError {
  readonly status: number;
  readonly code: string;
  readonly at: string;
}

/** One terminal action waiting for, or done with, the server. */
export interface OutboxEntry {
  /** Per-device increasing integer (X-Mutation-Id); the push order. */
  readonly mutationId: number;
  readonly deviceId: string;
  /** Who made it: only this user's session ever sends it. */
  readonly userId: string;
  /** Idempotency-Key, the same on every retry. */
  readonly idempotencyKey: string;
  readonly createdAt: string;
  readonly intent: Intent;
  readonly status: OutboxStatus;
  readonly attempts: number;
  /** Sent at least once: the server may have applied it even if no answer came back. */
  readonly sent: boolean;
  readonly rejection?: Rejection;
  /** A rejected entry the user dealt with (discarded or redone): it leaves the inspector. */
  readonly resolvedAt?: string;
  /** What the server's answer told us that the view should show before the next pull. */
  readonly result?: { readonly documentNumber?: string };
  /** Issues the rebase expects the server to raise (e.g. the stock was taken meanwhile): a warning only. */
  readonly conflict?: readonly RuleIssue[];
  readonly lastError?: AttemptError;
}

/** A replicated row as stored: the API's shape plus the fields the terminal indexes on. */
export interface Row {
  readonly id: string;
  readonly [field: string]: unknown;
}

/**
 * A stock row, normalised: texts '' become null and `key` is domain stockKeyString. Rows the engine made
 * for keys the server does not have yet carry an id starting with `local:`.
 */
export interface StockRecord extends Row {
  readonly key: string;
  readonly productId: string;
  readonly locationId: string;
  readonly container: string | null;
  readonly serialNumber: string | null;
  readonly prodDate: string | null;
  readonly expDate: string | null;
  readonly quantity: number;
  readonly reserved: number;
  readonly contractorId: string | null;
  readonly firstReceiptAt: string | null;
}

/**
 * The server's own version of a row the pending work changed locally (null: the server has no such row).
 * `key` is `<entity>|<id>` (stock: `stock|<stock key>`); `ref` is the parent the row is looked up by
 * (a line's document, an order position's order, a stock row's server id).
 */
export interface ShadowRecord {
  readonly key: string;
  readonly entity: SyncEntity;
  readonly id: string;
  readonly ref: string | null;
  readonly row: Row | null;
}

/** Sync metadata of one replica. */
export interface SyncMeta {
  /** Feed cursor; null before the first pull. */
  readonly cursor: string | null;
  /** The server's watermark of this device's applied mutations. */
  readonly lastMutationId: number;
  /** When the last complete pull ended (ISO). */
  readonly lastSyncAt: string | null;
  /** Highest mutation id given out in this replica. */
  readonly lastIssuedMutationId: number;
  /** Device sequence of provisional document numbers. */
  readonly deviceSeq: number;
  /** The device id the entries of this replica were made with. */
  readonly deviceId: string | null;
  /**
   * An unresolved rejected entry may exist (set by every rejection, cleared when a look finds none): an enqueue
   * looks for rejections it redoes only then. Unknown (an older replica) counts as yes.
   */
  readonly rejectedMayExist: boolean;
}

export const emptyMeta: SyncMeta = {
  cursor: null,
  lastMutationId: 0,
  lastSyncAt: null,
  lastIssuedMutationId: 0,
  deviceSeq: 0,
  deviceId: null,
  rejectedMayExist: true,
};

/** The secondary lookups every store offers (Dexie indexes, or filters in memory). */
export type RowIndex =
  /** A stock row's key (domain stockKeyString). */
  | 'key'
  | 'productId'
  | 'locationId'
  | 'container'
  | 'documentId'
  | 'orderId'
  | 'label'
  | 'indexKey'
  | 'barcodes'
  | 'gtins'
  | 'typeCode';
