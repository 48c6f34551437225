import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clientAccount } from '../db/internalTables';
import { rowsOf } from '../db/rawRows';

/** Whether the session may switch triggers off (session_replication_role needs a superuser). */
export const canSkipTriggers = async (db: Db): Promise<boolean> => {
  const [row] = rowsOf(await db.execute(sql`select rolsuper from pg_roles where rolname = current_user`));
  return row?.rolsuper === true;
};

/**
 * Deletes an account with everything in it. As a superuser: a plain delete from every table with a
 * client_account_id, triggers off (cascading through foreign keys would check every referencing table row by row,
 * some by full scans). Otherwise: stock and ledger first, then the account with its cascades.
 */
export const deleteAccount = async (db: Db, accountId: string): Promise<void> => {
  const fast = await canSkipTriggers(db);
  await db.transaction(async (tx) => {
    if (fast) {
      await tx.execute(sql`set local session_replication_role = replica`);
      const tables = rowsOf(
        await tx.execute(sql`
          select c.table_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = current_schema() and c.column_name = 'client_account_id'
            and t.table_type = 'BASE TABLE'`),
      ).map((r) => String(r.table_name));
      // Cart lines carry no account of their own: they go with their carts.
      await tx.execute(sql`delete from catalyst_cart_line where cart_id in
        (select id from catalyst_cart where client_account_id = ${accountId})`);
      for (const table of tables)
        await tx.execute(sql`delete from ${sql.identifier(table)} where client_account_id = ${accountId}`);
    } else
      for (const table of ['stock_movement', 'stock_reservation', 'stock'])
        await tx.execute(sql`delete from ${sql.identifier(table)} where client_account_id = ${accountId}`);
    await tx.delete(clientAccount).where(eq(clientAccount.id, accountId));
  });
};
