import { sql } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rawRows';

/**
 * Refuses to hang a location under itself or under one of its descendants (the tree would become a
 * cycle): walks up from the new parent. Tree moves of one account are serialised by an advisory lock,
 * so two moves at the same moment cannot build a cycle between them either.
 */
export const assertNotOwnAncestor = async (
  tx: Tx,
  clientAccountId: string,
  id: string,
  parentId: string,
): Promise<void> => {
  const cycle = () =>
    new AppError('formHasErrors', { fields: [{ field: 'parentId', rule: 'invalidValue' }] });
  if (parentId === id) throw cycle();
  await tx.execute(sql`select pg_advisory_xact_lock(7243101, hashtext(${clientAccountId}))`);
  // UNION (not UNION ALL) ends the walk even on a damaged tree.
  const found = await tx.execute(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from storage_space
        where id = ${parentId}::uuid and client_account_id = ${clientAccountId}::uuid
      union
      select s.id, s.parent_id from storage_space s join up on s.id = up.parent_id
        where s.client_account_id = ${clientAccountId}::uuid
    )
    select 1 as hit from up where id = ${id}::uuid limit 1`);
  if (rowsOf(found).length) throw cycle();
};
