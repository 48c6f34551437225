import { quantityBoundError, roundQuantity } from '../../warehouse/quantity';
import { canTransition, isOrderStatus } from '../../warehouse/statuses';
import { type IntentDefinition, ok, refuse } from '../intentDefinition';
import { orderOpen, statusRefusal } from './orders';

/** The quantity picked, received or counted on an order's position; the order is then in progress. */
export interface QuantityRealIntent {
  readonly kind: 'orderPosition.quantityReal';
  readonly orderPositionId: string;
  readonly orderId: string;
  readonly quantityReal: number;
}

export const quantityReal: IntentDefinition<QuantityRealIntent> = {
  kind: 'orderPosition.quantityReal',
  route: { method: 'PATCH', path: '/api/WmsOrderPosition/:id/QuantityReal' },
  call: (i) => ({
    method: 'PATCH',
    path: `/api/WmsOrderPosition/${i.orderPositionId}/QuantityReal`,
    query: { quantityReal: String(i.quantityReal) },
  }),
  target: (i) => ({ entity: 'wmsOrderPosition', id: i.orderPositionId }),
  groups: true,
  labelKey: 'quantityReal',
  subject: (i) => ({ orderId: i.orderId, orderPositionId: i.orderPositionId, quantity: i.quantityReal }),
  replay: (i, view) => {
    const position = view.orderPosition(i.orderPositionId);
    const order = view.order(i.orderId);
    if (!position || !order) return;
    view.setOrderPosition({ ...position, quantityReal: roundQuantity(i.quantityReal) });
    const status = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
    if (status !== 'inProgress' && canTransition(status, 'inProgress'))
      view.setOrder({ ...order, statusCode: 'inProgress', realisationStarted: true });
  },
  check: async (i, view) => {
    const value = i.quantityReal;
    if (typeof value !== 'number' || !Number.isFinite(value))
      return refuse({ code: 'formHasErrors', fields: [{ field: 'quantityReal', rule: 'invalidValue' }] });
    const tooLarge = quantityBoundError('quantityReal', value);
    if (tooLarge) return refuse({ code: 'formHasErrors', fields: [tooLarge] });
    if (value < 0)
      return refuse({
        code: 'formHasErrors',
        fields: [{ field: 'quantityReal', rule: 'minValue', params: { min: 0 } }],
      });
    const position = view.before.orderPositions.get(i.orderPositionId);
    const order = view.before.orders.get(i.orderId);
    if (!position || !order) return refuse({ code: 'notFoundOrNoPermission' });
    return orderOpen(order) ? ok : refuse(statusRefusal(order, 'inProgress'));
  },
};
