import { Button, Menu } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasAccess } from '../../../domain/auth/claims';
import { useAuthStore } from '../../app/stores/authStore';
import { editorOrderTypes } from './orderForm';

/** "New order" with the order types edited by hand; counts are created on /verification-orders. */
export const NewOrderMenu = (): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const claims = useAuthStore((s) => s.claims);
  if (!claims || !hasAccess(claims, 'logistics')) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button data-testid="order-add">{t('logistics:orders.add')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {editorOrderTypes.map((code) => (
          <Menu.Item
            key={code}
            onClick={() => navigate(`/orders/new?type=${code}`)}
            data-testid={`order-add-${code}`}
          >
            {`${code} — ${t(`warehouse:orderTypes.${code}`)}`}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
