import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import {
  formatDocumentNumber,
  type NumberingSchemeLike,
  periodKey,
} from '../../domain/numbering/documentNumber';
import { logisticsConfigSchema, numberingSchemeFor } from '../../domain/warehouse/logisticsConfig';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { clientAccount } from '../db/internalTables';

/** Prefix of shipment numbers: never a document or order prefix, so their counters never mix. */
export const shipmentNumberPrefix = 'SHP';

/**
 * The numbering of shipment tickets: `SHP/<year>[/<month>]/<counter>`, laid out (digits, year, month, reset) like
 * the account's numbering of order-based releases, the documents a shipment usually carries — an account that
 * numbers releases monthly gets monthly shipment numbers too.
 */
export const shipmentNumbering = (storedConfig: unknown): NumberingSchemeLike => {
  const parsed = logisticsConfigSchema.safeParse(storedConfig ?? {});
  const config = parsed.success ? parsed.data : logisticsConfigSchema.parse({});
  return { ...numberingSchemeFor(config, 'OOU'), prefix: shipmentNumberPrefix };
};

/**
 * The next shipment number of the account for a day ('YYYY-MM-DD'). The counter row (document_counter under the
 * SHP prefix, per reset period) is taken by an upsert, whose row lock makes concurrent saves get consecutive
 * numbers.
 */
export const nextShipmentNumber = async (
  ctx: AppContext,
  tx: Tx,
  accountId: string,
  day: string,
): Promise<string> => {
  const [account] = await tx
    .select({ config: clientAccount.logisticsConfig })
    .from(clientAccount)
    .where(eq(clientAccount.id, accountId));
  const scheme = shipmentNumbering(account?.config);
  const counter = ctx.schema.warehouseTables.documentCounter;
  const [row] = await tx
    .insert(counter)
    .values({
      clientAccountId: accountId,
      typeCode: scheme.prefix,
      period: periodKey(scheme, day),
      lastValue: 1,
    })
    .onConflictDoUpdate({
      target: [counter.clientAccountId, counter.typeCode, counter.period],
      set: { lastValue: sql`${counter.lastValue} + 1` },
    })
    .returning({ value: counter.lastValue });
  const made = formatDocumentNumber(scheme, row?.value ?? 0, day);
  if (!made.ok) throw new AppError('saveFailed', { detail: `shipment numbering: ${made.error}` });
  return made.number;
};
