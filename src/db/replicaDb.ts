import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';
import { type SyncEntity, syncEntities } from '../../domain/sync/wire';
import type { OutboxEntry, Row, ShadowRecord, SyncMeta } from '../../sync/types';

/**
 * The terminal's local replica: one IndexedDB database per company and user (`aisle-<account>-<user>`),
 * one table per replicated entity (domain/sync/wire.ts syncEntities) holding the VIEW (server rows with the
 * pending work applied), plus the outbox, the shadow (server versions of rows the pending work changed) and
 * the sync metadata. Only src/db/ touches Dexie.
 */

// Dexie turns its debug mode on by itself on localhost (a console task and an async stack per request, a cost on
// every replica call): a terminal served from localhost behaves like one served from the warehouse's host.
Dexie.debug = false;

export const replicaDbName = (clientAccountId: string, userId: string): string =>
  `aisle-${clientAccountId}-${userId}`;

/** The replicated tables as version 1 released them (kept as they were: a migration names only what changes). */
const replicaTablesV1: Readonly<Record<Exclude<SyncEntity, 'computerVision'>, string>> = {
  product: 'id, indexKey, *barcodes, *gtins',
  productGroup: 'id',
  storageSpace: 'id, label',
  storageSpaceType: 'id',
  company: 'id',
  stock: 'id, productId, locationId, container',
  wmsOrder: 'id, typeCode',
  wmsOrderPosition: 'id, orderId',
  wmsDocument: 'id, orderId, typeCode',
  wmsDocumentPosition: 'id, documentId',
  logisticsConfig: 'id',
};

/**
 * Indexes per table now: what the terminal looks rows up by (and nothing more: every index costs on bulk
 * writes). Stock is also found by its key (stockKeyString), the row the rules ask about.
 */
export const replicaTables: Readonly<Record<SyncEntity, string>> = {
  ...replicaTablesV1,
  stock: 'id, productId, locationId, container, key',
  computerVision: 'id, userId',
};

const engineTablesV1 = {
  outbox: 'mutationId, [status+mutationId], idempotencyKey',
  shadow: 'key, ref',
  meta: 'key',
} as const;

/** The outbox is also read per user (counts and the push), without walking other users' entries. */
export const engineTables = {
  ...engineTablesV1,
  outbox: 'mutationId, [status+mutationId], [status+userId+mutationId], idempotencyKey',
} as const;

/**
 * One schema version. A version whose replicated tables changed shape sets `resync`: its upgrade empties
 * them and resets the feed cursor, so the next pull fetches everything again in the new shape — while the
 * outbox (work not yet on the server) and the device counters are kept. A version that only adds indexes
 * needs neither: IndexedDB builds a new index from the rows already there.
 */
export interface ReplicaMigration {
  readonly version: number;
  readonly stores: Readonly<Record<string, string | null>>;
  readonly resync?: boolean;
}

/** The migration path, oldest first. Add a version at the end; never edit a released one. */
export const replicaMigrations: readonly ReplicaMigration[] = [
  { version: 1, stores: { ...replicaTablesV1, ...engineTablesV1 } },
  { version: 2, stores: { stock: replicaTables.stock, outbox: engineTables.outbox } },
  // The face database (a new table: rows logged from now on reach it, nothing to fetch again).
  { version: 3, stores: { computerVision: replicaTables.computerVision } },
];

export interface MetaRow {
  readonly key: string;
  readonly value: SyncMeta;
}

export const metaKey = 'sync';

/**
 * A stamp per table, bumped by every write transaction that changes it (src/db/dexieSyncStore.ts), so rows
 * kept in memory can tell they are still current. A new epoch when the row is missing: whoever empties tables
 * without going through the store deletes the row.
 */
export interface StampsRow {
  readonly key: string;
  readonly value: { readonly epoch: string; readonly tables: Readonly<Record<string, number>> };
}

export const stampsKey = 'tables';

export class ReplicaDb extends Dexie {
  declare outbox: Table<OutboxEntry, number>;
  declare shadow: Table<ShadowRecord, string>;
  declare meta: Table<MetaRow, string>;

  constructor(
    name: string,
    migrations: readonly ReplicaMigration[] = replicaMigrations,
    options?: DexieOptions,
  ) {
    super(name, options);
    for (const m of migrations) {
      const version = this.version(m.version).stores(m.stores);
      if (m.resync) version.upgrade((tx) => resyncUpgrade(tx));
    }
  }

  entity(entity: SyncEntity): Table<Row, string> {
    return this.table(entity);
  }
}

/** Empties the replicated tables and the shadow and forgets the cursor and the stamps (the outbox stays). */
const resyncUpgrade = async (tx: Transaction): Promise<void> => {
  const names = new Set(tx.storeNames);
  for (const entity of syncEntities) if (names.has(entity)) await tx.table(entity).clear();
  if (names.has('shadow')) await tx.table('shadow').clear();
  if (names.has('meta')) {
    await tx.table('meta').delete(stampsKey);
    const row = (await tx.table('meta').get(metaKey)) as MetaRow | undefined;
    if (row) await tx.table('meta').put({ ...row, value: { ...row.value, cursor: null, lastSyncAt: null } });
  }
};

/** Opens (creating or upgrading) the replica of a company and user. */
export const openReplicaDb = async (
  clientAccountId: string,
  userId: string,
  options?: { migrations?: readonly ReplicaMigration[]; dexie?: DexieOptions },
): Promise<ReplicaDb> => {
  const db = new ReplicaDb(replicaDbName(clientAccountId, userId), options?.migrations, options?.dexie);
  await db.open();
  return db;
};
