import { Alert, Anchor, Button, Group, Pagination, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { documentTypeOf } from '../../../domain/warehouse/documentTypes';
import { canEditDocument, isDocumentStatus } from '../../../domain/warehouse/statuses';
import { errorMessage } from '../../i18n/i18n';
import { EmptyRow } from '../../resources/EmptyRow';
import { formatDateTime } from '../../resources/format';
import { RecordOffice } from '../office/RecordOffice';
import { documentPrintTypes, PrintButton } from '../print/PrintAction';
import { ColumnsHead } from './ColumnsHead';
import { DocumentActions } from './DocumentActions';
import { documentApi } from './documentApi';
import { pendingView } from './LoadGuard';
import { RecordHeader } from './RecordHeader';
import { StatusBadge } from './StatusBadge';
import { documentTypeLabel } from './typeLabels';
import { useLoad } from './useLoad';
import { useRowsById } from './useRowsById';
import { ValueGrid } from './ValueGrid';
import { formatQuantity, stringOf } from './values';

const pageSize = 25;
const positionColumns = [
  'lineNo',
  'productId',
  'productName',
  'quantity',
  'sourceLocationId',
  'sourceContainer',
  'destinationLocationId',
  'destinationContainer',
  'serialNumber',
  'prodDate',
  'expDate',
  'comment',
] as const;

/** /documents/:id: the document's header, its positions (paged) and what its status allows. */
export const DocumentPreviewPage = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [page, setPage] = useState(1);
  const document = useLoad(id, () => documentApi.get(id));
  const positions = useLoad(`${id}:${page}`, () => documentApi.positions(id, page, pageSize));
  const row = document.data;
  const failure = document.error ?? positions.error;
  const error = failure ? errorMessage(t, failure) : null;

  const rows = useMemo(() => positions.data?.results ?? [], [positions.data]);
  const products = useRowsById(
    'product',
    useMemo(() => rows.map((r) => r.productId), [rows]),
  );
  const locations = useRowsById(
    'storageSpace',
    useMemo(
      () => [
        row?.sourceLocationId ?? null,
        row?.destinationLocationId ?? null,
        ...rows.flatMap((r) => [r.sourceLocationId, r.destinationLocationId]),
      ],
      [row, rows],
    ),
  );
  const contractors = useRowsById(
    'company',
    useMemo(() => [row?.contractorId ?? null], [row]),
  );
  const orders = useRowsById(
    'wmsOrder',
    useMemo(() => [row?.orderId ?? null], [row]),
  );

  const pending = pendingView(row !== null, error, 'doc-error');
  if (pending || !row) return pending;

  const type = documentTypeOf(row.typeCode);
  const status = isDocumentStatus(row.statusCode) ? row.statusCode : null;
  const locationTitle = (value: string | null | undefined) =>
    value ? stringOf(locations.get(value)?.label) || value : '';
  // A position without its own location or bin takes the header's (shown dimmed).
  const sideOf = (own: string | null, header: string, title = own ?? ''): ReactNode =>
    own ? (
      title
    ) : (
      <Text span size="sm" c="dimmed">
        {header}
      </Text>
    );
  const reload = () => {
    document.reload();
    positions.reload();
  };
  const total = positions.data?.allFilteredRowCount ?? 0;

  return (
    <Stack gap="md" data-testid="doc-preview" data-id={row.id} data-status={row.statusCode}>
      <RecordHeader
        caption={type ? t(`warehouse:documentTypes.${type.code}`) : row.typeCode}
        title={stringOf(row.documentNumber)}
        titleTestId="doc-number"
        badges={<StatusBadge kind="document" status={row.statusCode} testId="doc-status" />}
        actions={
          <>
            {status && canEditDocument(status) && (
              <Button
                variant="default"
                onClick={() => navigate(`/documents/${row.id}/edit`)}
                data-testid="doc-edit"
              >
                {t('logistics:actions.edit')}
              </Button>
            )}
            <DocumentActions row={row} withConfirm onChanged={reload} />
            <PrintButton objectTypes={documentPrintTypes} objectId={row.id} />
            <Button variant="subtle" onClick={() => navigate('/documents')} data-testid="doc-back">
              {t('logistics:actions.backToList')}
            </Button>
          </>
        }
      />
      {error && (
        <Alert color="red" data-testid="doc-error">
          {error}
        </Alert>
      )}

      <ValueGrid
        testIdPrefix="doc-value"
        label={(field) => t(`logistics:fields.${field}`)}
        values={[
          ['typeCode', type ? documentTypeLabel(t, type.code) : row.typeCode],
          [
            'contractorId',
            row.contractorId
              ? stringOf(contractors.get(row.contractorId)?.shortName) || row.contractorId
              : '',
          ],
          ['sourceLocationId', locationTitle(row.sourceLocationId)],
          ['sourceContainer', stringOf(row.sourceContainer)],
          ['destinationLocationId', locationTitle(row.destinationLocationId)],
          ['destinationContainer', stringOf(row.destinationContainer)],
          ['plannedDate', formatDateTime(row.plannedDate)],
          ['executionDate', formatDateTime(row.executionDate)],
          ['priority', row.priority ? t(`logistics:priorities.${row.priority}`) : ''],
          ['comment', stringOf(row.comment)],
          [
            'orderId',
            row.orderId ? (
              <Anchor key="order" component={Link} to={`/orders/${row.orderId}`} data-testid="doc-order-link">
                {stringOf(row.orderNumber) ||
                  stringOf(orders.get(row.orderId)?.orderNumber) ||
                  t('logistics:documents.openOrder')}
              </Anchor>
            ) : (
              ''
            ),
          ],
          ['precedingDocumentNumber', stringOf(row.precedingDocumentNumber)],
          ['systemComments', stringOf(row.systemComments)],
        ]}
      />

      <RecordOffice resourceType="wmsDocument" id={row.id} />

      <Paper withBorder p="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={4}>{t('logistics:documents.positions')}</Title>
            <Text size="sm" c="dimmed" data-testid="doc-positions-total">
              {t('logistics:total', { count: total })}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={1100}>
            <Table striped verticalSpacing="xs" data-testid="doc-positions">
              <ColumnsHead columns={positionColumns} />
              <Table.Tbody>
                {rows.map((p, index) => {
                  const product = products.get(p.productId);
                  return (
                    <Table.Tr key={p.id} data-testid="doc-position-row" data-id={p.id}>
                      <Table.Td>{p.lineNo ?? (page - 1) * pageSize + index + 1}</Table.Td>
                      <Table.Td data-testid="doc-position-product">
                        {stringOf(product?.index) || p.productId}
                      </Table.Td>
                      <Table.Td>{stringOf(product?.name)}</Table.Td>
                      <Table.Td data-testid="doc-position-quantity">
                        {`${formatQuantity(p.quantity)} ${stringOf(product?.unit)}`.trim()}
                      </Table.Td>
                      <Table.Td data-testid="doc-position-source">
                        {sideOf(
                          p.sourceLocationId,
                          locationTitle(row.sourceLocationId),
                          locationTitle(p.sourceLocationId),
                        )}
                      </Table.Td>
                      <Table.Td>{sideOf(p.sourceContainer, stringOf(row.sourceContainer))}</Table.Td>
                      <Table.Td data-testid="doc-position-destination">
                        {sideOf(
                          p.destinationLocationId,
                          locationTitle(row.destinationLocationId),
                          locationTitle(p.destinationLocationId),
                        )}
                      </Table.Td>
                      <Table.Td>
                        {sideOf(p.destinationContainer, stringOf(row.destinationContainer))}
                      </Table.Td>
                      <Table.Td>{stringOf(p.serialNumber)}</Table.Td>
                      <Table.Td>{stringOf(p.prodDate).slice(0, 10)}</Table.Td>
                      <Table.Td>{stringOf(p.expDate).slice(0, 10)}</Table.Td>
                      <Table.Td>{stringOf(p.comment)}</Table.Td>
                    </Table.Tr>
                  );
                })}
                {positions.data && rows.length === 0 && (
                  <EmptyRow
                    colSpan={positionColumns.length}
                    text={t('logistics:documents.noPositions')}
                    testId="doc-positions-empty"
                  />
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {total > pageSize && (
            <Pagination
              total={Math.ceil(total / pageSize)}
              value={page}
              onChange={setPage}
              data-testid="doc-positions-pagination"
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
};
