import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { Page } from '../../../domain/resources/query';
import { documentTypeOf } from '../../../domain/warehouse/documentTypes';
import { canEditDocument, isDocumentStatus } from '../../../domain/warehouse/statuses';
import { errorMessage } from '../../i18n/i18n';
import { formatDateTime } from '../../resources/format';
import { DocumentActions } from './DocumentActions';
import { type DocumentPositionRow, type DocumentRow, documentApi } from './documentApi';
import { StatusBadge } from './StatusBadge';
import { useRowsById } from './useRowsById';
import { formatQuantity, stringOf } from './values';

const pageSize = 25;

/** /documents/:id: the document's header, its positions (paged) and what its status allows. */
export const DocumentPreviewPage = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [row, setRow] = useState<DocumentRow | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [positions, setPositions] = useState<Page<DocumentPositionRow> | null>(null);
  const [reload, setReload] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload forces a refetch after confirm / revert
  useEffect(() => {
    let current = true;
    setError(null);
    documentApi
      .get(id)
      .then((doc) => current && setRow(doc))
      .catch((e: unknown) => current && setError(errorMessage(t, e)));
    return () => {
      current = false;
    };
  }, [id, t, reload]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload forces a refetch after confirm / revert
  useEffect(() => {
    let current = true;
    documentApi
      .positions(id, page, pageSize)
      .then((p) => current && setPositions(p))
      .catch((e: unknown) => current && setError(errorMessage(t, e)));
    return () => {
      current = false;
    };
  }, [id, page, t, reload]);

  const rows = useMemo(() => positions?.results ?? [], [positions]);
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

  if (error && !row) {
    return (
      <Alert color="red" data-testid="doc-error">
        {error}
      </Alert>
    );
  }
  if (!row) return <Loader aria-label={t('logistics:loading')} />;

  const type = documentTypeOf(row.typeCode);
  const status = isDocumentStatus(row.statusCode) ? row.statusCode : null;
  const label = (field: string) => t(`logistics:fields.${field}`);
  const locationTitle = (value: string | null | undefined) =>
    value ? stringOf(locations.get(value)?.label) || value : '';
  const header: [string, ReactNode][] = [
    ['typeCode', type ? `${type.code} — ${t(`warehouse:documentTypes.${type.code}`)}` : row.typeCode],
    [
      'contractorId',
      row.contractorId ? stringOf(contractors.get(row.contractorId)?.shortName) || row.contractorId : '',
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
          {stringOf(row.orderNumber) || t('logistics:documents.openOrder')}
        </Anchor>
      ) : (
        ''
      ),
    ],
    ['precedingDocumentNumber', stringOf(row.precedingDocumentNumber)],
    ['systemComments', stringOf(row.systemComments)],
  ];
  const total = positions?.allFilteredRowCount ?? 0;

  return (
    <Stack gap="md" data-testid="doc-preview" data-id={row.id} data-status={row.statusCode}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {type ? t(`warehouse:documentTypes.${type.code}`) : row.typeCode}
          </Text>
          <Group gap="xs">
            <Title order={2} data-testid="doc-number">
              {stringOf(row.documentNumber)}
            </Title>
            <StatusBadge kind="document" status={row.statusCode} testId="doc-status" />
          </Group>
        </Stack>
        <Group gap="xs">
          {status && canEditDocument(status) && (
            <Button
              variant="default"
              onClick={() => navigate(`/documents/${row.id}/edit`)}
              data-testid="doc-edit"
            >
              {t('logistics:actions.edit')}
            </Button>
          )}
          <DocumentActions row={row} withConfirm onChanged={() => setReload((n) => n + 1)} />
          <Button variant="subtle" onClick={() => navigate('/documents')} data-testid="doc-back">
            {t('logistics:actions.backToList')}
          </Button>
        </Group>
      </Group>
      {error && (
        <Alert color="red" data-testid="doc-error">
          {error}
        </Alert>
      )}

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {header
            .filter(([, value]) => value !== '')
            .map(([field, value]) => (
              <Stack key={field} gap={2} data-testid={`doc-value-${field}`}>
                <Text size="xs" c="dimmed" fw={500}>
                  {label(field)}
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
          <Group justify="space-between">
            <Title order={4}>{t('logistics:documents.positions')}</Title>
            <Text size="sm" c="dimmed" data-testid="doc-positions-total">
              {t('logistics:total', { count: total })}
            </Text>
          </Group>
          <Table.ScrollContainer minWidth={1100}>
            <Table striped verticalSpacing="xs" data-testid="doc-positions">
              <Table.Thead>
                <Table.Tr>
                  {[
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
                  ].map((c) => (
                    <Table.Th key={c}>{t(`logistics:positionFields.${c}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
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
                      <Table.Td>{locationTitle(p.sourceLocationId)}</Table.Td>
                      <Table.Td>{stringOf(p.sourceContainer)}</Table.Td>
                      <Table.Td>{locationTitle(p.destinationLocationId)}</Table.Td>
                      <Table.Td>{stringOf(p.destinationContainer)}</Table.Td>
                      <Table.Td>{stringOf(p.serialNumber)}</Table.Td>
                      <Table.Td>{stringOf(p.prodDate).slice(0, 10)}</Table.Td>
                      <Table.Td>{stringOf(p.expDate).slice(0, 10)}</Table.Td>
                      <Table.Td>{stringOf(p.comment)}</Table.Td>
                    </Table.Tr>
                  );
                })}
                {positions && rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={12}>
                      <Text c="dimmed" ta="center" py="sm" data-testid="doc-positions-empty">
                        {t('logistics:documents.noPositions')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
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
