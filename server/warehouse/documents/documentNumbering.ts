import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import {
  type DocumentNumberingScheme,
  formatDocumentNumber,
  isProvisionalNumber,
  parseDocumentNumber,
  periodKey,
} from '../../../domain/numbering/documentNumber';
import type { DocumentTypeCode } from '../../../domain/warehouse/documentTypes';
import { todayOf } from '../../../domain/warehouse/isoDate';
import { documentNumberingFor, type LogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rawRows';
import { col, tableOf } from '../../db/resourceColumns';
import { fromDatabaseError } from '../../http/dbErrors';

/** Numbers skipped because a client took them first before we give up (a broken counter, not a busy one). */
const maxSkips = 1000;

export const collision = () =>
  new AppError('numberCollision', { fields: [{ field: 'documentNumber', rule: 'uniqueConflict' }] });

/** A number a terminal made offline: replaced by a final one when the server first saves the document. */
export const isWorkingCopyNumber = (scheme: DocumentNumberingScheme, number: string): boolean =>
  isProvisionalNumber(number) || number.startsWith(scheme.workingCopyPrefix);

/** Whether the account already has a document with this number (optionally other than `exceptId`). */
export const numberTaken = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  number: string,
  exceptId?: string,
): Promise<boolean> => {
  const t = tableOf(ctx, 'wmsDocument');
  const rows = await tx
    .select({ id: col(t, 'id') })
    .from(t)
    .where(and(eq(col(t, 'clientAccountId'), accountId), eq(col(t, 'documentNumber'), number)))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
};

/** The proposed number when it is a working-copy (provisional) one of the type's scheme, else null. */
export const provisionalOf = (
  config: LogisticsConfig,
  typeCode: DocumentTypeCode,
  proposed: string | null,
): string | null => {
  const given = proposed?.trim() ?? '';
  return given && isWorkingCopyNumber(documentNumberingFor(config, typeCode), given) ? given : null;
};

/**
 * Whether another document of the account (not `exceptId`) already carries this provisional number as its
 * offlineNumber: a terminal proposing it again gets 406 numberCollision and renumbers.
 */
export const offlineNumberTaken = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  number: string,
  exceptId?: string,
): Promise<boolean> => {
  const t = tableOf(ctx, 'wmsDocument');
  const rows = await tx
    .select({ id: col(t, 'id') })
    .from(t)
    .where(and(eq(col(t, 'clientAccountId'), accountId), eq(col(t, 'offlineNumber'), number)))
    .limit(2);
  return rows.some((r) => r.id !== exceptId);
};

/**
 * Next counter value of (account, type, period). The row lock taken by the upsert serialises concurrent
 * numbering of one type until the transaction ends, so no two documents get the same value.
 */
const nextCounter = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  typeCode: string,
  period: string,
): Promise<number> => {
  const { documentCounter: c } = ctx.schema.warehouseTables;
  const [row] = await tx
    .insert(c)
    .values({ clientAccountId: accountId, typeCode, period, lastValue: 1 })
    .onConflictDoUpdate({
      target: [c.clientAccountId, c.typeCode, c.period],
      set: { lastValue: sql`${c.lastValue} + 1` },
    })
    .returning({ lastValue: c.lastValue });
  if (!row) throw new AppError('saveFailed');
  return row.lastValue;
};

/** Moves a counter past a final number a client chose itself, so the server never hands it out again. */
const raiseCounter = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  typeCode: string,
  period: string,
  value: number,
): Promise<void> => {
  const { documentCounter: c } = ctx.schema.warehouseTables;
  await tx
    .insert(c)
    .values({ clientAccountId: accountId, typeCode, period, lastValue: value })
    .onConflictDoUpdate({
      target: [c.clientAccountId, c.typeCode, c.period],
      set: { lastValue: sql`greatest(${c.lastValue}, excluded.last_value)` },
    });
};

/**
 * The final number of a new document: a client's own final number when free (else 406 numberCollision),
 * otherwise the next one of the type's scheme from the account's logistics config. Working-copy numbers from
 * terminals are replaced. Dates are the server's calendar date (UTC).
 */
export const assignDocumentNumber = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  config: LogisticsConfig,
  typeCode: DocumentTypeCode,
  proposed: string | null,
): Promise<string> => {
  const scheme = documentNumberingFor(config, typeCode);
  const given = proposed?.trim() ?? '';
  if (given && !isWorkingCopyNumber(scheme, given)) {
    if (await numberTaken(ctx, tx, accountId, given)) throw collision();
    const parsed = parseDocumentNumber(scheme, given);
    if (parsed) {
      const period = periodKey(scheme, { year: parsed.year, month: parsed.month ?? 1 });
      await raiseCounter(ctx, tx, accountId, typeCode, period, parsed.counter);
    }
    return given;
  }
  const date = todayOf(Date.now());
  const period = periodKey(scheme, date);
  for (let i = 0; i < maxSkips; i++) {
    const counter = await nextCounter(ctx, tx, accountId, typeCode, period);
    const made = formatDocumentNumber(scheme, counter, date);
    // The scheme is validated with the config; running out of counter digits needs a wider scheme.
    if (!made.ok) throw new AppError('saveFailed', { detail: `document numbering: ${made.error}` });
    if (!(await numberTaken(ctx, tx, accountId, made.number))) return made.number;
  }
  throw collision();
};

