import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { defaultMaxFileMb } from '../../domain/office/officeSettings';
import { clientAccount } from '../db/internalTables';
import { discussionTables } from '../discussions/discussionTables';

/** A company's settings of the office features: the upload limit and its own SMS gateway. */
export const officeSettings = pgTable('office_settings', {
  clientAccountId: uuid('client_account_id')
    .primaryKey()
    .references(() => clientAccount.id, { onDelete: 'cascade' }),
  maxFileMb: integer('max_file_mb').notNull().default(defaultMaxFileMb),
  smsGatewayUrl: text('sms_gateway_url'),
  /** Sealed (server/office/secrets.ts). */
  smsGatewayToken: text('sms_gateway_token'),
  smsSender: text('sms_sender'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Keys of file bytes to remove from the file store: filled by a trigger on every deleted file_info row (a file
 * deleted by hand, with its record, or with the whole account), emptied by the file janitor after commit.
 */
export const fileTrash = pgTable('file_trash', {
  key: text('key').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** The tables of the office features (discussions, files, messages…), for the schema and its migrations. */
export const officeTables = { ...discussionTables, officeSettings, fileTrash };
