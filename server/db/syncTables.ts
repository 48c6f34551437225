import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientAccount } from './internalTables';

/** A 64-bit transaction id (pg_current_xact_id()); travels as its decimal text, never as a JS number. */
const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
  fromDriver: (value) => String(value),
});

/**
 * The change log of the sync feed (docs/sync-contract.md §1): one row per (account, entity, record) holding its
 * last change, written only by the triggers of migration 0002 (never by application code). `contractor_ids` is
 * every contractor the record has had since it was first logged, so that a tombstone reaches exactly the
 * contractors whose replica may hold it. No foreign key: cascaded deletes log tombstones while the account row
 * goes; a trigger on client_account removes an account's rows.
 */
export const syncChange = pgTable(
  'sync_change',
  {
    clientAccountId: uuid('client_account_id').notNull(),
    entity: text('entity').notNull(),
    recordId: uuid('record_id').notNull(),
    xid: xid8('xid').notNull(),
    seq: bigint('seq', { mode: 'bigint' }).notNull(),
    action: text('action', { enum: ['insert', 'update', 'delete'] }).notNull(),
    contractorIds: uuid('contractor_ids').array().notNull().default(sql`'{}'::uuid[]`),
  },
  (t) => [
    primaryKey({ name: 'sync_change_pk', columns: [t.clientAccountId, t.entity, t.recordId] }),
    // The feed reads an account's changes in (xid, seq) order from a cursor.
    index('sync_change_feed_idx').on(t.clientAccountId, t.xid, t.seq),
  ],
);

/** A terminal (X-Device-Id) of a user: the last mutation it pushed and when it was last seen. */
export const syncDevice = pgTable(
  'sync_device',
  {
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    userId: uuid('user_id').notNull(),
    lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull().default(0),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'sync_device_pk', columns: [t.clientAccountId, t.deviceId, t.userId] })],
);

/** The unique key of a pushed mutation; its violation means the same intent is in flight (mutationInProgress). */
export const mutationKeyIndex = 'sync_mutation_key_uq';

/**
 * One pushed mutation (a request with Idempotency-Key): written in the first transaction of its handler, so it
 * commits with the change; its outcome (status and body) is stored after the handler so a repeat is answered
 * from here. `xid` is the transaction that carried the change (lastMutationId of the feed).
 */
export const syncMutation = pgTable(
  'sync_mutation',
  {
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    deviceId: text('device_id'),
    mutationId: bigint('mutation_id', { mode: 'number' }),
    userId: uuid('user_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code'),
    /** `{ contentType, body }` with the body as sent (text), so a replay is byte for byte the same. */
    response: jsonb('response').$type<{ contentType: string | null; body: string }>(),
    xid: xid8('xid').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex(mutationKeyIndex).on(t.clientAccountId, t.idempotencyKey),
    index('sync_mutation_device_idx').on(t.clientAccountId, t.deviceId, t.userId, t.mutationId),
  ],
);

export const syncTables = { syncChange, syncDevice, syncMutation };