/** Marks a pending number: no scheme makes it (it is not printable text a person types). */
const pendingMark = '\u2063pending:';

/**
 * The number a new document is written with until its unit of work is about to commit (settleDocumentNumber):
 * unique, so it never collides, and never seen outside the transaction.
 */
export const pendingDocumentNumber = (): string => `${pendingMark}${randomUUID()}`;

export const isPendingDocumentNumber = (number: string | null | undefined): boolean =>
  number?.startsWith(pendingMark) === true;

/** Whether a new document's number comes from the counter (none given, or a terminal's working-copy one). */
export const takesCounterNumber = (
  config: LogisticsConfig,
  typeCode: DocumentTypeCode,
  proposed: string | null,
): boolean => {
  const given = proposed?.trim() ?? '';
  return !given || isWorkingCopyNumber(documentNumberingFor(config, typeCode), given);
};

/** A document written with a pending number, to be given its final one just before its unit of work commits. */
export interface PendingNumber {
  readonly accountId: string;
  readonly typeCode: DocumentTypeCode;
  readonly config: LogisticsConfig;
  readonly documentId: string;
  readonly pending: string;
}

/** The counter's lock order: units of work that number several types take them in one order (no deadlock). */
export const counterKeyOf = (p: PendingNumber): string => `${p.accountId} ${p.typeCode}`;

/**
 * The next counter value, only while the document is still there (a document deleted in its own unit of work
 * takes no number, so it leaves no gap); undefined when it is gone.
 */
const nextCounterFor = async (tx: Tx, p: PendingNumber, period: string): Promise<number | undefined> => {
  const result = await tx.execute(sql`insert into document_counter
      (client_account_id, type_code, period, last_value)
    select ${p.accountId}::uuid, ${p.typeCode}, ${period}, 1
    where exists (select 1 from wms_document where client_account_id = ${p.accountId}::uuid and id = ${p.documentId}::uuid)
    on conflict (client_account_id, type_code, period) do update set last_value = document_counter.last_value + 1
    returning last_value`);
  const row = rowsOf(result)[0];
  return row ? Number(row.last_value) : undefined;
};

/**
 * Gives a document written with a pending number its final one: the scheme's next (skipping numbers clients took
 * themselves), set on the document, on documents of the same unit that name it as preceding, and in the record
 * log rows this transaction wrote about it. It takes the counter's row lock, which is held until commit — so it
 * runs as the last step of the unit of work. Returns the final number (undefined for a document deleted meanwhile).
 */
export const settleDocumentNumber = async (
  ctx: AppContext,
  tx: Tx,
  p: PendingNumber,
): Promise<string | undefined> => {
  const scheme = documentNumberingFor(p.config, p.typeCode);
  const date = todayOf(Date.now());
  const period = periodKey(scheme, date);
  for (let i = 0; i < maxSkips; i++) {
    const counter = await nextCounterFor(tx, p, period);
    if (counter === undefined) return undefined;
    const made = formatDocumentNumber(scheme, counter, date);
    // The scheme is validated with the config; running out of counter digits needs a wider scheme.
    if (!made.ok) throw new AppError('saveFailed', { detail: `document numbering: ${made.error}` });
    if (await numberTaken(ctx, tx, p.accountId, made.number)) continue;
    try {
      // The record log rows of this transaction: created_at is the transaction's start (record_log_account_idx).
      await tx.execute(sql`with numbered as (update wms_document set document_number = ${made.number}
          where client_account_id = ${p.accountId}::uuid and id = ${p.documentId}::uuid),
        following as (update wms_document set preceding_document_number = ${made.number}
          where preceding_document_id = ${p.documentId}::uuid and preceding_document_number = ${p.pending})
        update record_log set
          resource_title = replace(resource_title, ${p.pending}, ${made.number}),
          old_object = replace(old_object::text, ${p.pending}, ${made.number})::jsonb,
          new_object = replace(new_object::text, ${p.pending}, ${made.number})::jsonb
        where client_account_id = ${p.accountId}::uuid and created_at = now() and resource_id = ${p.documentId}`);
    } catch (err) {
      // A client's own final number saved meanwhile by a concurrent unit: the same 406 as one taken before.
      if (fromDatabaseError(err)?.code === 'uniqueConflict') throw collision();
      throw err;
    }
    return made.number;
  }
  throw collision();
};
