import { type Claims, hasAccess } from '../../domain/auth/claims';
import { AppError } from '../../domain/errors';
import type { OrderStatus } from '../../domain/warehouse/statuses';

/** Who reads the feed: warehouse staff see the whole account, a contractor only what is theirs. */
export interface FeedScope {
  readonly clientAccountId: string;
  readonly userId: string;
  /** Set for contractor users: only records of this contractor (and tombstones of records that were). */
  readonly contractorId: string | null;
}

/**
 * Order statuses of the floor's work: these orders, their positions and their documents replicate. Kept in step
 * with the `sync_scope_trg` trigger of wms_order (migration 0002), which re-logs dependents when an order
 * enters or leaves this set.
 */
export const floorOrderStatuses: readonly OrderStatus[] = [
  'waitingToProcess',
  'inProgress',
  'doneUnconfirmed',
];

/** Entities a contractor receives: those with a contractor field (docs/sync-contract.md §1 "Scope"). */
export const contractorEntities = ['product', 'stock', 'wmsOrder', 'wmsDocument'] as const;

/** The feed scope of a signed-in user: staff with logistics or terminal access, or a portal contractor. */
export const feedScopeOf = (claims: Claims): FeedScope => {
  if (claims.ctr !== null) {
    if (!hasAccess(claims, 'portal')) throw new AppError('forbidden');
    return { clientAccountId: claims.acc, userId: claims.sub, contractorId: claims.ctr };
  }
  if (!hasAccess(claims, 'logistics') && !hasAccess(claims, 'terminal')) throw new AppError('forbidden');
  return { clientAccountId: claims.acc, userId: claims.sub, contractorId: null };
};
