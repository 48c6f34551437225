import { sql } from 'drizzle-orm';
import {
  billingMonthEnd,
  billingMonthOf,
  billingMonthStart,
  type DocumentTerms,
  documentAllowed,
} from '../../../domain/account/usage';
import { AppError } from '../../../domain/errors';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rawRows';

/**
 * The company's documents this month, the new one included: its month row incremented, or made when it is the
 * month's first counted document — then it starts from the documents the company already created that month
 * (the limit set mid-month), without those of this transaction (`created_at = now()`: each is counted by its
 * own step, and this one by the 1).
 */
const countedDocuments = async (tx: Tx, accountId: string, month: string): Promise<number> => {
  const raised = rowsOf(
    await tx.execute(sql`update account_document_month set documents = documents + 1
      where client_account_id = ${accountId}::uuid and month = ${month} returning documents`),
  )[0];
  if (raised) return Number(raised.documents);
  const made = rowsOf(
    await tx.execute(sql`insert into account_document_month (client_account_id, month, documents)
      select ${accountId}::uuid, ${month}, 1 + count(*)::int from wms_document
        where client_account_id = ${accountId}::uuid and created_at >= ${billingMonthStart(month).toISOString()}
          and created_at < ${billingMonthEnd(month).toISOString()} and created_at <> now()
      on conflict (client_account_id, month) do update set documents = account_document_month.documents + 1
      returning documents`),
  )[0];
  if (!made) throw new AppError('saveFailed');
  return Number(made.documents);
};

/**
 * Counts a new document against its company's monthly limit (docs/decisions.md, "The monthly document limit"):
 * past the limit it is allowed while the budget pays for it at the extra price, beyond that creating it is
 * refused with documentLimitReached (402) and its unit of work rolls back. A company with no limit is neither
 * counted nor refused. The month's row lock is held until the commit, so it is taken as the last step of the
 * unit of work (before the document number, in one order for every unit): of two creations racing for the last
 * allowed document, the second waits for the first and then sees its count.
 */
export const countNewDocument = async (
  tx: Tx,
  accountId: string,
  terms: DocumentTerms,
  now: number,
): Promise<void> => {
  if (terms.limit === null) return;
  const documents = await countedDocuments(tx, accountId, billingMonthOf(now));
  if (!documentAllowed(documents, terms)) throw new AppError('documentLimitReached');
};
