import { Alert, Button, Menu, Paper, Progress, Stack, Table, Title } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import { canDeleteOrder, editableOrderStatuses, isOrderStatus } from '../../../domain/warehouse/statuses';
import { EmptyRow } from '../../resources/EmptyRow';
import { formatDateTime } from '../../resources/format';
import { ChoiceDialog } from '../documents/ChoiceDialog';
import { ColumnsHead } from '../documents/ColumnsHead';
import { LinkedDocuments } from '../documents/LinkedDocuments';
import { pendingView } from '../documents/LoadGuard';
import { RecordHeader } from '../documents/RecordHeader';
import { StatusBadge } from '../documents/StatusBadge';
import { orderTypeLabel } from '../documents/typeLabels';
import { useNotifyingAction } from '../documents/useNotifyingAction';
import { useRowsById } from '../documents/useRowsById';
import { ValueGrid } from '../documents/ValueGrid';
import { formatQuantity, stringOf } from '../documents/values';
import { RecordOffice } from '../office/RecordOffice';
import { orderPrintTypes, PrintButton } from '../print/PrintAction';
import { OrderOrigin } from './OrderOrigin';
import { OrderStatusActions } from './OrderStatusActions';
import { orderApi } from './orderApi';
import { editorOrderTypes } from './orderForm';
import { useOrderScreen } from './useOrderScreen';

/** Statuses in which documents may still be generated for what the order lacks. */
const generatable = ['waitingToProcess', 'inProgress', 'doneUnconfirmed'];
const progressColumns = [
  'lineNo',
  'productId',
  'productName',
  'ordered',
  'realised',
  'confirmed',
  'remaining',
  'progress',
] as const;

type Action = 'generate' | 'delete' | `clone-${string}`;

