import { sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rawRows';
import type { Row } from '../resources/rows';

/**
 * A user linked to a carrier (docs/decisions.md, "Shipping"): the company must be a carrier of the account, and
 * a user is either a contractor's or a carrier's, never both.
 */
export const assertCarrierLink = async (tx: Tx, accountId: string, values: Row): Promise<void> => {
  const carrierId = typeof values.carrierId === 'string' ? values.carrierId : null;
  if (!carrierId) return;
  if (typeof values.contractorId === 'string' && values.contractorId !== '')
    throw new AppError('formHasErrors', { fields: [{ field: 'carrierId', rule: 'invalidValue' }] });
  const found = await tx.execute(
    sql`select 1 from company where client_account_id = ${accountId}::uuid and id = ${carrierId}::uuid
      and roles @> '["carrier"]'::jsonb`,
  );
  if (!rowsOf(found).length)
    throw new AppError('formHasErrors', { fields: [{ field: 'carrierId', rule: 'invalidValue' }] });
};
