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
import { col, tableOf } from '../../db/resourceColumns';

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