/** /orders/:id: the order, its status actions, line progress, generated documents, clone and generation. */
export const OrderPreviewPage = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const screen = useOrderScreen(id, orderApi.movePositionsProgress);
  const { order, documents, error } = screen;
  const [asking, setAsking] = useState<'generate' | 'delete' | null>(null);
  const { busy, run } = useNotifyingAction<Action>();

  const lines = useMemo(() => screen.lines ?? [], [screen.lines]);
  const products = useRowsById(
    'product',
    useMemo(() => lines.map((l) => l.productId), [lines]),
  );
  const refs = useRowsById(
    'storageSpace',
    useMemo(() => [order?.sourceLocationId ?? null, order?.destinationLocationId ?? null], [order]),
  );
  const companies = useRowsById(
    'company',
    useMemo(() => [order?.contractorId ?? null], [order]),
  );

  const pending = pendingView(order !== null, error, 'order-error');
  if (pending || !order) return pending;
  const type = orderTypeOf(order.typeCode);
  if (type?.group === 'verify') return <Navigate to={`/verification-orders/${order.id}`} replace />;

  const status = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';

  const act = async (action: Action) => {
    // Where to go once the notice shows (delete and clone leave the order).
    const after: { path?: string } = {};
    await run(action, async () => {
      if (action === 'generate') {
        const saved = await orderApi.generateDocuments(order.id);
        screen.reload();
        return t('logistics:orders.documentsGenerated', { count: saved.documents?.length ?? 0 });
      }
      if (action === 'delete') {
        await orderApi.remove(order.id);
        after.path = '/operational-orders';
        return t('logistics:orders.deleted');
      }
      const copy = await orderApi.cloneToType(order.id, action.slice('clone-'.length));
      after.path = `/orders/${copy.id}/edit`;
      return t('logistics:orders.cloned', { number: stringOf(copy.orderNumber) });
    });
    setAsking(null);
    if (after.path) navigate(after.path, { replace: action === 'delete' });
  };

  const location = (value: string | null) => (value ? stringOf(refs.get(value)?.label) || value : '');
  const cloneTargets = editorOrderTypes.filter((c) => c !== order.typeCode);

  return (
    <Stack gap="md" data-testid="order-preview" data-id={order.id} data-status={order.statusCode}>
      <RecordHeader
        caption={type ? t(`warehouse:orderTypes.${type.code}`) : order.typeCode}
        title={stringOf(order.orderNumber)}
        titleTestId="order-number"
        badges={<StatusBadge kind="order" status={order.statusCode} testId="order-status" />}
        actions={
          <>
            {editableOrderStatuses.includes(status) && (
              <Button
                variant="default"
                onClick={() => navigate(`/orders/${order.id}/edit`)}
                data-testid="order-edit"
              >
                {t('logistics:actions.edit')}
              </Button>
            )}
            <OrderStatusActions order={order} onChanged={screen.reload} />
            <PrintButton objectTypes={orderPrintTypes} objectId={order.id} />
            {type && type.generates.length > 0 && generatable.includes(status) && (
              <Button
                variant="light"
                onClick={() => setAsking('generate')}
                loading={busy === 'generate'}
                data-testid="order-generate"
              >
                {t('logistics:orders.generateDocuments')}
              </Button>
            )}
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" loading={busy?.startsWith('clone-')} data-testid="order-clone">
                  {t('logistics:orders.clone')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {cloneTargets.map((code) => (
                  <Menu.Item
                    key={code}
                    onClick={() => void act(`clone-${code}`)}
                    data-testid={`order-clone-${code}`}
                  >
                    {orderTypeLabel(t, code)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            {canDeleteOrder(status) && (
              <Button
                color="red"
                variant="light"
                onClick={() => setAsking('delete')}
                data-testid="order-delete"
              >
                {t('logistics:actions.delete')}
              </Button>
            )}
            <Button variant="subtle" onClick={() => navigate('/operational-orders')} data-testid="order-back">
              {t('logistics:actions.backToList')}
            </Button>
          </>
        }
      />
      {error && (
        <Alert color="red" data-testid="order-error">
          {error}
        </Alert>
      )}

      <ValueGrid
        testIdPrefix="order-value"
        label={(field) => t(`logistics:fields.${field}`)}
        values={[
          ['typeCode', type ? orderTypeLabel(t, type.code) : order.typeCode],
          [
            'contractorId',
            order.contractorId
              ? stringOf(companies.get(order.contractorId)?.shortName) || order.contractorId
              : '',
          ],
          ['priority', order.priority ? t(`logistics:priorities.${order.priority}`) : ''],
          ['sourceLocationId', location(order.sourceLocationId)],
          ['sourceContainer', stringOf(order.sourceContainer)],
          ['destinationLocationId', location(order.destinationLocationId)],
          ['destinationContainer', stringOf(order.destinationContainer)],
          ['plannedDate', formatDateTime(order.plannedDate)],
          ['deliveryDate', formatDateTime(order.deliveryDate)],
          ['sourceType', order.sourceType ? <OrderOrigin key="origin" source={order.sourceType} /> : ''],
          ['comment', stringOf(order.comment)],
          ['closedManuallyReason', stringOf(order.closedManuallyReason)],
        ]}
      />

      <RecordOffice resourceType="wmsOrder" id={order.id} />

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>{t('logistics:orders.progress')}</Title>
          <Table.ScrollContainer minWidth={800}>
            <Table striped verticalSpacing="xs" data-testid="order-progress">
              <ColumnsHead columns={progressColumns} />
              <Table.Tbody>
                {lines.map((l, index) => {
                  const product = products.get(l.productId);
                  const percent = l.ordered > 0 ? Math.min(100, (l.realised / l.ordered) * 100) : 0;
                  return (
                    <Table.Tr
                      key={l.positionId || index}
                      data-testid="order-progress-row"
                      data-done={l.done}
                      data-position-id={l.positionId}
                    >
                      <Table.Td>{l.lineNo ?? index + 1}</Table.Td>
                      <Table.Td>{stringOf(product?.index) || l.productId}</Table.Td>
                      <Table.Td>{stringOf(product?.name)}</Table.Td>
                      <Table.Td>{formatQuantity(l.ordered)}</Table.Td>
                      <Table.Td data-testid="order-progress-realised">{formatQuantity(l.realised)}</Table.Td>
                      <Table.Td>{l.confirmed === null ? '' : formatQuantity(l.confirmed)}</Table.Td>
                      <Table.Td>{l.remaining === null ? '' : formatQuantity(l.remaining)}</Table.Td>
                      <Table.Td miw={120}>
                        <Progress
                          value={percent}
                          color={l.done ? 'green' : 'blue'}
                          aria-label={t('logistics:positionFields.progress')}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
                {screen.lines && lines.length === 0 && (
                  <EmptyRow colSpan={progressColumns.length} text={t('logistics:documents.noPositions')} />
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Paper>

      <LinkedDocuments documents={documents} testIdPrefix="order" />

      <ChoiceDialog
        opened={asking === 'generate'}
        title={t('logistics:orders.generateDocuments')}
        message={t('logistics:orders.generateConfirm')}
        busy={busy === 'generate'}
        onClose={() => setAsking(null)}
        cancelTestId="order-generate-cancel"
        choices={[
          {
            label: t('logistics:orders.generateYes'),
            testId: 'order-generate-yes',
            onChoose: () => void act('generate'),
          },
        ]}
      />
      <ChoiceDialog
        opened={asking === 'delete'}
        title={t('logistics:orders.deleteTitle')}
        message={t('logistics:orders.deleteMessage', { number: stringOf(order.orderNumber) })}
        busy={busy === 'delete'}
        onClose={() => setAsking(null)}
        cancelTestId="order-delete-cancel"
        choices={[
          {
            label: t('logistics:actions.delete'),
            testId: 'order-delete-confirm',
            color: 'red',
            onChoose: () => void act('delete'),
          },
        ]}
      />
    </Stack>
  );
};
