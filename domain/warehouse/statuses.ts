import { issue, type WarehouseIssue } from './issues';

/**
 * Document and order state machines. The specification names the states but not the transitions;
 * the tables below are ours and documented in docs/warehouse-rules.md.
 */

// --- Warehouse document ---

export const documentStatuses = ['workingCopy', 'confirmed', 'reverted'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** A working copy is confirmed (stock moves); a confirmed one is reverted (stock moves back); reverted is final. */
export const documentTransitions: Readonly<Record<DocumentStatus, readonly DocumentStatus[]>> = {
  workingCopy: ['confirmed'],
  confirmed: ['reverted'],
  reverted: [],
};

export const isDocumentStatus = (value: unknown): value is DocumentStatus =>
  typeof value === 'string' && (documentStatuses as readonly string[]).includes(value);

export const canTransitionDocument = (from: DocumentStatus, to: DocumentStatus): boolean =>
  documentTransitions[from].includes(to);

/** Only a working copy's header and positions may change. */
export const canEditDocument = (status: DocumentStatus): boolean => status === 'workingCopy';

/** Only a working copy may be deleted; confirmed stock history is reverted, never removed. */
export const canDeleteDocument = (status: DocumentStatus): boolean => status === 'workingCopy';

export const assertDocumentTransition = (from: DocumentStatus, to: DocumentStatus): WarehouseIssue | null =>
  canTransitionDocument(from, to)
    ? null
    : issue('statusForbidsChange', { field: 'statusCode', params: { from, to } });

// --- Warehouse order ---

export const orderStatuses = [
  'workingCopy',
  'pending',
  'waitingToProcess',
  'inProgress',
  'doneUnconfirmed',
  'doneConfirmed',
  'closedFully',
  'closedManually',
  'archived',
  'unknown',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * Allowed order transitions. Back to workingCopy is the order's "revert" and is further limited by
 * canRevertOrder (realisation must not have begun). closedManually always needs a reason.
 */
export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  workingCopy: ['pending', 'waitingToProcess'],
  pending: ['workingCopy', 'waitingToProcess', 'closedManually'],
  waitingToProcess: ['workingCopy', 'inProgress', 'closedManually'],
  inProgress: ['doneUnconfirmed', 'doneConfirmed', 'closedManually'],
  // A reverted document or a raised quantity sends a done order back to work.
  doneUnconfirmed: ['inProgress', 'doneConfirmed', 'closedManually'],
  doneConfirmed: ['inProgress', 'closedFully', 'closedManually'],
  closedFully: ['archived'],
  closedManually: ['archived'],
  archived: [],
  // Orders from an older build with a status we cannot read can only be closed or archived.
  unknown: ['closedManually', 'archived'],
};

/** Statuses in which a production order accepts production-from-order documents. */
export const productionOrderStatuses: readonly OrderStatus[] = ['waitingToProcess', 'inProgress'];

/** Statuses in which an order's positions and header may still be edited. */
export const editableOrderStatuses: readonly OrderStatus[] = ['workingCopy', 'pending'];

export const isOrderStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);

export const canTransition = (from: OrderStatus, to: OrderStatus): boolean =>
  orderTransitions[from].includes(to);

/**
 * Refuses a transition with the spec's "status no longer allows change" (statusForbidsChange),
 * or closeReasonRequired when closing manually without a reason. null = allowed.
 */
export const assertTransition = (
  from: OrderStatus,
  to: OrderStatus,
  options: { reason?: string | null; realisationStarted?: boolean } = {},
): WarehouseIssue | null => {
  if (!canTransition(from, to))
    return issue('statusForbidsChange', { field: 'statusCode', params: { from, to } });
  if (to === 'workingCopy' && !canRevertOrder(from, options.realisationStarted ?? false)) {
    return issue('statusForbidsChange', { field: 'statusCode', params: { from, to } });
  }
  if (to === 'closedManually' && !options.reason?.trim()) {
    return issue('closeReasonRequired', { field: 'closedManuallyReason' });
  }
  return null;
};

/** An order goes back to a working copy only while no document of it has been confirmed or started. */
export const canRevertOrder = (status: OrderStatus, realisationStarted: boolean): boolean =>
  !realisationStarted && (status === 'pending' || status === 'waitingToProcess');

/** Only orders still in preparation may be deleted; later ones are closed manually instead. */
export const canDeleteOrder = (status: OrderStatus): boolean =>
  status === 'workingCopy' || status === 'pending';

export type { VerificationDifference, VerificationLine, VerificationStatus } from './verification';
export {
  needsApproval,
  verificationDifferences,
  verificationStatus,
  verificationStatuses,
} from './verification';
