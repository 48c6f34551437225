import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import type { RuleIssue } from '../../../domain/errors';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import { editableOrderStatuses, isOrderStatus } from '../../../domain/warehouse/statuses';
import { errorMessage } from '../../i18n/i18n';
import { ChoiceDialog } from '../documents/ChoiceDialog';
import { emptyPosition, type PositionValues, positionFromRow } from '../documents/documentForm';
import { errorIssues } from '../documents/errorIssues';
import { issueText } from '../documents/issueText';
import { PositionsGrid } from '../documents/PositionsGrid';
import { StatusBadge } from '../documents/StatusBadge';
import { useRowsById } from '../documents/useRowsById';
import { stringOf } from '../documents/values';
import { OrderHeaderForm } from './OrderHeaderForm';
import { type OrderRow, orderApi } from './orderApi';
import {
  documentTypeOfOrder,
  editorOrderTypes,
  emptyOrderHeader,
  type OrderHeaderValues,
  orderHeaderFromRow,
  orderInstantIssues,
  toOrderInput,
} from './orderForm';

/**
 * /orders/new?type=OIN and /orders/:id/edit: a move or production order (or a sell offer) with its lines.
 * Saving asks whether to generate the warehouse documents now (yes corrects stock, no leaves it unchanged).
 */
export const OrderEditorPage = ({ mode }: { readonly mode: 'new' | 'edit' }): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [search] = useSearchParams();
  const requested = search.get('type');
  const requestedType = editorOrderTypes.find((c) => c === requested) ?? null;
  const [row, setRow] = useState<OrderRow | null>(null);
  const [header, setHeader] = useState<OrderHeaderValues | null>(
    mode === 'new' ? emptyOrderHeader(requestedType) : null,
  );
  const [positions, setPositions] = useState<PositionValues[]>(mode === 'new' ? [emptyPosition()] : []);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [serverIssues, setServerIssues] = useState<RuleIssue[] | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [asking, setAsking] = useState(false);
  const [toProduction, setToProduction] = useState(true);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (mode !== 'edit' || !id) return;
    let current = true;
    Promise.all([orderApi.get(id), orderApi.positions(id)])
      .then(([order, rows]) => {
        if (!current) return;
        setRow(order);
        setHeader(orderHeaderFromRow(order));
        setPositions(rows.map(positionFromRow));
      })
      .catch((e: unknown) => current && setLoadError(errorMessage(t, e)));
    return () => {
      current = false;
    };
  }, [mode, id, t]);

  const productIds = useMemo(() => positions.map((p) => p.productId), [positions]);
  const products = useRowsById('product', productIds);
  const locations = useRowsById(
    'storageSpace',
    useMemo(() => positions.flatMap((p) => [p.sourceLocationId, p.destinationLocationId]), [positions]),
  );

  const status = row && isOrderStatus(row.statusCode) ? row.statusCode : 'workingCopy';
  const editable = editableOrderStatuses.includes(status);
  const input = useMemo(() => (header ? toOrderInput(header, positions) : null), [header, positions]);
  const clientIssues = useMemo(() => (input ? orderInstantIssues(input) : []), [input]);
  const issues = serverIssues ?? (submitted ? clientIssues : []);
  const headerIssues = issues.filter((i) => i.positionIndex === undefined);

  if (mode === 'edit' && row && orderTypeOf(row.typeCode)?.group === 'verify')
    return <Navigate to={`/verification-orders/${row.id}`} replace />;

  const changed = () => {
    setServerIssues(null);
    setFormError(null);
  };

  const askToSave = () => {
    setSubmitted(true);
    changed();
    if (clientIssues.length || !header?.typeCode) {
      setFormError(t('errors:formHasErrors'));
      return;
    }
    setAsking(true);
  };

  const save = async (generateDocuments: boolean) => {
    if (!input) return;
    setSaving(true);
    try {
      const body = {
        ...input,
        generateDocuments,
        saveAs: generateDocuments || toProduction ? ('production' as const) : ('workingCopy' as const),
        ...(row?.version !== undefined ? { version: row.version } : {}),
      };
      const saved = mode === 'edit' && id ? await orderApi.update(id, body) : await orderApi.create(body);
      const count = saved.documents?.length ?? 0;
      notifications.show({
        color: 'green',
        message: generateDocuments
          ? t('logistics:orders.savedWithDocuments', { number: stringOf(saved.orderNumber), count })
          : t('logistics:orders.saved', { number: stringOf(saved.orderNumber) }),
      });
      navigate(`/orders/${saved.id}`, { replace: true });
    } catch (e) {
      const found = errorIssues(e);
      setServerIssues(found.length ? found : null);
      const message = errorMessage(t, e);
      setFormError(message);
      notifications.show({ color: 'red', message });
    } finally {
      setSaving(false);
      setAsking(false);
    }
  };

  if (loadError) {
    return (
      <Alert color="red" data-testid="order-error">
        {loadError}
      </Alert>
    );
  }
  if (!header) return <Loader aria-label={t('logistics:loading')} />;

  return (
    <Stack gap="md" data-testid="order-editor" data-status={status} data-id={id}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {header.typeCode ? t(`warehouse:orderTypes.${header.typeCode}`) : t('logistics:orders.one')}
          </Text>
          <Group gap="xs">
            <Title order={2} data-testid="order-number">
              {mode === 'new' ? t('logistics:orders.newTitle') : stringOf(row?.orderNumber)}
            </Title>
            {row && <StatusBadge kind="order" status={row.statusCode} testId="order-status" />}
          </Group>
        </Stack>
        <Group gap="xs">
          {editable && (
            <Button onClick={askToSave} loading={saving} data-testid="order-save">
              {t('logistics:actions.save')}
            </Button>
          )}
          <Button
            variant="subtle"
            onClick={() => navigate(id ? `/orders/${id}` : '/operational-orders')}
            data-testid="order-cancel"
          >
            {editable ? t('logistics:actions.cancel') : t('logistics:actions.back')}
          </Button>
        </Group>
      </Group>

      {!editable && (
        <Alert color="blue" data-testid="order-read-only">
          {t('logistics:orders.readOnly')}
        </Alert>
      )}
      {(formError || headerIssues.length > 0) && (
        <Alert color="red" data-testid="order-form-error">
          <Stack gap={2}>
            {formError && <Text size="sm">{formError}</Text>}
            {headerIssues.map((i) => (
              <Text
                key={`${i.code}-${i.field ?? ''}`}
                size="sm"
                data-testid="order-issue"
                data-code={i.code}
                data-field={i.field}
              >
                {issueText(t, i)}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}

      <Paper withBorder p="md">
        <OrderHeaderForm
          values={header}
          onChange={(v) => {
            setHeader(v);
            changed();
          }}
          readOnly={!editable}
          typeOptions={editorOrderTypes}
          typeLocked={mode === 'edit'}
          issues={headerIssues}
        />
      </Paper>

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={4}>{t('logistics:orders.positions')}</Title>
          <PositionsGrid
            typeCode={documentTypeOfOrder(header.typeCode)}
            positions={positions}
            onChange={(next) => {
              setPositions(next);
              changed();
            }}
            readOnly={!editable}
            products={products}
            locations={locations}
            issues={issues.filter((i) => i.positionIndex !== undefined)}
            prefix="order"
          />
        </Stack>
      </Paper>

      <ChoiceDialog
        opened={asking}
        title={t('logistics:orders.saveTitle')}
        message={t('logistics:orders.generateQuestion')}
        busy={saving}
        onClose={() => setAsking(false)}
        testId="order-generate-dialog"
        choices={[
          {
            label: t('logistics:actions.cancel'),
            testId: 'order-generate-cancel',
            onChoose: () => setAsking(false),
          },
          {
            label: t('logistics:orders.generateNo'),
            testId: 'order-generate-no',
            onChoose: () => void save(false),
          },
          {
            label: t('logistics:orders.generateYes'),
            testId: 'order-generate-yes',
            onChoose: () => void save(true),
          },
        ]}
      >
        <Checkbox
          label={t('logistics:orders.saveAsProduction')}
          description={t('logistics:orders.saveAsProductionHint')}
          checked={toProduction}
          onChange={(e) => setToProduction(e.currentTarget.checked)}
          data-testid="order-save-production"
        />
      </ChoiceDialog>
    </Stack>
  );
};
