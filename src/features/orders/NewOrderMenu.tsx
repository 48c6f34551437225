import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAccess } from '../../../domain/auth/claims';
import { useAuthStore } from '../../state/authStore';
import { TypeMenu } from '../documents/TypeMenu';
import { orderTypeLabel, typeItemsOf } from '../documents/typeLabels';
import { editorOrderTypes } from './orderForm';

/** "New order" with the order types edited by hand; counts are created on /verification-orders. */
export const NewOrderMenu = (): ReactNode => {
  const { t } = useTranslation();
  const claims = useAuthStore((s) => s.claims);
  if (!claims || !hasAccess(claims, 'logistics')) return null;
  return (
    <TypeMenu
      label={t('logistics:orders.add')}
      testId="order-add"
      items={typeItemsOf(t, editorOrderTypes, orderTypeLabel)}
      linkOf={(code) => `/orders/new?type=${code}`}
    />
  );
};
