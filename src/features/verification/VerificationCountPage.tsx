import { Alert, Badge, Button, NumberInput, Paper, Stack, Table, Text } from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { hasAccess } from '../../../domain/auth/claims';
import { parseLogisticsConfig, type VerificationApproval } from '../../../domain/warehouse/logisticsConfig';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import {
  canTransition,
  isOrderStatus,
  needsApproval,
  verificationDifferences,
  verificationStatus,
} from '../../../domain/warehouse/statuses';
import { api } from '../../api/http';
import { errorMessage } from '../../i18n/i18n';
import { EmptyRow } from '../../resources/EmptyRow';
import { formatDateTime } from '../../resources/format';
import { useAuthStore } from '../../state/authStore';
import { useStartupStore } from '../../state/startupStore';
import { ChoiceDialog } from '../documents/ChoiceDialog';
import { ColumnsHead } from '../documents/ColumnsHead';
import { LinkedDocuments } from '../documents/LinkedDocuments';
import { pendingView } from '../documents/LoadGuard';
import { RecordHeader } from '../documents/RecordHeader';
import { StatusBadge } from '../documents/StatusBadge';
import { useNotifyingAction } from '../documents/useNotifyingAction';
import { useRowsById } from '../documents/useRowsById';
import { ValueGrid } from '../documents/ValueGrid';
import { formatQuantity, stringOf } from '../documents/values';
import { OrderStatusActions } from '../orders/OrderStatusActions';
import { type LineProgress, orderApi } from '../orders/orderApi';
import { useOrderScreen } from '../orders/useOrderScreen';

const lineColumns = [
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
] as const;

/** The account's count-approval limits (ClientLogisticsConfig), from the server or the startup configuration. */
const approvalOf = (raw: unknown): VerificationApproval =>
  parseLogisticsConfig(raw).rules.verificationApproval;

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
  const screen = useOrderScreen(id, orderApi.verifyPositionsProgress);
  const { order, documents, error } = screen;
  const [drafts, setDrafts] = useState<Record<string, string | number>>({});
  const [savingLine, setSavingLine] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [approval, setApproval] = useState<VerificationApproval>(approvalOf(startupConfig));
  const [asking, setAsking] = useState(false);
  const { busy, run } = useNotifyingAction<'finish' | 'approve'>();

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

  const all = useMemo(() => screen.lines ?? [], [screen.lines]);
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

  const pending = pendingView(order !== null && screen.lines !== null, error, 'verify-error');
  if (pending || !order) return pending;
  if (orderTypeOf(order.typeCode)?.group !== 'verify') return <Navigate to={`/orders/${order.id}`} replace />;

  const orderStatus = isOrderStatus(order.statusCode) ? order.statusCode : 'unknown';
  // Counting is open while the order can be (or is) in progress and the count is not finished (server rule).
  const counting = !finished && (orderStatus === 'inProgress' || canTransition(orderStatus, 'inProgress'));
  const isManager = claims !== null && hasAccess(claims, 'power');
  const heldForApproval = finished && orderStatus === 'doneUnconfirmed' && !order.approvedAt;
  // Lines loaded again (after finishing, approving…): what was typed and not stored belongs to the old ones.
  const reload = () => {
    setDrafts({});
    screen.reload();
  };

  const saveCount = async (line: LineProgress) => {
    const raw = drafts[line.positionId];
    if (raw === undefined || raw === '') return;
    const value = typeof raw === 'number' ? raw : Number(String(raw).replace(',', '.'));
    if (line.recorded !== null && value === line.recorded) return;
    setSavingLine(line.positionId);
    setLineErrors(({ [line.positionId]: _dropped, ...rest }) => rest);
    try {
      await orderApi.recordQuantity(line.positionId, value);
      screen.updateLines((current) =>
        current.map((l) =>
          l.positionId === line.positionId ? { ...l, recorded: value, realised: value } : l,
        ),
      );
      setDrafts(({ [line.positionId]: _saved, ...rest }) => rest);
      // The order itself moves to inProgress with the first count.
      if (orderStatus !== 'inProgress') void orderApi.get(id).then(screen.setOrder);
    } catch (e) {
      setLineErrors((current) => ({ ...current, [line.positionId]: errorMessage(t, e) }));
    } finally {
      setSavingLine(null);
    }
  };

  const finish = async (generateDocuments: boolean) => {
    await run('finish', async () => {
      const saved = await orderApi.finishVerification(order.id, generateDocuments);
      reload();
      return (saved as { approvalRequired?: boolean }).approvalRequired === true
        ? t('logistics:verification.heldForApproval')
        : t('logistics:verification.finished', { count: saved.documents?.length ?? 0 });
    });
    setAsking(false);
  };

  const approve = () =>
    run('approve', async () => {
      const saved = await orderApi.approveVerification(order.id);
      reload();
      return t('logistics:verification.approved', { count: saved.documents?.length ?? 0 });
    });

  const scopeText = (): string => {
    if (order.verifyLocationId)
      return stringOf(locations.get(order.verifyLocationId)?.label) || order.verifyLocationId;
    if (order.verifyProductId)
      return stringOf(products.get(order.verifyProductId)?.index) || order.verifyProductId;
    return '';
  };
  const countedLines = countLines.filter((l) => l.counted !== null).length;
  const summaryLabels: Readonly<Record<string, string>> = {
    counted: t('logistics:verification.linesCounted'),
    differences: t('logistics:verification.differences'),
  };

  return (
    <Stack gap="md" data-testid="verify-count" data-id={order.id} data-status={order.statusCode}>
      <RecordHeader
        caption={`${t(`warehouse:orderTypes.${order.typeCode}`, { defaultValue: order.typeCode })}${
          scopeText() ? ` · ${scopeText()}` : ''
        }`}
        title={stringOf(order.orderNumber)}
        titleTestId="verify-number"
        badges={
          <>
            <StatusBadge kind="order" status={order.statusCode} testId="verify-order-status" />
            <StatusBadge kind="verification" status={status} testId="verify-status" />
          </>
        }
        actions={
          <>
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
            <OrderStatusActions order={order} onChanged={reload} />
            <Button
              variant="subtle"
              onClick={() => navigate('/verification-orders')}
              data-testid="verify-back"
            >
              {t('logistics:actions.backToList')}
            </Button>
          </>
        }
      />
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

      <ValueGrid
        cols={4}
        testIdPrefix="verify"
        label={(field) => summaryLabels[field] ?? t(`logistics:fields.${field}`)}
        values={[
          ['counted', `${countedLines} / ${countLines.length}`],
          [
            'differences',
            <Text key="differences" span size="sm" c={differences.length ? 'red' : undefined}>
              {differences.length}
            </Text>,
          ],
          ['plannedDate', formatDateTime(order.plannedDate)],
          ['approvedAt', formatDateTime(order.approvedAt)],
        ]}
      />

      <Paper withBorder p="md">
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" data-testid="verify-lines">
            <ColumnsHead columns={lineColumns} />
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
                <EmptyRow
                  colSpan={lineColumns.length}
                  text={t('logistics:verification.noLines')}
                  testId="verify-lines-empty"
                />
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <LinkedDocuments documents={documents} testIdPrefix="verify" hideWhenEmpty />

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
        cancelTestId="verify-finish-cancel"
        choices={[
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
