import { Badge, Button, Card, Group, Progress, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { newId } from '../../../sync/ids';
import { useReplicaQuery } from '../../db/useReplicaQuery';
import { useAuthStore } from '../../state/authStore';
import { openDocuments } from './data/documentViews';
import { directTypeOf, type FlowKind } from './data/flowKinds';
import { type OrderSummary, openOrders, rejectedRecords } from './data/orderViews';
import { FeedbackBanner } from './FeedbackBanner';
import { ScanBar } from './ScanBar';
import { signal } from './signal';
import { TerminalLayout } from './TerminalLayout';
import { type Feedback, matchOrder } from './terminalFlow';
import { documentPath, orderPath, terminalPath } from './terminalPaths';
import { quantityText } from './terminalTexts';

const priorityColor: Readonly<Record<string, string>> = { high: 'red', normal: 'gray', low: 'blue' };

const OrderCard = ({
  order,
  mine,
  rejected,
  onOpen,
}: {
  readonly order: OrderSummary;
  readonly mine: boolean;
  readonly rejected: boolean;
  readonly onOpen: () => void;
}): ReactNode => {
  const { t, i18n } = useTranslation('terminal');
  const count = order.typeCode.startsWith('VER');
  return (
    <UnstyledButton onClick={onOpen} data-testid={`terminal-order-${order.orderNumber}`} w="100%">
      <Card withBorder radius="md" padding="md">
        <Stack gap={6}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={800} fz="lg" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {order.orderNumber}
            </Text>
            <Group gap={4} wrap="wrap">
              {rejected ? (
                <Badge color="red" variant="filled">
                  {t('states.rejected')}
                </Badge>
              ) : null}
              {mine ? (
                <Badge color="teal" variant="light">
                  {t('orders.mine')}
                </Badge>
              ) : null}
              {order.priority && order.priority !== 'normal' ? (
                <Badge color={priorityColor[order.priority] ?? 'gray'} variant="light">
                  {t(`orders.priority.${order.priority}`)}
                </Badge>
              ) : null}
            </Group>
          </Group>
          {order.comment ? (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {order.comment}
            </Text>
          ) : null}
          <Progress
            value={order.percent}
            size="lg"
            color={order.linesDone === order.lines ? 'teal' : 'blue'}
          />
          <Text size="sm" data-testid="terminal-order-progress">
            {count
              ? t('orders.counted', { done: order.linesDone, lines: order.lines })
              : t('orders.progress', {
                  done: order.linesDone,
                  lines: order.lines,
                  realised: quantityText(order.quantityRealised, i18n.language),
                  ordered: quantityText(order.quantityOrdered, i18n.language),
                  percent: order.percent,
                })}
          </Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
};

/**
 * /terminal/:kind: choose or scan an order of the flow (open orders from the replica with their progress,
 * mine first), resume a document in progress, or start a direct receipt / release (created with its first line).
 */
export const TerminalOrdersPage = ({ kind }: { readonly kind: FlowKind }): ReactNode => {
  const { t } = useTranslation('terminal');
  const navigate = useNavigate();
  const location = useLocation();
  const userId = useAuthStore((s) => s.claims?.sub ?? null);
  const [feedback, setFeedback] = useState<Feedback | null>(
    (location.state as { notice?: Feedback } | null)?.notice ?? null,
  );
  const orders = useReplicaQuery((tx) => openOrders(tx, kind, userId), [kind, userId]);
  const documents = useReplicaQuery((tx) => openDocuments(tx, kind), [kind]);
  const rejected = useReplicaQuery((tx) => rejectedRecords(tx), []);
  const direct = directTypeOf[kind];

  const onScan = (code: string) => {
    const order = matchOrder(orders ?? [], code);
    const document = (documents ?? []).find((d) => d.number.toUpperCase() === code.trim().toUpperCase());
    if (order) {
      signal('success');
      navigate(orderPath(kind, order.id));
    } else if (document) {
      signal('success');
      navigate(documentPath(kind, document.id));
    } else {
      signal('error');
      setFeedback({ tone: 'error', key: 'terminal:feedback.unknownOrder', params: { code: code.trim() } });
    }
  };

  return (
    <TerminalLayout title={t(`kinds.${kind}`)} back={terminalPath}>
      <Text fz={22} fw={800} data-testid="terminal-step">
        {direct ? t('steps.orderOrDirect') : t('steps.order')}
      </Text>
      <FeedbackBanner feedback={feedback} />
      <ScanBar onScan={onScan} label={t('steps.order')} />
      {direct ? (
        <Button
          size="xl"
          mih={64}
          variant="light"
          onClick={() => navigate(documentPath(kind, newId()), { state: { newDocument: true } })}
          data-testid="terminal-start-direct"
        >
          {t(`direct.${kind}`)}
        </Button>
      ) : null}
      {documents && documents.length > 0 ? (
        <Stack gap="xs">
          <Title order={4}>{t('documents.inProgress')}</Title>
          {documents.map((d) => (
            <UnstyledButton
              key={d.id}
              onClick={() => navigate(documentPath(kind, d.id))}
              data-testid={`terminal-document-${d.number}`}
            >
              <Card withBorder radius="md" padding="md">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {d.number}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    {rejected?.has(d.id) ? (
                      <Badge color="red" variant="filled">
                        {t('states.rejected')}
                      </Badge>
                    ) : null}
                    <Badge variant="light">{t('documents.lines', { count: d.lines })}</Badge>
                  </Group>
                </Group>
              </Card>
            </UnstyledButton>
          ))}
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={4}>{t('orders.title')}</Title>
        {orders && orders.length === 0 ? (
          <Text c="dimmed" data-testid="terminal-orders-empty">
            {t('orders.empty')}
          </Text>
        ) : null}
        {(orders ?? []).map((o) => (
          <OrderCard
            key={o.id}
            order={o}
            mine={userId !== null && o.assignedUserId === userId}
            rejected={rejected?.has(o.id) ?? false}
            onOpen={() => navigate(orderPath(kind, o.id))}
          />
        ))}
      </Stack>
    </TerminalLayout>
  );
};
