import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientAccount } from '../db/internalTables';

/**
 * An import of a file (or of rows posted by a script): its template, mode, progress and outcome. Written when the
 * job starts and ends, and on PostgreSQL after every batch too, so any server process can report its progress and
 * be asked to cancel it (docs/decisions.md, "Import").
 */
export const importJob = pgTable(
  'import_job',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    template: text('template').notNull(),
    fileName: text('file_name'),
    /** preview (nothing kept), allOrNothing, skipBadRows. */
    mode: text('mode').notNull(),
    /** running, done, failed, cancelled. */
    status: text('status').notNull().default('running'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsImported: integer('rows_imported').notNull().default(0),
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    problemCount: integer('problem_count').notNull().default(0),
    /** Bytes of the file read so far and in all, for the progress bar (rows are not known before the end). */
    bytesRead: integer('bytes_read').notNull().default(0),
    bytesTotal: integer('bytes_total').notNull().default(0),
    /** Unknown columns (ignored) and other notices: [{ code, params }]. */
    warnings: jsonb('warnings').$type<{ code: string; params?: Record<string, string | number> }[]>(),
    /** The first rows as they were (or would be) saved. */
    sample: jsonb('sample').$type<Record<string, unknown>[]>(),
    /** Why the whole import failed (a code of the catalogue), with its params. */
    errorCode: text('error_code'),
    errorParams: jsonb('error_params').$type<Record<string, string | number>>(),
    cancelRequested: integer('cancel_requested').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_job_account_idx').on(t.clientAccountId, t.createdAt)],
);

/** Every problem of an import, one row each: the downloadable report and the preview's list. */
export const importProblem = pgTable(
  'import_problem',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => importJob.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    line: integer('line').notNull(),
    column: text('column'),
    code: text('code').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>(),
  },
  (t) => [primaryKey({ name: 'import_problem_pk', columns: [t.jobId, t.seq] })],
);

export const importTables = { importJob, importProblem };
