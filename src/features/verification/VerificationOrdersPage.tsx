import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../i18n/i18n';
import { TypeMenu } from '../documents/TypeMenu';
import { typeItemsOf } from '../documents/typeLabels';
import { OrderList } from '../orders/OrderList';
import { orderApi } from '../orders/orderApi';
import { verificationOrderTypes } from './verificationTypes';

const countTypeLabel = (t: Translate, code: string): string => t(`warehouse:orderTypes.${code}`);

/** /verification-orders: stock counts with their verification status and how many lines are counted. */
export const VerificationOrdersPage = (): ReactNode => {
  const { t } = useTranslation();
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
        <TypeMenu
          label={t('logistics:verification.add')}
          testId="verify-add"
          items={typeItemsOf(t, verificationOrderTypes, countTypeLabel)}
          linkOf={(code) => `/verification-orders/new?type=${code}`}
        />
      }
    />
  );
};
