import { Alert, Button, Checkbox } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { hasAccess } from '../../../domain/auth/claims';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import { editableOrderStatuses, isOrderStatus } from '../../../domain/warehouse/statuses';
import { RefSelect } from '../../resources/RefSelect';
import { useAuthStore } from '../../state/authStore';
import { ChoiceDialog } from '../documents/ChoiceDialog';
import { EditorLayout } from '../documents/EditorLayout';
import { pendingView } from '../documents/LoadGuard';
import { PositionsGrid } from '../documents/PositionsGrid';
import { StatusBadge } from '../documents/StatusBadge';
import { orderTypeLabel, typeOptionsOf } from '../documents/typeLabels';
import { useWarehouseEditor } from '../documents/useWarehouseEditor';
import { stringOf } from '../documents/values';
import { DateTimeField, useHeaderFieldKit, WarehouseHeaderForm } from '../documents/WarehouseHeaderForm';
import { orderPrintTypes, PrintButton } from '../print/PrintAction';
import { type OrderRow, orderApi } from './orderApi';
import {
  documentTypeOfOrder,
  editorOrderTypes,
  emptyOrderHeader,
  type OrderHeaderValues,
  orderHeaderFromRow,
  orderInstantIssues,
  orderSideRules,
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
  const editor = useWarehouseEditor<OrderRow, OrderHeaderValues>({
    mode,
    id,
    newHeader: emptyOrderHeader(editorOrderTypes.find((c) => c === requested) ?? null),
    load: (orderId) => Promise.all([orderApi.get(orderId), orderApi.positions(orderId)]),
    headerOf: orderHeaderFromRow,
  });
  const { row, header, positions } = editor;
  const claims = useAuthStore((s) => s.claims);
  const canPickUser = claims !== null && hasAccess(claims, 'power');
  const [asking, setAsking] = useState(false);
  const [toProduction, setToProduction] = useState(true);
  const [saving, setSaving] = useState(false);

  const status = row && isOrderStatus(row.statusCode) ? row.statusCode : 'workingCopy';
  const editable = editableOrderStatuses.includes(status);
  const input = useMemo(() => (header ? toOrderInput(header, positions) : null), [header, positions]);
  const clientIssues = useMemo(() => (input ? orderInstantIssues(input) : []), [input]);
  const issues = editor.issuesOf(clientIssues);
  const setHeader = (v: OrderHeaderValues) => {
    editor.setHeader(v);
    editor.changed();
  };
  const kit = useHeaderFieldKit(header ?? emptyOrderHeader(null), setHeader, issues.header);

  if (mode === 'edit' && row && orderTypeOf(row.typeCode)?.group === 'verify')
    return <Navigate to={`/verification-orders/${row.id}`} replace />;

  const askToSave = () => {
    const missingType = header?.typeCode ? [] : [{ code: 'required', field: 'typeCode' }];
    if (editor.checkBeforeSave([...clientIssues, ...missingType])) setAsking(true);
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
      editor.failed(e);
    } finally {
      setSaving(false);
      setAsking(false);
    }
  };

  const pending = pendingView(header !== null, editor.loadError, 'order-error');
  if (pending || !header) return pending;

  return (
    <EditorLayout
      prefix="order"
      status={status}
      id={id}
      caption={header.typeCode ? t(`warehouse:orderTypes.${header.typeCode}`) : t('logistics:orders.one')}
      title={mode === 'new' ? t('logistics:orders.newTitle') : stringOf(row?.orderNumber)}
      badges={row && <StatusBadge kind="order" status={row.statusCode} testId="order-status" />}
      actions={
        <>
          {editable && (
            <Button onClick={askToSave} loading={saving} data-testid="order-save">
              {t('logistics:actions.save')}
            </Button>
          )}
          {row && <PrintButton objectTypes={orderPrintTypes} objectId={row.id} />}
          <Button
            variant="subtle"
            onClick={() => navigate(id ? `/orders/${id}` : '/operational-orders')}
            data-testid="order-cancel"
          >
            {editable ? t('logistics:actions.cancel') : t('logistics:actions.back')}
          </Button>
        </>
      }
      notices={
        !editable && (
          <Alert color="blue" data-testid="order-read-only">
            {t('logistics:orders.readOnly')}
          </Alert>
        )
      }
      formError={editor.formError}
      headerIssues={issues.header}
      header={
        <WarehouseHeaderForm
          prefix="order"
          values={header}
          onChange={setHeader}
          readOnly={!editable}
          typeOptions={typeOptionsOf(t, editorOrderTypes, orderTypeLabel)}
          typeLocked={mode === 'edit'}
          issues={issues.header}
          sides={orderSideRules(header.typeCode)}
          afterContractor={
            canPickUser && (
              <RefSelect
                refName="user"
                label={kit.label('assignedUserId')}
                value={header.assignedUserId}
                onChange={(v) => kit.set({ assignedUserId: v })}
                disabled={!editable}
                error={kit.errorOf('assignedUserId')}
                data-testid="order-assigned-user"
              />
            )
          }
          afterPlannedDate={
            <DateTimeField
              label={kit.label('deliveryDate')}
              value={header.deliveryDate}
              onChange={(v) => kit.set({ deliveryDate: v })}
              disabled={!editable}
              error={kit.errorOf('deliveryDate')}
              testId="order-delivery-date"
            />
          }
        />
      }
      positionsTitle={t('logistics:orders.positions')}
      positions={
        <PositionsGrid
          typeCode={documentTypeOfOrder(header.typeCode)}
          positions={positions}
          onChange={(next) => {
            editor.setPositions(() => next);
            editor.changed();
          }}
          readOnly={!editable}
          products={editor.products}
          locations={editor.locations}
          issues={issues.positions}
          prefix="order"
        />
      }
    >
      <ChoiceDialog
        opened={asking}
        title={t('logistics:orders.saveTitle')}
        message={t('logistics:orders.generateQuestion')}
        busy={saving}
        onClose={() => setAsking(false)}
        testId="order-generate-dialog"
        cancelTestId="order-generate-cancel"
        choices={[
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
    </EditorLayout>
  );
};
