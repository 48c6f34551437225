import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { discussion } from '../discussions/discussionTables';
import { deleteFilesOf } from '../files/deleteFilesOf';

/**
 * Removes what hangs on a record — its files and its discussions — in the record's own delete, so nothing of a
 * deleted record stays behind (its files' bytes leave the store after commit: server/files/fileJanitor.ts).
 */
export const removeAttachedTo = async (
  tx: Tx,
  clientAccountId: string,
  type: string,
  id: string,
): Promise<void> => {
  await deleteFilesOf(tx, clientAccountId, type, id);
  await tx
    .delete(discussion)
    .where(
      and(
        eq(discussion.clientAccountId, clientAccountId),
        eq(discussion.refResourceType, type),
        eq(discussion.refResourceId, id),
      ),
    );
};
