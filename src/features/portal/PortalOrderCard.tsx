import { Card, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../resources/format';
import { StatusBadge } from '../documents/StatusBadge';
import { quantityText } from '../terminal/terminalTexts';
import type { PortalOrder } from './portalApi';

/** One of the contractor's orders: number, status, delivery date and how much has been picked. */
export const PortalOrderCard = ({
  order,
  onOpen,
  children,
}: {
  readonly order: PortalOrder;
  readonly onOpen?: () => void;
  readonly children?: ReactNode;
}): ReactNode => {
  const { t, i18n } = useTranslation('portal');
  const percent =
    order.orderedQuantity > 0 ? Math.min(100, (order.pickedQuantity / order.orderedQuantity) * 100) : 0;
  const body = (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="portal-order"
      data-number={order.orderNumber}
      data-status={order.statusCode}
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {order.orderNumber}
          </Text>
          <StatusBadge kind="order" status={order.statusCode} testId="portal-order-status" />
        </Group>
        <Text size="sm" c="dimmed">
          {t('orders.delivery', { date: formatDate(order.deliveryDate) })}
        </Text>
        <Progress
          value={percent}
          size="lg"
          color={percent >= 100 ? 'teal' : 'blue'}
          aria-label={t('orders.progress')}
        />
        <Text size="sm" data-testid="portal-order-progress" data-picked={order.pickedQuantity}>
          {t('orders.picked', {
            picked: quantityText(order.pickedQuantity, i18n.language),
            ordered: quantityText(order.orderedQuantity, i18n.language),
            done: order.linesDone,
            lines: order.lines.length,
          })}
        </Text>
        {children}
      </Stack>
    </Card>
  );
  return onOpen ? (
    <UnstyledButton onClick={onOpen} w="100%" data-testid={`portal-order-${order.orderNumber}`}>
      {body}
    </UnstyledButton>
  ) : (
    body
  );
};
