import { AppError } from '../../domain/errors';
import type { AppContext, DataChange } from '../context';
import type { Tx } from '../db/client';
import { fromDatabaseError } from '../http/dbErrors';
import { writeSystemLog } from '../http/systemLog';
import type { MailMessage } from '../mail/mailer';

/** An e-mail to send once the work is committed. */
export interface OutgoingMail extends MailMessage {
  readonly clientAccountId: string;
}

/**
 * One unit of work of the shipping, calendar and sell-offer handlers, passed to them explicitly: the
 * transaction, the changes to announce and the e-mails to send — both only after the commit, so a rolled-back
 * action tells nobody anything.
 */
export interface Work {
  readonly tx: Tx;
  readonly now: Date;
  readonly changes: DataChange[];
  readonly mails: OutgoingMail[];
}

/**
 * Runs `fn` in a transaction; after the commit announces its changes (live connection, other processes) and
 * sends its e-mails. A mail that cannot be sent is written to the system log and does not undo the action.
 */
export const runWork = async <T>(ctx: AppContext, now: Date, fn: (work: Work) => Promise<T>): Promise<T> => {
  let changes: DataChange[] = [];
  let mails: OutgoingMail[] = [];
  let result: T;
  try {
    result = await ctx.db.transaction(async (tx) => {
      const work: Work = { tx, now, changes: [], mails: [] };
      const out = await fn(work);
      changes = work.changes;
      mails = work.mails;
      return out;
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fromDatabaseError(err) ?? err;
  }
  for (const change of changes) ctx.changes.next(change);
  await Promise.all(
    mails.map(async ({ clientAccountId, ...message }) => {
      try {
        await ctx.mailer.send(clientAccountId, message);
      } catch (error) {
        await writeSystemLog(ctx, undefined, {
          level: 'error',
          message: `mail "${message.subject}" to ${message.to} not sent`,
          exception: error instanceof Error ? (error.stack ?? error.message) : String(error),
          source: 'shipping notices',
        });
      }
    }),
  );
  return result;
};
