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
  // Not useTranslation('portal'): the shell would wait for the portal's texts, which a terminal opens without.
  const { t, i18n } = useTranslation();
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
          await i18n.loadNamespaces('portal');
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
            title: t('portal:notice.title'),
            message: (
              <Text size="sm" data-testid="portal-order-notice" data-number={order.orderNumber}>
                {t('portal:notice.text', { number: order.orderNumber, contractor: company.shortName ?? '' })}{' '}
                <Anchor
                  href={`/orders/${order.id}`}
                  size="sm"
                  onClick={(event) => {
                    event.preventDefault();
                    notifications.hide(`portal-order-${order.id}`);
                    navigate(`/orders/${order.id}`);
                  }}
                >
                  {t('portal:notice.open')}
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
