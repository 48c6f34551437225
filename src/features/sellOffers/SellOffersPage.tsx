import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OrderList } from '../orders/OrderList';
import { orderApi } from '../orders/orderApi';

/** /sell-offers: GET WmsOrder/Offers/Sell — goods offered to contractors, with their validity. */
export const SellOffersPage = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <OrderList
      testId="sell-offers"
      title={t('common:menu.items.sellOffers')}
      columns={['orderNumber', 'statusCode', 'contractorId', 'validUntil', 'plannedDate']}
      load={(query) => orderApi.sellOffers(query)}
      rowLink={(row) => `/sell-offers/${row.id}`}
      actions={
        <Button onClick={() => navigate('/orders/new?type=OSO')} data-testid="sell-offer-add">
          {t('sellOffers:new')}
        </Button>
      }
    />
  );
};
