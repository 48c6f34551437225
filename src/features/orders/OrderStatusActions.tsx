import { Button, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assertTransition,
  canRevertOrder,
  isOrderStatus,
  type OrderStatus,
  orderTransitions,
} from '../../../domain/warehouse/statuses';
import { ChoiceDialog } from '../documents/ChoiceDialog';
import { issueText } from '../documents/issueText';
import { useNotifyingAction } from '../documents/useNotifyingAction';
import { type OrderRow, type OrderWithPositions, orderApi } from './orderApi';

export interface OrderStatusActionsProps {
  readonly order: OrderRow;
  readonly onChanged: (order: OrderWithPositions) => void;
}

/**
 * One button per status the order may move to (domain orderTransitions; back to a working copy only while
 * realisation has not begun). Closing manually asks for the reason.
 */
export const OrderStatusActions = ({ order, onChanged }: OrderStatusActionsProps): ReactNode => {
  const { t } = useTranslation();
  const { busy, run } = useNotifyingAction<OrderStatus>();
  const [closing, setClosing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const from: OrderStatus = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  const realisationStarted = order.realisationStarted === true;
  const targets = orderTransitions[from].filter(
    (to) => to !== 'workingCopy' || canRevertOrder(from, realisationStarted),
  );

  const change = async (to: OrderStatus, closedManuallyReason?: string) => {
    const problem = assertTransition(from, to, { reason: closedManuallyReason ?? null, realisationStarted });
    if (problem) {
      if (to === 'closedManually') setReasonError(issueText(t, problem));
      else notifications.show({ color: 'red', message: issueText(t, problem) });
      return;
    }
    await run(to, async () => {
      const saved = await orderApi.changeStatus(order.id, to, closedManuallyReason);
      setClosing(false);
      setReason('');
      onChanged(saved);
      return t('logistics:orders.statusChanged', { status: t(`warehouse:orderStatuses.${to}`) });
    });
  };

  return (
    <>
      {targets.map((to) => (
        <Button
          key={to}
          variant={to === 'closedManually' || to === 'workingCopy' ? 'light' : 'filled'}
          color={to === 'closedManually' ? 'orange' : undefined}
          loading={busy === to}
          disabled={busy !== null}
          onClick={() => (to === 'closedManually' ? setClosing(true) : void change(to))}
          data-testid={`order-status-${to}`}
        >
          {to === 'workingCopy'
            ? t('logistics:orders.revertToWorkingCopy')
            : t('logistics:orders.moveTo', { status: t(`warehouse:orderStatuses.${to}`) })}
        </Button>
      ))}
      <ChoiceDialog
        opened={closing}
        title={t('logistics:orders.closeTitle')}
        message={t('logistics:orders.closeMessage')}
        busy={busy === 'closedManually'}
        onClose={() => setClosing(false)}
        cancelTestId="order-close-cancel"
        choices={[
          {
            label: t('logistics:orders.close'),
            testId: 'order-close-confirm',
            color: 'orange',
            onChoose: () => void change('closedManually', reason),
          },
        ]}
      >
        <Textarea
          label={t('logistics:fields.closedManuallyReason')}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setReasonError(null);
          }}
          required
          autosize
          minRows={2}
          error={reasonError}
          data-testid="order-close-reason"
        />
      </ChoiceDialog>
    </>
  );
};
