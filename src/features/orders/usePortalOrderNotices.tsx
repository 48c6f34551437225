import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { hasAccess, isContractor } from '../../../domain/auth/claims';
import { api } from '../../api/http';
import { useAuthStore } from '../../state/authStore';
import { useDataChanges } from '../editMode/useDataChanges';
import type { OrderRow } from './orderApi';

/**
 * Tells warehouse staff with logistics access, whatever screen they are on, when a contractor places an order
 * through the portal (the live connection announces the new order; its origin says it came from the portal).
 */
export const usePortalOrderNotices = (): void => {
  const { t } = useTranslation('portal');
  const claims = useAuthStore((s) => s.claims);
  // Notices render outside the router: their link navigates through the shell's.
  const navigate = useNavigate();
  const staff = claims !== null && !isContractor(claims) && hasAccess(claims, 'logistics');
  useDataChanges(
    'wmsOrder',
    (change) => {
      if (change?.action !== 'create') return;
      api
        .get<OrderRow>(`/api/WmsOrder/${encodeURIComponent(change.id)}`, null, { silent: true })
        .then(async (order) => {
          if (order.sourceType !== 'portal') return;
          const company = order.contractorId
            ? await api
                .get<{ shortName?: string }>(`/api/Company/${encodeURIComponent(order.contractorId)}`, null, {
                  silent: true,
                })
                .catch(() => ({ shortName: '' }))
            : { shortName: '' };
          notifications.show({
            id: `portal-order-${order.id}`,
            color: 'grape',
            autoClose: 15_000,
            title: t('notice.title'),
            message: (
              <Text size="sm" data-testid="portal-order-notice" data-number={order.orderNumber}>
                {t('notice.text', { number: order.orderNumber, contractor: company.shortName ?? '' })}{' '}
                <Anchor
                  href={`/orders/${order.id}`}
                  size="sm"
                  onClick={(event) => {
                    event.preventDefault();
                    notifications.hide(`portal-order-${order.id}`);
                    navigate(`/orders/${order.id}`);
                  }}
                >
                  {t('notice.open')}
                </Anchor>
              </Text>
            ),
          });
        })
        .catch(() => undefined);
    },
    staff,
  );
};
