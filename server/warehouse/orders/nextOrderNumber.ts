import { sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { formatDocumentNumber, periodKey } from '../../../domain/numbering/documentNumber';
import type { LogisticsConfig } from '../../../domain/warehouse/logisticsConfig';
import type { OrderTypeCode } from '../../../domain/warehouse/orderTypes';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { orderNumberingFor } from './orderNumbering';

/**
 * The next final number of an order type. Counters share the documents' `document_counter` table under the
 * order prefix (`ORD-OIN`, …), which no document type uses, so order and document counters never mix.
 * The upsert takes the counter row's lock: concurrent saves get consecutive numbers.
 */
export const nextOrderNumber = async (
  ctx: AppContext,
  tx: Tx,
  clientAccountId: string,
  config: Pick<LogisticsConfig, 'numbering'>,
  code: OrderTypeCode,
  date: string,
): Promise<string> => {
  const scheme = orderNumberingFor(config, code);
  const period = periodKey(scheme, date);
  const counter = ctx.schema.warehouseTables.documentCounter;
  const [row] = await tx
    .insert(counter)
    .values({ clientAccountId, typeCode: scheme.prefix, period, lastValue: 1 })
    .onConflictDoUpdate({
      target: [counter.clientAccountId, counter.typeCode, counter.period],
      set: { lastValue: sql`${counter.lastValue} + 1` },
    })
    .returning({ value: counter.lastValue });
  const result = formatDocumentNumber(scheme, row?.value ?? 0, date);
  // Only a counter past its digits can fail here (the scheme comes from the validated config).
  if (!result.ok) throw new AppError('numberCollision', { detail: result.error });
  return result.number;
};
