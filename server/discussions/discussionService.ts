import { and, asc, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../domain/errors';
import {
  type DiscussionAudience,
  type DiscussionMessageView,
  type DiscussionView,
  mayTakePart,
} from '../../domain/office/discussion';
import { isUuid } from '../../domain/rowValues';
import type { AppContext } from '../context';
import type { Executor, Tx } from '../db/client';
import { clientAccount } from '../db/internalTables';
import { publishToUsers } from '../hub/userEvents';
import type { Scope } from '../resources/scope';
import { discussion, discussionMessage, discussionParticipant } from './discussionTables';
import { canReadRecord, findRecord } from './recordAccess';

type DiscussionRow = typeof discussion.$inferSelect;
type MessageRow = typeof discussionMessage.$inferSelect;

/** A user who takes part, with the account they belong to. */
export interface ParticipantRef {
  readonly userId: string;
  readonly clientAccountId: string;
}

/** What a module passes to open its own thread about one of its records. */
export interface OpenThread {
  /** The account that owns the record (and the thread). */
  readonly clientAccountId: string;
  readonly refResourceType: string;
  readonly refResourceId: string;
  /** Tells the module's threads of one record apart ('record' is the record's own thread). */
  readonly threadKey: string;
  readonly topic: string;
  readonly audience: DiscussionAudience;
  /** Added by name: they take part whatever the audience says (members threads). */
  readonly participants?: readonly ParticipantRef[];
  readonly createdBy?: string;
}

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

const messageView = (m: MessageRow): DiscussionMessageView => ({
  discussionId: m.discussionId,
  discussionMessageId: m.id,
  text: m.text,
  authorId: m.authorId,
  authorName: m.authorName,
  authorCompany: m.authorCompany,
  time: m.createdAt.toISOString(),
});

/**
 * Discussions on records (threads of messages), for the API and for modules that open threads of their own
 * (server/discussions/README.md). Every call that reads or writes a thread checks the caller against the
 * thread's audience (domain/office/discussion.ts); a thread the caller may not take part in is not found.
 * Opening or writing in a thread makes the caller a participant: participants hear of new messages live,
 * count them as unread until they read them, and get an e-mail when they stay unread (awayMail.ts).
 */
export class DiscussionService {
  constructor(private readonly ctx: AppContext) {}

  private get users() {
    const table = this.ctx.schema.resourceTables.user;
    if (!table) throw new Error('the user resource is missing');
    const col = (name: string) => table[name] as PgColumn;
    return { table, col };
  }

  // --- for modules --------------------------------------------------------------------------------------

  /**
   * Opens a thread in the caller's transaction, or returns the one already open for the same record and key
   * (its audience and topic stay as they were); listed participants are added. No access check: the module
   * decides who may open its threads.
   */
  async open(tx: Tx, spec: OpenThread): Promise<DiscussionRow> {
    await tx
      .insert(discussion)
      .values({
        clientAccountId: spec.clientAccountId,
        refResourceType: spec.refResourceType,
        refResourceId: spec.refResourceId,
        threadKey: spec.threadKey,
        topic: spec.topic,
        audience: spec.audience,
        createdBy: spec.createdBy ?? null,
      })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(discussion)
      .where(
        and(
          eq(discussion.clientAccountId, spec.clientAccountId),
          eq(discussion.refResourceType, spec.refResourceType),
          eq(discussion.refResourceId, spec.refResourceId),
          eq(discussion.threadKey, spec.threadKey),
        ),
      );
    if (!row) throw new AppError('saveFailed');
    if (spec.participants?.length) await this.addParticipants(tx, row.id, spec.participants);
    return row;
  }

  /** Adds people to a thread by name (they take part whatever its audience says). */
  async addParticipants(
    tx: Executor,
    discussionId: string,
    people: readonly ParticipantRef[],
  ): Promise<void> {
    if (!people.length) return;
    await tx
      .insert(discussionParticipant)
      .values(
        people.map((p) => ({
          discussionId,
          userId: p.userId,
          clientAccountId: p.clientAccountId,
          listed: true,
        })),
      )
      .onConflictDoUpdate({
        target: [discussionParticipant.discussionId, discussionParticipant.userId],
        set: { listed: true },
      });
  }

  /**
   * Makes people participants (they hear of new messages, count them unread and get the away e-mail) without
   * widening the audience: unlike addParticipants, each still takes part only while the audience admits them.
   */
  async enrol(tx: Executor, discussionId: string, people: readonly ParticipantRef[]): Promise<void> {
    if (!people.length) return;
    await tx
      .insert(discussionParticipant)
      .values(people.map((p) => ({ discussionId, userId: p.userId, clientAccountId: p.clientAccountId })))
      .onConflictDoNothing();
  }

  /** Threads as the caller sees them (unread counts), leaving out those the caller may not take part in. */
  async viewsOf(scope: Scope, rows: readonly DiscussionRow[]): Promise<DiscussionView[]> {
    const out: DiscussionView[] = [];
    for (const row of rows)
      if (await this.allowed(this.ctx.db, scope, row)) out.push(await this.view(this.ctx.db, scope, row));
    return out;
  }

  /** Threads of one record a module opened (to show or delete them with it). */
  async threadsOf(db: Executor, clientAccountId: string, type: string, id: string): Promise<DiscussionRow[]> {
    return db
      .select()
      .from(discussion)
      .where(
        and(
          eq(discussion.clientAccountId, clientAccountId),
          eq(discussion.refResourceType, type),
          eq(discussion.refResourceId, id),
        ),
      );
  }

  // --- access -------------------------------------------------------------------------------------------

  private async isListed(db: Executor, discussionId: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ listed: discussionParticipant.listed })
      .from(discussionParticipant)
      .where(
        and(eq(discussionParticipant.discussionId, discussionId), eq(discussionParticipant.userId, userId)),
      );
    return row?.listed === true;
  }

  /**
   * Whether the caller takes part in the thread now. Not inside a transaction: a record thread asks the record's
   * own service, which reads outside it (PGlite has one connection: that read would wait for the transaction).
   */
  async allowed(db: Executor, scope: Scope, row: DiscussionRow): Promise<boolean> {
    return mayTakePart({
      who: scope.claims,
      ownerAccountId: row.clientAccountId,
      audience: row.audience,
      isListedParticipant: await this.isListed(db, row.id, scope.userId),
      canReadRecord: () => canReadRecord(this.ctx, scope, row.refResourceType, row.refResourceId),
    });
  }

  /** The thread when the caller takes part in it; otherwise not found (never "forbidden": ids do not leak). */
  private async find(db: Executor, scope: Scope, id: string): Promise<DiscussionRow> {
    if (!isUuid(id)) throw new AppError('notFoundOrNoPermission');
    const [row] = await db.select().from(discussion).where(eq(discussion.id, id));
    if (!row || !(await this.allowed(db, scope, row))) throw new AppError('notFoundOrNoPermission');
    return row;
  }

  private async join(db: Executor, scope: Scope, discussionId: string): Promise<void> {
    await db
      .insert(discussionParticipant)
      .values({ discussionId, userId: scope.userId, clientAccountId: scope.clientAccountId })
      .onConflictDoNothing();
  }

  // --- the API ------------------------------------------------------------------------------------------

  /** The record's own thread, opened on first use, when the caller may read the record. */
  async openForRecord(
    scope: Scope,
    ref: { refResourceType: string; refResourceId: string; topic?: string | undefined },
  ): Promise<DiscussionView> {
    const record = await findRecord(this.ctx, scope, ref.refResourceType, ref.refResourceId);
    if (!record) throw new AppError('notFoundOrNoPermission');
    const row = await this.ctx.db.transaction(async (tx) => {
      const opened = await this.open(tx, {
        clientAccountId: scope.clientAccountId,
        refResourceType: record.name,
        refResourceId: ref.refResourceId,
        threadKey: 'record',
        topic: ref.topic || record.title,
        audience: { kind: 'record' },
        createdBy: scope.userId,
      });
      await this.join(tx, scope, opened.id);
      return opened;
    });
    return this.view(this.ctx.db, scope, row);
  }

  /** One thread with its participants and the caller's unread count; the caller joins it. */
  async get(scope: Scope, id: string): Promise<DiscussionView> {
    const row = await this.find(this.ctx.db, scope, id);
    await this.join(this.ctx.db, scope, row.id);
    return this.view(this.ctx.db, scope, row);
  }

  private async unreadCount(db: Executor, scope: Scope, discussionId: string): Promise<number> {
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(discussionMessage)
      .innerJoin(
        discussionParticipant,
        and(
          eq(discussionParticipant.discussionId, discussionMessage.discussionId),
          eq(discussionParticipant.userId, scope.userId),
        ),
      )
      .where(
        and(
          eq(discussionMessage.discussionId, discussionId),
          ne(discussionMessage.authorId, scope.userId),
          gt(discussionMessage.createdAt, discussionParticipant.lastReadAt),
        ),
      );
    return Number(count?.n ?? 0);
  }

  private async view(db: Executor, scope: Scope, row: DiscussionRow): Promise<DiscussionView> {
    const { table, col } = this.users;
    const people = await db
      .select({
        userId: discussionParticipant.userId,
        visibleName: col('visibleName'),
        username: col('username'),
      })
      .from(discussionParticipant)
      .innerJoin(table, eq(col('id'), discussionParticipant.userId))
      .where(eq(discussionParticipant.discussionId, row.id))
      .orderBy(asc(discussionParticipant.joinedAt));
    return {
      discussionId: row.id,
      topic: row.topic,
      refResourceType: row.refResourceType,
      refResourceId: row.refResourceId,
      audience: row.audience.kind,
      createdAt: row.createdAt.toISOString(),
      lastMessageAt: iso(row.lastMessageAt),
      messageCount: row.messageCount,
      unread: await this.unreadCount(db, scope, row.id),
      participants: people.map((p) => ({
        userId: p.userId,
        name: String(p.visibleName || p.username || ''),
      })),
    };
  }

  /** Messages oldest first: the newest `limit`, or those after / before a message of the thread. */
  async messages(
    scope: Scope,
    id: string,
    page: { after?: string | undefined; before?: string | undefined; limit: number },
  ): Promise<DiscussionMessageView[]> {
    const row = await this.find(this.ctx.db, scope, id);
    // Anchors are compared in SQL: stored times have microseconds, a JavaScript Date only milliseconds.
    // Messages of one transaction share a time: the id breaks the tie so none is skipped or repeated.
    const anchor = (messageId: string | undefined, side: 'after' | 'before') => {
      if (messageId === undefined) return undefined;
      if (!isUuid(messageId)) throw new AppError('badRequest');
      const of = sql`(select a.created_at, a.id from ${discussionMessage} a where a.id = ${messageId}::uuid and a.discussion_id = ${row.id}::uuid)`;
      return side === 'after'
        ? sql`(${discussionMessage.createdAt}, ${discussionMessage.id}) > ${of}`
        : sql`(${discussionMessage.createdAt}, ${discussionMessage.id}) < ${of}`;
    };
    const after = anchor(page.after, 'after');
    const before = anchor(page.before, 'before');
    const conditions = [eq(discussionMessage.discussionId, row.id)];
    if (after) conditions.push(after);
    if (before) conditions.push(before);
    const rows = await this.ctx.db
      .select()
      .from(discussionMessage)
      .where(and(...conditions))
      .orderBy(
        after ? asc(discussionMessage.createdAt) : desc(discussionMessage.createdAt),
        after ? asc(discussionMessage.id) : desc(discussionMessage.id),
      )
      .limit(page.limit);
    if (!after) rows.reverse();
    return rows.map(messageView);
  }

  /** Writes a message; every participant's open screens hear of it. The author has read the thread. */
  async post(scope: Scope, id: string, text: string): Promise<DiscussionMessageView> {
    // Access is checked before the transaction: the record's own read runs on the database, not on it.
    const row = await this.find(this.ctx.db, scope, id);
    const { message, audience } = await this.ctx.db.transaction(async (tx) => {
      // One message at a time per thread keeps its counter right.
      await tx.select({ id: discussion.id }).from(discussion).where(eq(discussion.id, row.id)).for('update');
      const [company] = await tx
        .select({ name: clientAccount.name })
        .from(clientAccount)
        .where(eq(clientAccount.id, scope.clientAccountId));
      const [written] = await tx
        .insert(discussionMessage)
        .values({
          discussionId: row.id,
          authorId: scope.userId,
          authorAccountId: scope.clientAccountId,
          authorName: scope.userName,
          authorCompany: company?.name ?? '',
          text,
        })
        .returning();
      if (!written) throw new AppError('saveFailed');
      // now() is the message's own time (the transaction's), to the microsecond.
      await tx
        .update(discussion)
        .set({ lastMessageAt: sql`now()`, messageCount: sql`${discussion.messageCount} + 1` })
        .where(eq(discussion.id, row.id));
      await tx
        .insert(discussionParticipant)
        .values({
          discussionId: row.id,
          userId: scope.userId,
          clientAccountId: scope.clientAccountId,
          lastReadAt: sql`now()`,
        })
        .onConflictDoUpdate({
          target: [discussionParticipant.discussionId, discussionParticipant.userId],
          set: { lastReadAt: sql`greatest(${discussionParticipant.lastReadAt}, excluded.last_read_at)` },
        });
      const people = await tx
        .select({ userId: discussionParticipant.userId })
        .from(discussionParticipant)
        .where(eq(discussionParticipant.discussionId, row.id));
      return { message: written, audience: people.map((p) => p.userId) };
    });
    publishToUsers(this.ctx, {
      userIds: audience,
      payload: {
        resourceType: 'discussion',
        id: message.discussionId,
        action: 'update',
        discussionMessageId: message.id,
      },
    });
    return messageView(message);
  }

  /** Marks the thread read up to a message (default: all of it). */
  async markRead(scope: Scope, id: string, upTo: string | undefined): Promise<{ unread: number }> {
    const row = await this.find(this.ctx.db, scope, id);
    // Read up to that message, or to the newest one; in SQL (stored times have microseconds).
    let until = sql`coalesce((select max(m.created_at) from ${discussionMessage} m where m.discussion_id = ${row.id}::uuid), now())`;
    if (upTo !== undefined) {
      if (!isUuid(upTo)) throw new AppError('badRequest');
      const [m] = await this.ctx.db
        .select({ id: discussionMessage.id })
        .from(discussionMessage)
        .where(and(eq(discussionMessage.id, upTo), eq(discussionMessage.discussionId, row.id)));
      if (!m) throw new AppError('notFoundOrNoPermission');
      until = sql`(select m.created_at from ${discussionMessage} m where m.id = ${upTo}::uuid)`;
    }
    await this.ctx.db
      .insert(discussionParticipant)
      .values({
        discussionId: row.id,
        userId: scope.userId,
        clientAccountId: scope.clientAccountId,
        lastReadAt: until,
      })
      .onConflictDoUpdate({
        target: [discussionParticipant.discussionId, discussionParticipant.userId],
        set: { lastReadAt: sql`greatest(${discussionParticipant.lastReadAt}, excluded.last_read_at)` },
      });
    const unread = await this.unreadCount(this.ctx.db, scope, row.id);
    // The caller's other tabs update their counters.
    publishToUsers(this.ctx, {
      userIds: [scope.userId],
      payload: { resourceType: 'discussion', id: row.id, action: 'update', discussionMessageId: '' },
    });
    return { unread };
  }

  /**
   * The threads the caller takes part in, newest activity first, with unread counts; `unreadOnly` for the
   * header's counter. Threads the caller may no longer take part in are left out.
   */
  async mine(
    scope: Scope,
    page: { pageNumber: number; pageSize: number; unreadOnly: boolean },
  ): Promise<{ results: DiscussionView[]; allFilteredRowCount: number; unreadTotal: number }> {
    const unreadOf = sql<number>`(select count(*)::int from ${discussionMessage} m where m.discussion_id = ${discussion.id} and m.author_id <> ${scope.userId}::uuid and m.created_at > ${discussionParticipant.lastReadAt})`;
    const where = and(
      eq(discussionParticipant.userId, scope.userId),
      page.unreadOnly ? gt(discussion.lastMessageAt, discussionParticipant.lastReadAt) : undefined,
    );
    const rows = await this.ctx.db
      .select({ d: discussion, unread: unreadOf })
      .from(discussionParticipant)
      .innerJoin(discussion, eq(discussion.id, discussionParticipant.discussionId))
      .where(where)
      .orderBy(
        sql`${discussion.lastMessageAt} desc nulls last`,
        desc(discussion.createdAt),
        asc(discussion.id),
      )
      .limit(500);
    const visible: { d: DiscussionRow; unread: number }[] = [];
    for (const r of rows)
      if ((!page.unreadOnly || r.unread > 0) && (await this.allowed(this.ctx.db, scope, r.d)))
        visible.push(r);
    const from = (page.pageNumber - 1) * page.pageSize;
    const results = await Promise.all(
      visible.slice(from, from + page.pageSize).map((r) => this.view(this.ctx.db, scope, r.d)),
    );
    return {
      results,
      allFilteredRowCount: visible.length,
      unreadTotal: visible.reduce((sum, r) => sum + Number(r.unread), 0),
    };
  }

  /** Deletes every thread of a record (in the record's own delete). */
  async removeThreadsOf(tx: Tx, clientAccountId: string, type: string, id: string): Promise<void> {
    await tx
      .delete(discussion)
      .where(
        and(
          eq(discussion.clientAccountId, clientAccountId),
          eq(discussion.refResourceType, type),
          eq(discussion.refResourceId, id),
        ),
      );
  }

  /** Messages of others a participant has not read, up to `until`, oldest first (the away e-mail). */
  async unreadMessagesOf(db: Executor, discussionId: string, userId: string, until: Date) {
    return db
      .select()
      .from(discussionMessage)
      .where(
        and(
          eq(discussionMessage.discussionId, discussionId),
          ne(discussionMessage.authorId, userId),
          sql`${discussionMessage.createdAt} > (select p.last_read_at from ${discussionParticipant} p where p.discussion_id = ${discussionId}::uuid and p.user_id = ${userId}::uuid)`,
          lt(discussionMessage.createdAt, until),
        ),
      )
      .orderBy(asc(discussionMessage.createdAt), asc(discussionMessage.id));
  }

  /** Participants' user ids of threads (for modules). */
  async participantsOf(db: Executor, discussionIds: readonly string[]): Promise<ParticipantRef[]> {
    if (!discussionIds.length) return [];
    return db
      .select({
        userId: discussionParticipant.userId,
        clientAccountId: discussionParticipant.clientAccountId,
      })
      .from(discussionParticipant)
      .where(inArray(discussionParticipant.discussionId, [...discussionIds]));
  }
}
