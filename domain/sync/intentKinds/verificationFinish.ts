import { numberOf } from '../../rowValues';
import { verificationStatus } from '../../warehouse/statuses';
import { type IntentDefinition, ok, refuse } from '../intentDefinition';
import { orderOpen, statusRefusal } from './orders';

/** A count finished from the floor; with `generateDocuments` its differences become correcting documents. */
export interface VerificationFinishIntent {
  readonly kind: 'verification.finish';
  readonly orderId: string;
  readonly generateDocuments: boolean;
}

export const verificationFinish: IntentDefinition<VerificationFinishIntent> = {
  kind: 'verification.finish',
  route: { method: 'POST', path: '/api/WmsOrder/:id/verify/finish' },
  call: (i) => ({
    method: 'POST',
    path: `/api/WmsOrder/${i.orderId}/verify/finish`,
    body: { generateDocuments: i.generateDocuments },
  }),
  target: (i) => ({ entity: 'wmsOrder', id: i.orderId }),
  groups: true,
  labelKey: 'verificationFinish',
  subject: (i) => ({ orderId: i.orderId }),
  replay: (i, view) => {
    const order = view.order(i.orderId);
    const positions = view.orderPositions(i.orderId);
    if (!order) return;
    const lines = positions.map((p) => ({
      expected: numberOf(p.quantity) ?? 0,
      counted: numberOf(p.quantityReal),
    }));
    view.setOrder({
      ...order,
      verificationStatus: verificationStatus(lines, true),
      realisationStarted: true,
    });
  },
  check: async (i, view) => {
    const order = view.before.orders.get(i.orderId);
    if (!order) return refuse({ code: 'notFoundOrNoPermission' });
    return orderOpen(order) ? ok : refuse(statusRefusal(order, 'doneConfirmed'));
  },
};
