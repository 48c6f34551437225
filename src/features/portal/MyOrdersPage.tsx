import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { wmsOrderResource } from '../../../domain/resources/definitions/wmsOrder';
import { ListPager } from '../../resources/ListPager';
import { buildListQuery } from '../../resources/listState';
import { usePagedList } from '../../resources/usePagedList';
import { useDataChanges } from '../editMode/useDataChanges';
import { PortalOrderCard } from './PortalOrderCard';
import { type PortalOrder, portalApi } from './portalApi';
import { portalPaths } from './portalPaths';

/** /portal/orders: the contractor's orders, newest first, with status and picked quantities as the floor works. */
export const MyOrdersPage = (): ReactNode => {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const list = usePagedList<PortalOrder>(wmsOrderResource, (state) =>
    portalApi.myOrders(buildListQuery(wmsOrderResource, state), true),
  );
  const { state, update, rows, total, loading, error, refresh } = list;
  useDataChanges('wmsOrder', () => refresh());
  return (
    <Stack gap="md" data-testid="portal-orders">
      <Title order={2}>{t('orders.title')}</Title>
      {error && <Alert color="red">{error}</Alert>}
      {loading && rows.length === 0 ? (
        <Loader />
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="portal-orders-empty">
          {t('orders.empty')}
        </Text>
      ) : (
        rows.map((o) => (
          <PortalOrderCard key={o.id} order={o} onOpen={() => navigate(portalPaths.order(o.id))} />
        ))
      )}
      <ListPager state={state} total={total} onStateChange={update} testIdPrefix="portal-orders-" />
    </Stack>
  );
};
