import { issue } from '../../warehouse/issues';
import type { Refusal } from '../../warehouse/refusal';
import { canTransition, isOrderStatus } from '../../warehouse/statuses';
import type { ViewRow } from '../replicaView';

/** What the order intents (counted quantities, finishing a count, generating documents) share. */

/** A count is finished once (its verification status says so). */
export const isFinishedCount = (order: ViewRow): boolean =>
  typeof order.verificationStatus === 'string' && order.verificationStatus.startsWith('finished');

/** The floor may still work on the order: it is (or may move back to) in progress and no count is finished. */
export const orderOpen = (order: ViewRow): boolean => {
  const status = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  return !isFinishedCount(order) && (status === 'inProgress' || canTransition(status, 'inProgress'));
};

/** The server's refusal of a change its status does not allow. */
export const statusRefusal = (order: ViewRow, to: string): Refusal => ({
  code: 'statusForbidsChange',
  issues: [
    issue('statusForbidsChange', { field: 'statusCode', params: { from: String(order.statusCode), to } }),
  ],
});
