import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { rowsOf } from '../db/rawRows';
import { encodeCursor } from '../sync/cursor';

/**
 * A feed position (a cursor, docs/sync-contract.md "Live connection") every transaction committed so far lies
 * below: the next transaction id of a snapshot taken now. A terminal whose cursor is at or past it holds every
 * change announced before it was read, and need not pull for them.
 */
export const readFeedPosition = async (ctx: AppContext): Promise<string> => {
  const [row] = rowsOf(await ctx.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as at`));
  return encodeCursor({ xid: BigInt(String(row?.at ?? '0')), seq: 0n });
};
