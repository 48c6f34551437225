import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientAccount } from './internalTables';

/**
 * What each terminal last told the server about itself (POST /api/TerminalStatus): what waits in its outbox, the
 * refusals its user has not dealt with, and when its replica was last complete. The supervisor's dashboard lists
 * the fleet from here (the server cannot see a device's outbox).
 */
export const terminalStatus = pgTable(
  'terminal_status',
  {
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    userId: uuid('user_id').notNull(),
    pending: integer('pending').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'terminal_status_pk', columns: [t.clientAccountId, t.deviceId] })],
);

export const dashboardTables = { terminalStatus };
