import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Claims } from '../../domain/auth/claims';
import { claimsOf } from '../auth/claimsOf';
import type { AppContext } from '../context';
import { translate } from '../i18n';
import type { MailMessage } from '../mail/mailer';
import type { Scope } from '../resources/scope';
import { DiscussionService } from './discussionService';
import { discussion, type discussionMessage, discussionParticipant } from './discussionTables';
import { findRecord, moduleThreadLink } from './recordAccess';

/** How many messages one e-mail quotes (the rest are counted). */
const quoted = 10;

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The address of a thread in the app: the record's screen with the thread open over it. */
export const threadLink = (publicUrl: string, recordLink: string | undefined, discussionId: string): string =>
  `${publicUrl}${recordLink ?? '/'}?discussionId=${discussionId}`;

/** Unread messages of others older than the cutoff. */
const dueCondition = (cutoff: Date) =>
  sql`exists (select 1 from discussion_message m where m.discussion_id = ${discussionParticipant.discussionId} and m.author_id <> ${discussionParticipant.userId} and m.created_at > ${discussionParticipant.lastReadAt} and m.created_at <= ${cutoff.toISOString()}::timestamptz)`;

/** No e-mail since the participant last read the thread. */
const notMailed = or(
  isNull(discussionParticipant.mailedAt),
  lt(discussionParticipant.mailedAt, discussionParticipant.lastReadAt),
);

const scopeOfUser = (user: Record<string, unknown>): Scope => {
  const claims: Claims = { ...claimsOf(user), exp: 0 };
  return {
    clientAccountId: claims.acc,
    contractorId: claims.ctr,
    userId: claims.sub,
    userName: claims.name,
    claims,
  };
};

/**
 * One participant's e-mail. Access and the record are looked up first, outside the transaction (they read on the
 * database); the transaction then takes the participant row (SKIP LOCKED: another process may be at it), checks it
 * is still due, sends, and notes the time.
 */
const mailOne = async (
  ctx: AppContext,
  service: DiscussionService,
  candidate: { discussionId: string; userId: string },
  opts: { now: Date; cutoff: Date },
): Promise<boolean> => {
  const users = ctx.schema.resourceTables.user;
  if (!users) return false;
  const ucol = (name: string) => users[name] as PgColumn;
  const [found] = await ctx.db
    .select({ d: discussion, user: users })
    .from(discussion)
    .innerJoin(users, eq(ucol('id'), candidate.userId))
    .where(eq(discussion.id, candidate.discussionId));
  if (!found) return false;
  const user = found.user as Record<string, unknown>;
  const email = typeof user.email === 'string' ? user.email : '';
  if (!email || user.isBlocked === true) return false;
  const scope = scopeOfUser(user);
  // Someone who may no longer take part hears nothing more of the thread.
  if (!(await service.allowed(ctx.db, scope, found.d))) return false;
  const own = moduleThreadLink(scope, found.d);
  const record = own
    ? undefined
    : await findRecord(ctx, scope, found.d.refResourceType, found.d.refResourceId);
  const link = threadLink(ctx.config.publicUrl, own ?? record?.link, found.d.id);
  // Claimed first (the row's e-mail time set in a short transaction), sent after: the mailer reads the company's
  // e-mail account on the database, outside any transaction. A failed send gives the claim back.
  const claimed = await ctx.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(discussionParticipant)
      .where(
        and(
          eq(discussionParticipant.discussionId, candidate.discussionId),
          eq(discussionParticipant.userId, candidate.userId),
          notMailed,
          dueCondition(opts.cutoff),
        ),
      )
      .for('update', { skipLocked: true });
    if (!p) return undefined;
    const messages = await service.unreadMessagesOf(
      tx,
      found.d.id,
      p.userId,
      new Date(opts.now.getTime() + 1),
    );
    if (!messages.length) return undefined;
    await tx.update(discussionParticipant).set({ mailedAt: opts.now }).where(ofParticipant(p));
    return { p, messages };
  });
  if (!claimed) return false;
  try {
    await ctx.mailer.send(scope.clientAccountId, awayMail(user, found.d.topic, claimed.messages, link));
  } catch (error) {
    await ctx.db
      .update(discussionParticipant)
      .set({ mailedAt: claimed.p.mailedAt })
      .where(and(ofParticipant(claimed.p), eq(discussionParticipant.mailedAt, opts.now)));
    throw error;
  }
  return true;
};

const ofParticipant = (p: { discussionId: string; userId: string }) =>
  and(eq(discussionParticipant.discussionId, p.discussionId), eq(discussionParticipant.userId, p.userId));

/** The e-mail's texts in the recipient's language: the unread messages (the last ten) and the thread's link. */
const awayMail = (
  user: Record<string, unknown>,
  topic: string,
  messages: readonly (typeof discussionMessage.$inferSelect)[],
  link: string,
): MailMessage => {
  const lng = typeof user.defaultLanguage === 'string' ? user.defaultLanguage : undefined;
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(lng, 'office', `mail.discussion.${key}`, params);
  const name = String(user.visibleName || user.username || '');
  const shown = messages.slice(-quoted);
  const more = messages.length - shown.length;
  const author = (m: (typeof messages)[number]) =>
    `${m.authorName}${m.authorCompany ? ` (${m.authorCompany})` : ''}`;
  const text = [
    t('greeting', { name }),
    '',
    t('intro', { topic, count: messages.length }),
    '',
    ...(more > 0 ? [t('more', { count: more }), ''] : []),
    ...shown.flatMap((m) => [
      `${author(m)}, ${m.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC:`,
      m.text,
      '',
    ]),
    t('open'),
    link,
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(t('greeting', { name }))}</p>`,
    `<p>${escapeHtml(t('intro', { topic, count: messages.length }))}</p>`,
    ...(more > 0 ? [`<p>${escapeHtml(t('more', { count: more }))}</p>`] : []),
    ...shown.map(
      (m) => `<p><b>${escapeHtml(author(m))}</b><br>${escapeHtml(m.text).replace(/\n/g, '<br>')}</p>`,
    ),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('open'))}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to: String(user.email), subject: t('subject', { topic }), text, html };
};

/**
 * Participants who are away get an e-mail: someone who has not read a message of others for `delayMs` (they
 * were not looking at the thread, or not signed in at all) gets one message listing what they missed, with a
 * link that opens the thread. Then no more e-mails about that thread until they have read it again.
 * Runs in any number of server processes at once: each participant row is taken with SKIP LOCKED, so one
 * process sends it. Returns how many e-mails went out. `now` is injected (tests move it).
 */
export const sendAwayMail = async (
  ctx: AppContext,
  opts: { now: Date; delayMs: number; onError?: (error: unknown) => void },
): Promise<number> => {
  const cutoff = new Date(opts.now.getTime() - opts.delayMs);
  if (!ctx.schema.resourceTables.user) return 0;
  const due = dueCondition(cutoff);
  const candidates = await ctx.db
    .select({ discussionId: discussionParticipant.discussionId, userId: discussionParticipant.userId })
    .from(discussionParticipant)
    .innerJoin(discussion, eq(discussion.id, discussionParticipant.discussionId))
    .where(and(gt(discussion.lastMessageAt, discussionParticipant.lastReadAt), notMailed, due))
    .limit(200);
  const service = new DiscussionService(ctx);
  let sent = 0;
  for (const candidate of candidates) {
    const mailed = await mailOne(ctx, service, candidate, { ...opts, cutoff }).catch((error: unknown) => {
      // A mail server that refuses one message must not stop the others; the next run tries again.
      opts.onError?.(error);
      return false;
    });
    if (mailed) sent += 1;
  }
  return sent;
};
