import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * Deletes every file of a record inside the record's own delete (resource hooks, which have no
 * context: hence the table by name). The bytes go with them (file_data cascades).
 */
export const deleteFilesOf = async (tx: Tx, clientAccountId: string, type: string, id: string) => {
  await tx.execute(
    sql`delete from file_info where client_account_id = ${clientAccountId}::uuid and ref_resource_type = ${type} and ref_resource_id = ${id}`,
  );
};
