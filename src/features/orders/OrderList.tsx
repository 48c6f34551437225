import { Group, Progress, Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { wmsOrderResource } from '../../../domain/resources/definitions/wmsOrder';
import type { Page } from '../../../domain/resources/query';
import type { FieldDef } from '../../../domain/resources/types';
import { buildListQuery, type ListState } from '../../resources/listState';
import { PagedListScreen } from '../../resources/PagedListScreen';
import { StatusBadge } from '../documents/StatusBadge';
import { toNumber } from '../documents/values';
import { useDataChanges } from '../editMode/useDataChanges';
import { OrderOrigin } from './OrderOrigin';
import type { OrderRow } from './orderApi';

export interface OrderListProps {
  readonly title: string;
  /** Fields of wmsOrder shown as columns (positionsDone is drawn as the line progress bar). */
  readonly columns: readonly string[];
  /** Loads a page for the list state (the query of the generic list: paging, sort, filters). */
  readonly load: (query: Record<string, string>, state: ListState) => Promise<Page<OrderRow>>;
  /** Where a row leads. */
  readonly rowLink: (row: OrderRow) => string;
  /** Buttons next to the title (add…). */
  readonly actions?: ReactNode;
  /** Above the table (type tabs…), given the list state and a way to change it. */
  readonly toolbar?: (state: ListState, update: (next: ListState) => void) => ReactNode;
  /** Reloads the page when the live connection announces a change of an order. */
  readonly live?: boolean;
  readonly testId: string;
}

const def = wmsOrderResource;

/**
 * What the progress routes add to each order: lines done (Move/Progress: positionsDone and the percentage of the
 * quantity realised) or lines counted and differences found (Verify/Progress).
 */
const progressOf = (row: OrderRow): { done: number; count: number; percent: number; differences: number } => {
  const count = toNumber(row.positionsCount) ?? 0;
  const done = toNumber(row.positionsCounted) ?? toNumber(row.positionsDone) ?? 0;
  const percent = toNumber(row.percentDone) ?? (count ? (done / count) * 100 : 0);
  return { done, count, percent, differences: toNumber(row.differencesCount) ?? 0 };
};

/** Reloads the list when an order changes (the live connection's events), rendering nothing. */
const LiveReload = ({ refresh }: { readonly refresh: () => void }): null => {
  useDataChanges('wmsOrder', () => refresh());
  return null;
};

/** A paged, sorted, filtered list of orders with their progress (the state lives in the URL). */
export const OrderList = ({
  title,
  columns,
  load,
  rowLink,
  actions,
  toolbar,
  live = false,
  testId,
}: OrderListProps): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tableColumns = useMemo(
    () =>
      columns.flatMap((name): [string, FieldDef][] => {
        const field: FieldDef | undefined = (def.fields as Readonly<Record<string, FieldDef>>)[name];
        return field ? [[name, field]] : [];
      }),
    [columns],
  );

  const renderCell = (row: OrderRow, field: string): ReactNode | undefined => {
    if (field === 'statusCode') return <StatusBadge kind="order" status={row.statusCode} />;
    if (field === 'verificationStatus')
      return <StatusBadge kind="verification" status={row.verificationStatus} />;
    if (field === 'typeCode')
      return t(`warehouse:orderTypes.${row.typeCode}`, { defaultValue: row.typeCode });
    if (field === 'priority') return row.priority ? t(`logistics:priorities.${row.priority}`) : '';
    if (field === 'sourceType') return <OrderOrigin source={row.sourceType} />;
    if (field === 'positionsDone') {
      const { done, count, percent, differences } = progressOf(row);
      return (
        <Group gap="xs" wrap="nowrap" data-testid="order-list-progress" data-done={done} data-count={count}>
          <Progress value={percent} w={80} aria-label={t('logistics:positionFields.progress')} />
          <Text size="xs">{t('logistics:orders.linesDone', { done, count })}</Text>
          {differences > 0 && (
            <Text size="xs" c="red" data-testid="order-list-differences">
              {t('logistics:verification.differencesCount', { count: differences })}
            </Text>
          )}
        </Group>
      );
    }
    return undefined;
  };

  const optionLabel = (field: string, value: string): string => {
    if (field === 'typeCode') return t(`warehouse:orderTypes.${value}`, { defaultValue: value });
    if (field === 'statusCode') return t(`warehouse:orderStatuses.${value}`, { defaultValue: value });
    if (field === 'verificationStatus')
      return t(`warehouse:verificationStatuses.${value}`, { defaultValue: value });
    if (field === 'priority') return t(`logistics:priorities.${value}`, { defaultValue: value });
    return value;
  };

  return (
    <PagedListScreen<OrderRow>
      def={def}
      title={title}
      columns={tableColumns}
      load={(state) => load(buildListQuery(def, state), state)}
      testIdPrefix="order-list"
      testId={testId}
      fieldLabel={(name) => t(`logistics:fields.${name}`)}
      emptyText={t('logistics:orders.empty')}
      actions={actions}
      toolbar={(list) => (
        <>
          {live && <LiveReload refresh={list.refresh} />}
          {toolbar?.(list.state, (next) => list.update(next))}
        </>
      )}
      rowKey={(row) => row.id}
      onRowClick={(row) => navigate(rowLink(row))}
      renderCell={renderCell}
      optionLabel={optionLabel}
      rowAttributes={(row) => ({ 'data-status': row.statusCode, 'data-type': row.typeCode })}
    />
  );
};
