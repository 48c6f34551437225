import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  NumberInput,
  Paper,
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
import { hasAccess } from '../../../domain/auth/claims';
import {
  defaultLogisticsConfig,
  logisticsConfigSchema,
  type VerificationApproval,
} from '../../../domain/warehouse/logisticsConfig';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import {
  canTransition,
  isOrderStatus,
  needsApproval,
  verificationDifferences,
  verificationStatus,
} from '../../../domain/warehouse/statuses';
import { api } from '../../api/http';
import { useAuthStore } from '../../app/stores/authStore';
import { useStartupStore } from '../../app/stores/startupStore';
import { errorMessage } from '../../i18n/i18n';
import { formatDateTime } from '../../resources/format';
import { ChoiceDialog } from '../documents/ChoiceDialog';
import { type DocumentRow, documentApi } from '../documents/documentApi';
import { StatusBadge } from '../documents/StatusBadge';
import { useRowsById } from '../documents/useRowsById';
import { formatQuantity, stringOf } from '../documents/values';
import { OrderStatusActions } from '../orders/OrderStatusActions';
import { type LineProgress, lineProgressOf, type OrderRow, orderApi } from '../orders/orderApi';

/** The account's count-approval limits (ClientLogisticsConfig), from the server or the startup configuration. */
const approvalOf = (raw: unknown): VerificationApproval => {
  const parsed = logisticsConfigSchema.safeParse(raw ?? {});
  return (parsed.success ? parsed.data : defaultLogisticsConfig).rules.verificationApproval;
};

/**
 * /verification-orders/:id: the counting screen. Each line shows the expected stock and takes the counted
 * quantity (PATCH WmsOrderPosition/{id}/QuantityReal); differences are highlighted with the count's status.
 * "Finish" asks whether to correct stock with documents; a manager approves counts whose differences exceed
 * the account's limits.
 */
