import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import { canDeleteOrder, editableOrderStatuses, isOrderStatus } from '../../../domain/warehouse/statuses';
import { errorMessage } from '../../i18n/i18n';
import { formatDateTime } from '../../resources/format';
import { ChoiceDialog } from '../documents/ChoiceDialog';
import { type DocumentRow, documentApi } from '../documents/documentApi';
import { StatusBadge } from '../documents/StatusBadge';
import { useRowsById } from '../documents/useRowsById';
import { formatQuantity, stringOf } from '../documents/values';
import { OrderStatusActions } from './OrderStatusActions';
import { type LineProgress, lineProgressOf, type OrderRow, orderApi } from './orderApi';
import { editorOrderTypes } from './orderForm';

/** Statuses in which documents may still be generated for what the order lacks. */
const generatable = ['waitingToProcess', 'inProgress', 'doneUnconfirmed'];

/** /orders/:id: the order, its status actions, line progress, generated documents, clone and generation. */
export const OrderPreviewPage = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [order, setOrder] = useState<OrderRow | null>(null);
  const [progress, setProgress] = useState<LineProgress[] | null>(null);
  const [documents, setDocuments] = useState<DocumentRow[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [asking, setAsking] = useState<'generate' | 'delete' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload forces a refetch after an action
  useEffect(() => {
    let current = true;
    setError(null);
    orderApi
      .get(id)
      .then((o) => current && setOrder(o))
      .catch((e: unknown) => current && setError(errorMessage(t, e)));
    orderApi
      .movePositionsProgress(id)
      // Without the progress route, the bare positions still show what was recorded against what was ordered.
      .catch(async () => (await orderApi.positions(id)).map(lineProgressOf))
      .then((found) => current && setProgress(found))
      .catch(() => current && setProgress([]));
    documentApi
      .ofOrder(id)
      .then((docs) => current && setDocuments(docs))
      .catch(() => current && setDocuments([]));
    return () => {
      current = false;
    };
  }, [id, t, reload]);

  const lines = useMemo(() => progress ?? [], [progress]);
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

  if (error && !order) {
    return (
      <Alert color="red" data-testid="order-error">
        {error}
      </Alert>
    );
  }
  if (!order) return <Loader aria-label={t('logistics:loading')} />;
  const type = orderTypeOf(order.typeCode);
  if (type?.group === 'verify') return <Navigate to={`/verification-orders/${order.id}`} replace />;

  const status = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  const refresh = () => setReload((n) => n + 1);

  const run = async (action: 'generate' | 'delete' | `clone-${string}`) => {
    setBusy(action);
    try {
      if (action === 'generate') {
        const saved = await orderApi.generateDocuments(order.id);
        notifications.show({
          color: 'green',
          message: t('logistics:orders.documentsGenerated', { count: saved.documents?.length ?? 0 }),
        });
        refresh();
      } else if (action === 'delete') {
        await orderApi.remove(order.id);
        notifications.show({ color: 'green', message: t('logistics:orders.deleted') });
        navigate('/operational-orders', { replace: true });
      } else {
        const copy = await orderApi.cloneToType(order.id, action.slice('clone-'.length));
        notifications.show({
          color: 'green',
          message: t('logistics:orders.cloned', { number: stringOf(copy.orderNumber) }),
        });
        navigate(`/orders/${copy.id}/edit`);
      }
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setBusy(null);
      setAsking(null);
    }
  };

  const location = (value: string | null) => (value ? stringOf(refs.get(value)?.label) || value : '');
  const header: [string, ReactNode][] = [
    ['typeCode', type ? `${type.code} — ${t(`warehouse:orderTypes.${type.code}`)}` : order.typeCode],
    [
      'contractorId',
      order.contractorId ? stringOf(companies.get(order.contractorId)?.shortName) || order.contractorId : '',
    ],
    ['priority', order.priority ? t(`logistics:priorities.${order.priority}`) : ''],
    ['sourceLocationId', location(order.sourceLocationId)],
    ['sourceContainer', stringOf(order.sourceContainer)],
    ['destinationLocationId', location(order.destinationLocationId)],
    ['destinationContainer', stringOf(order.destinationContainer)],
    ['plannedDate', formatDateTime(order.plannedDate)],
    ['deliveryDate', formatDateTime(order.deliveryDate)],
    [
      'sourceType',
      order.sourceType
        ? t(`warehouse:orderTypes.${order.sourceType}`, { defaultValue: order.sourceType })
        : '',
    ],
    ['comment', stringOf(order.comment)],
    ['closedManuallyReason', stringOf(order.closedManuallyReason)],
  ];
  const cloneTargets = editorOrderTypes.filter((c) => c !== order.typeCode);

  return (
    <Stack gap="md" data-testid="order-preview" data-id={order.id} data-status={order.statusCode}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {type ? t(`warehouse:orderTypes.${type.code}`) : order.typeCode}
          </Text>
          <Group gap="xs">
            <Title order={2} data-testid="order-number">
              {stringOf(order.orderNumber)}
            </Title>
            <StatusBadge kind="order" status={order.statusCode} testId="order-status" />
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {editableOrderStatuses.includes(status) && (
            <Button
              variant="default"
              onClick={() => navigate(`/orders/${order.id}/edit`)}
              data-testid="order-edit"
            >
              {t('logistics:actions.edit')}
            </Button>
          )}
          <OrderStatusActions order={order} onChanged={refresh} />
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
                  onClick={() => void run(`clone-${code}`)}
                  data-testid={`order-clone-${code}`}
                >
                  {`${code} — ${t(`warehouse:orderTypes.${code}`)}`}
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
        </Group>
      </Group>
      {error && (
        <Alert color="red" data-testid="order-error">
          {error}
        </Alert>
      )}

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {header
            .filter(([, value]) => value !== '')
            .map(([field, value]) => (
              <Stack key={field} gap={2} data-testid={`order-value-${field}`}>
                <Text size="xs" c="dimmed" fw={500}>
                  {t(`logistics:fields.${field}`)}
                </Text>
                <Text size="sm" component="div">
                  {value}
                </Text>
              </Stack>
            ))}
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>{t('logistics:orders.progress')}</Title>
          <Table.ScrollContainer minWidth={800}>
            <Table striped verticalSpacing="xs" data-testid="order-progress">
              <Table.Thead>
                <Table.Tr>
                  {[
                    'lineNo',
                    'productId',
                    'productName',
                    'ordered',
                    'realised',
                    'confirmed',
                    'remaining',
                    'progress',
                  ].map((c) => (
                    <Table.Th key={c}>{t(`logistics:positionFields.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
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
                {progress && lines.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <Text c="dimmed" ta="center" py="sm">
                        {t('logistics:documents.noPositions')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>{t('logistics:orders.documents')}</Title>
          {documents.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="order-documents-empty">
              {t('logistics:orders.noDocuments')}
            </Text>
          ) : (
            <Table verticalSpacing="xs" data-testid="order-documents">
              <Table.Tbody>
                {documents.map((d) => (
                  <Table.Tr
                    key={d.id}
                    data-testid="order-document-row"
                    data-id={d.id}
                    data-status={d.statusCode}
                  >
                    <Table.Td>
                      <Anchor component={Link} to={`/documents/${d.id}`} data-testid="order-document-link">
                        {stringOf(d.documentNumber)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {t(`warehouse:documentTypes.${d.typeCode}`, { defaultValue: d.typeCode })}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge kind="document" status={d.statusCode} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>

      <ChoiceDialog
        opened={asking === 'generate'}
        title={t('logistics:orders.generateDocuments')}
        message={t('logistics:orders.generateConfirm')}
        busy={busy === 'generate'}
        onClose={() => setAsking(null)}
        choices={[
          {
            label: t('logistics:actions.cancel'),
            testId: 'order-generate-cancel',
            onChoose: () => setAsking(null),
          },
          {
            label: t('logistics:orders.generateYes'),
            testId: 'order-generate-yes',
            onChoose: () => void run('generate'),
          },
        ]}
      />
      <ChoiceDialog
        opened={asking === 'delete'}
        title={t('logistics:orders.deleteTitle')}
        message={t('logistics:orders.deleteMessage', { number: stringOf(order.orderNumber) })}
        busy={busy === 'delete'}
        onClose={() => setAsking(null)}
        choices={[
          {
            label: t('logistics:actions.cancel'),
            testId: 'order-delete-cancel',
            onChoose: () => setAsking(null),
          },
          {
            label: t('logistics:actions.delete'),
            testId: 'order-delete-confirm',
            color: 'red',
            onChoose: () => void run('delete'),
          },
        ]}
      />
    </Stack>
  );
};
