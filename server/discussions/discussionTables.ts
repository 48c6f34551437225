import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { DiscussionAudience } from '../../domain/office/discussion';
import { clientAccount } from '../db/internalTables';

/** The user resource table's id, declared only so participants carry a real foreign key (they go with the user). */
const userIds = pgTable('user', { id: uuid('id').primaryKey() });

/**
 * A discussion (thread) about one record (docs/decisions.md, "Office: discussions, files, messages"). Owned
 * by the account of the record; who takes part is its audience (domain/office/discussion.ts). `threadKey`
 * tells threads of one record apart: 'record' for the record's own thread, a module's key for its threads
 * (e.g. one per carrier on a shipment ticket).
 */
export const discussion = pgTable(
  'discussion',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' }),
    refResourceType: text('ref_resource_type').notNull(),
    refResourceId: text('ref_resource_id').notNull(),
    threadKey: text('thread_key').notNull().default('record'),
    topic: text('topic').notNull().default(''),
    audience: jsonb('audience').$type<DiscussionAudience>().notNull().default({ kind: 'record' }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    messageCount: integer('message_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('discussion_thread_uq').on(
      t.clientAccountId,
      t.refResourceType,
      t.refResourceId,
      t.threadKey,
    ),
  ],
);

/** One message of a discussion; the author's name and company are kept as they were when it was written. */
export const discussionMessage = pgTable(
  'discussion_message',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussion.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    authorAccountId: uuid('author_account_id').notNull(),
    authorName: text('author_name').notNull(),
    authorCompany: text('author_company').notNull().default(''),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discussion_message_thread_idx').on(t.discussionId, t.createdAt)],
);

/**
 * Who takes part: everyone who opened or wrote in the thread, and people a module added. `lastReadAt` gives the
 * unread count; `mailedAt` is when the last "you have unread messages" e-mail went (one per unread stretch).
 */
export const discussionParticipant = pgTable(
  'discussion_participant',
  {
    discussionId: uuid('discussion_id')
      .notNull()
      .references(() => discussion.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => userIds.id, { onDelete: 'cascade' }),
    clientAccountId: uuid('client_account_id')
      .notNull()
      .references(() => clientAccount.id, { onDelete: 'cascade' }),
    /** Added by a module (members threads): takes part without the audience rule. */
    listed: boolean('listed').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'discussion_participant_pk', columns: [t.discussionId, t.userId] }),
    index('discussion_participant_user_idx').on(t.userId),
  ],
);

export const discussionTables = { discussion, discussionMessage, discussionParticipant };