export const VerificationCountPage = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const claims = useAuthStore((s) => s.claims);
  const startupConfig = useStartupStore((s) => s.config?.clientLogisticsConfig);
  const [order, setOrder] = useState<OrderRow | null>(null);
  const [lines, setLines] = useState<LineProgress[] | null>(null);
  const [documents, setDocuments] = useState<DocumentRow[]>([]);
  const [drafts, setDrafts] = useState<Record<string, string | number>>({});
  const [savingLine, setSavingLine] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [approval, setApproval] = useState<VerificationApproval>(approvalOf(startupConfig));
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<'finish' | 'approve' | null>(null);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload forces a refetch after an action
  useEffect(() => {
    let current = true;
    setError(null);
    orderApi
      .get(id)
      .then((o) => current && setOrder(o))
      .catch((e: unknown) => current && setError(errorMessage(t, e)));
    orderApi
      .verifyPositionsProgress(id)
      .catch(async () => (await orderApi.positions(id)).map(lineProgressOf))
      .then((found) => {
        if (!current) return;
        setLines(found);
        setDrafts({});
      })
      .catch((e: unknown) => current && setError(errorMessage(t, e)));
    documentApi
      .ofOrder(id)
      .then((docs) => current && setDocuments(docs))
      .catch(() => current && setDocuments([]));
    return () => {
      current = false;
    };
  }, [id, t, reload]);

  useEffect(() => {
    let current = true;
    api
      .get('/api/ClientLogisticsConfig', null, { silent: true })
      .then((config) => current && setApproval(approvalOf(config)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  const all = useMemo(() => lines ?? [], [lines]);
  const products = useRowsById(
    'product',
    useMemo(() => [...all.map((l) => l.productId), order?.verifyProductId ?? null], [all, order]),
  );
  const locations = useRowsById(
    'storageSpace',
    useMemo(
      () => [...all.map((l) => stringOf(l.row.sourceLocationId)), order?.verifyLocationId ?? null],
      [all, order],
    ),
  );

  const finished = stringOf(order?.verificationStatus).startsWith('finished');
  const countLines = useMemo(() => all.map((l) => ({ expected: l.ordered, counted: l.recorded })), [all]);
  const differences = useMemo(() => verificationDifferences(countLines, finished), [countLines, finished]);
  const differenceAt = useMemo(() => new Map(differences.map((d) => [d.index, d.difference])), [differences]);
  // The status follows the counting at once; the server's is the same rule applied to the stored lines.
  const status = verificationStatus(countLines, finished);
  const approvalNeeded = needsApproval(verificationDifferences(countLines, true), approval);

  if (error && !order) {
    return (
      <Alert color="red" data-testid="verify-error">
        {error}
      </Alert>
    );
  }
  if (!order || !lines) return <Loader aria-label={t('logistics:loading')} />;
  if (orderTypeOf(order.typeCode)?.group !== 'verify') return <Navigate to={`/orders/${order.id}`} replace />;

  const orderStatus = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  // Counting is open while the order can be (or is) in progress and the count is not finished (server rule).
  const counting = !finished && (orderStatus === 'inProgress' || canTransition(orderStatus, 'inProgress'));
  const isManager = claims !== null && hasAccess(claims, 'power');
  const heldForApproval = finished && orderStatus === 'doneUnconfirmed' && !order.approvedAt;
  const refresh = () => setReload((n) => n + 1);

  const saveCount = async (line: LineProgress) => {
    const raw = drafts[line.positionId];
    if (raw === undefined || raw === '') return;
    const value = typeof raw === 'number' ? raw : Number(String(raw).replace(',', '.'));
    if (line.recorded !== null && value === line.recorded) return;
    setSavingLine(line.positionId);
    setLineErrors(({ [line.positionId]: _dropped, ...rest }) => rest);
    try {
      await orderApi.recordQuantity(line.positionId, value);
      setLines((current) =>
        (current ?? []).map((l) =>
          l.positionId === line.positionId ? { ...l, recorded: value, realised: value } : l,
        ),
      );
      setDrafts(({ [line.positionId]: _saved, ...rest }) => rest);
      // The order itself moves to inProgress with the first count.
      if (orderStatus !== 'inProgress') void orderApi.get(id).then(setOrder);
    } catch (e) {
      setLineErrors((current) => ({ ...current, [line.positionId]: errorMessage(t, e) }));
    } finally {
      setSavingLine(null);
    }
  };

  const finish = async (generateDocuments: boolean) => {
    setBusy('finish');
    try {
      const saved = await orderApi.finishVerification(order.id, generateDocuments);
      const held = (saved as { approvalRequired?: boolean }).approvalRequired === true;
      notifications.show({
        color: held ? 'orange' : 'green',
        message: held
          ? t('logistics:verification.heldForApproval')
          : t('logistics:verification.finished', { count: saved.documents?.length ?? 0 }),
      });
      refresh();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setBusy(null);
      setAsking(false);
    }
  };

  const approve = async () => {
    setBusy('approve');
    try {
      const saved = await orderApi.approveVerification(order.id);
      notifications.show({
        color: 'green',
        message: t('logistics:verification.approved', { count: saved.documents?.length ?? 0 }),
      });
      refresh();
    } catch (e) {
      notifications.show({ color: 'red', message: errorMessage(t, e) });
    } finally {
      setBusy(null);
    }
  };

  const scopeText = (): string => {
    if (order.verifyLocationId)
      return stringOf(locations.get(order.verifyLocationId)?.label) || order.verifyLocationId;
    if (order.verifyProductId)
      return stringOf(products.get(order.verifyProductId)?.index) || order.verifyProductId;
    return '';
  };
  const countedLines = countLines.filter((l) => l.counted !== null).length;

  return (
    <Stack gap="md" data-testid="verify-count" data-id={order.id} data-status={order.statusCode}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t(`warehouse:orderTypes.${order.typeCode}`, { defaultValue: order.typeCode })}
            {scopeText() ? ` · ${scopeText()}` : ''}
          </Text>
          <Group gap="xs">
            <Title order={2} data-testid="verify-number">
              {stringOf(order.orderNumber)}
            </Title>
            <StatusBadge kind="order" status={order.statusCode} testId="verify-order-status" />
            <StatusBadge kind="verification" status={status} testId="verify-status" />
          </Group>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {!finished && (
            <Button
              onClick={() => setAsking(true)}
              disabled={!counting || savingLine !== null}
              loading={busy === 'finish'}
              data-testid="verify-finish"
            >
              {t('logistics:verification.finish')}
            </Button>
          )}
          {isManager && heldForApproval && (
            <Button
              color="green"
              onClick={() => void approve()}
              loading={busy === 'approve'}
              data-testid="verify-approve"
            >
              {t('logistics:verification.approve')}
            </Button>
          )}
          <OrderStatusActions order={order} onChanged={refresh} />
          <Button variant="subtle" onClick={() => navigate('/verification-orders')} data-testid="verify-back">
            {t('logistics:actions.backToList')}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" data-testid="verify-error">
          {error}
        </Alert>
      )}
      {!counting && !finished && (
        <Alert color="blue" data-testid="verify-not-open">
          {t('logistics:verification.notOpen')}
        </Alert>
      )}
      {heldForApproval && (
        <Alert color="orange" data-testid="verify-approval-needed">
          {isManager
            ? t('logistics:verification.approveHint')
            : t('logistics:verification.waitingForApproval')}
        </Alert>
      )}

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('logistics:verification.linesCounted')}
            </Text>
            <Text data-testid="verify-counted">{`${countedLines} / ${countLines.length}`}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('logistics:verification.differences')}
            </Text>
            <Text data-testid="verify-differences" c={differences.length ? 'red' : undefined}>
              {differences.length}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('logistics:fields.plannedDate')}
            </Text>
            <Text>{formatDateTime(order.plannedDate)}</Text>
          </Stack>
          {order.approvedAt && (
            <Stack gap={2}>
              <Text size="xs" c="dimmed">
                {t('logistics:fields.approvedAt')}
              </Text>
              <Text data-testid="verify-approved-at">{formatDateTime(order.approvedAt)}</Text>
            </Stack>
          )}
        </SimpleGrid>
      </Paper>

      <Paper withBorder p="md">
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" data-testid="verify-lines">
            <Table.Thead>
              <Table.Tr>
                {[
                  'lineNo',
                  'productId',
                  'productName',
                  'sourceLocationId',
                  'sourceContainer',
                  'serialNumber',
                  'expDate',
                  'expected',
                  'counted',
                  'difference',
                ].map((c) => (
                  <Table.Th key={c}>{t(`logistics:positionFields.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {all.map((line, index) => {
                const lineNo = line.lineNo ?? index + 1;
                const product = products.get(line.productId);
                const difference = differenceAt.get(index);
                const draft = drafts[line.positionId];
                const locationId = stringOf(line.row.sourceLocationId);
                return (
                  <Table.Tr
                    key={line.positionId || index}
                    data-testid="verify-line"
                    data-line={lineNo}
                    data-difference={difference ?? 0}
                    bg={
                      difference === undefined
                        ? undefined
                        : difference > 0
                          ? 'var(--mantine-color-yellow-light)'
                          : 'var(--mantine-color-red-light)'
                    }
                  >
                    <Table.Td>{lineNo}</Table.Td>
                    <Table.Td>{stringOf(product?.index) || line.productId}</Table.Td>
                    <Table.Td>{stringOf(product?.name)}</Table.Td>
                    <Table.Td>{stringOf(locations.get(locationId)?.label) || locationId}</Table.Td>
                    <Table.Td>{stringOf(line.row.sourceContainer)}</Table.Td>
                    <Table.Td>{stringOf(line.row.serialNumber)}</Table.Td>
                    <Table.Td>{stringOf(line.row.expDate).slice(0, 10)}</Table.Td>
                    <Table.Td data-testid={`verify-expected-${lineNo}`}>
                      {formatQuantity(line.ordered)}
                    </Table.Td>
                    <Table.Td miw={140}>
                      {counting ? (
                        <NumberInput
                          size="xs"
                          min={0}
                          decimalScale={6}
                          decimalSeparator="."
                          value={draft ?? line.recorded ?? ''}
                          onChange={(v) => setDrafts((d) => ({ ...d, [line.positionId]: v }))}
                          onBlur={() => void saveCount(line)}
                          onKeyDown={(e) => {
                            if (e.key === 'Enter') void saveCount(line);
                          }}
                          disabled={savingLine === line.positionId}
                          error={lineErrors[line.positionId]}
                          aria-label={t('logistics:positionFields.counted')}
                          data-testid={`verify-count-${lineNo}`}
                        />
                      ) : (
                        <Text size="sm" data-testid={`verify-count-${lineNo}`}>
                          {line.recorded === null ? '' : formatQuantity(line.recorded)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-testid={`verify-difference-${lineNo}`}>
                      {difference !== undefined && (
                        <Badge color={difference > 0 ? 'yellow' : 'red'} variant="light">
                          {`${difference > 0 ? '+' : ''}${formatQuantity(difference)}`}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
              {all.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={10}>
                    <Text c="dimmed" ta="center" py="sm" data-testid="verify-lines-empty">
                      {t('logistics:verification.noLines')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {documents.length > 0 && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Title order={4}>{t('logistics:orders.documents')}</Title>
            {documents.map((d) => (
              <Group key={d.id} gap="xs" data-testid="verify-document-row" data-status={d.statusCode}>
                <Anchor component={Link} to={`/documents/${d.id}`}>
                  {stringOf(d.documentNumber)}
                </Anchor>
                <Text size="sm">
                  {t(`warehouse:documentTypes.${d.typeCode}`, { defaultValue: d.typeCode })}
                </Text>
                <StatusBadge kind="document" status={d.statusCode} />
              </Group>
            ))}
          </Stack>
        </Paper>
      )}

      <ChoiceDialog
        opened={asking}
        title={t('logistics:verification.finishTitle')}
        message={
          approvalNeeded
            ? `${t('logistics:verification.finishQuestion')} ${t('logistics:verification.finishNeedsApproval')}`
            : t('logistics:verification.finishQuestion')
        }
        busy={busy === 'finish'}
        onClose={() => setAsking(false)}
        testId="verify-finish-dialog"
        choices={[
          {
            label: t('logistics:actions.cancel'),
            testId: 'verify-finish-cancel',
            onChoose: () => setAsking(false),
          },
          {
            label: t('logistics:verification.generateNo'),
            testId: 'verify-generate-no',
            onChoose: () => void finish(false),
          },
          {
            label: t('logistics:verification.generateYes'),
            testId: 'verify-generate-yes',
            onChoose: () => void finish(true),
          },
        ]}
      />
    </Stack>
  );
};
