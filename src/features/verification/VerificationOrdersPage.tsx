import { Button, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OrderList } from '../orders/OrderList';
import { orderApi } from '../orders/orderApi';
import { verificationOrderTypes } from './verificationTypes';

/** /verification-orders: stock counts with their verification status and how many lines are counted. */
export const VerificationOrdersPage = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <OrderList
      testId="verification-orders"
      title={t('logistics:verification.title')}
      columns={[
        'orderNumber',
        'typeCode',
        'statusCode',
        'verificationStatus',
        'plannedDate',
        'positionsDone',
      ]}
      load={(query) => orderApi.verifyProgress(query)}
      rowLink={(row) => `/verification-orders/${row.id}`}
      actions={
        <Menu position="bottom-end">
          <Menu.Target>
            <Button data-testid="verify-add">{t('logistics:verification.add')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {verificationOrderTypes.map((code) => (
              <Menu.Item
                key={code}
                onClick={() => navigate(`/verification-orders/new?type=${code}`)}
                data-testid={`verify-add-${code}`}
              >
                {t(`warehouse:orderTypes.${code}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      }
    />
  );
};
