import { SegmentedControl } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { orderTypeOf } from '../../../domain/warehouse/orderTypes';
import type { ListState } from '../../resources/listState';
import { NewOrderMenu } from './NewOrderMenu';
import { OrderList } from './OrderList';
import { orderApi } from './orderApi';
import { editorOrderTypes } from './orderForm';

const all = 'all';

/** The type tab is the list's typeCode filter, so it lives in the URL with the rest of the list state. */
const typeOf = (state: ListState): string => state.filters.typeCode?.value ?? all;

const withType = (state: ListState, type: string): ListState => {
  const { typeCode: _dropped, ...rest } = state.filters;
  return { ...state, page: 1, filters: type === all ? rest : { ...rest, typeCode: { value: type } } };
};

/**
 * /operational-orders: receipt, release, picking and production orders and sell offers with their progress
 * (GET WmsOrder/Move/Progress for the move orders; production orders from the order list, sell offers from
 * WmsOrder/Offers/Sell).
 */
export const OperationalOrdersPage = (): ReactNode => {
  const { t } = useTranslation();
  return (
    <OrderList
      testId="operational-orders"
      title={t('logistics:orders.operationalTitle')}
      columns={[
        'orderNumber',
        'typeCode',
        'statusCode',
        'contractorId',
        'sourceType',
        'priority',
        'plannedDate',
        'positionsDone',
      ]}
      load={(query, state) => {
        const group = orderTypeOf(typeOf(state))?.group;
        if (group === 'offer') return orderApi.sellOffers(query);
        if (group === 'production') return orderApi.list(query);
        return orderApi.moveProgress(query);
      }}
      rowLink={(row) => `/orders/${row.id}`}
      live
      actions={<NewOrderMenu />}
      toolbar={(state, update) => (
        <SegmentedControl
          value={typeOf(state)}
          onChange={(v) => update(withType(state, v))}
          data={[
            { value: all, label: t('logistics:orders.allTypes') },
            ...editorOrderTypes.map((code) => ({ value: code, label: t(`warehouse:orderTypes.${code}`) })),
          ]}
          data-testid="order-type-tabs"
        />
      )}
    />
  );
};
