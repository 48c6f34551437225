import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuthStore } from '../../state/authStore';
import { useDataChanges } from '../editMode/useDataChanges';
import { useBasketCount } from './basketStore';
import { PortalOrderCard } from './PortalOrderCard';
import { type PortalOrder, portalApi } from './portalApi';
import { portalPaths } from './portalPaths';

/** /portal: the contractor's home — the basket, the ways to order, and the latest orders as they progress. */
export const PortalHomePage = (): ReactNode => {
  const { t } = useTranslation('portal');
  const navigate = useNavigate();
  const name = useAuthStore((s) => s.user?.visibleName || s.claims?.name || '');
  const lines = useBasketCount((s) => s.lines);
  const refreshBasket = useBasketCount((s) => s.refresh);
  const [latest, setLatest] = useState<PortalOrder[] | null>(null);
  const load = useCallback(() => {
    portalApi
      .myOrders({ PageNumber: '1', PageSize: '3' }, true)
      .then((page) => setLatest(page.results))
      .catch(() => setLatest([]));
  }, []);
  useEffect(() => {
    void refreshBasket();
    load();
  }, [refreshBasket, load]);
  useDataChanges('wmsOrder', load);

  return (
    <Stack gap="lg" data-testid="portal-home">
      <div>
        <Title order={2}>{name ? t('home.welcomeName', { name }) : t('home.welcome')}</Title>
        <Text c="dimmed">{t('home.intro')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{t('basket.title')}</Text>
              <Badge size="lg" data-testid="portal-home-basket-count">
                {lines ?? 0}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {lines ? t('home.basketLines', { count: lines }) : t('home.basketEmpty')}
            </Text>
            <Group grow>
              <Button
                size="md"
                component={Link}
                to={portalPaths.catalogue}
                data-testid="portal-home-new-order"
              >
                {t('home.newOrder')}
              </Button>
              <Button
                size="md"
                variant="light"
                component={Link}
                to={portalPaths.basket}
                data-testid="portal-home-basket"
              >
                {t('home.openBasket')}
              </Button>
            </Group>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Text fw={600}>{t('orders.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('home.ordersIntro')}
            </Text>
            <Group grow>
              <Button
                size="md"
                variant="light"
                component={Link}
                to={portalPaths.orders}
                data-testid="portal-home-orders"
              >
                {t('home.myOrders')}
              </Button>
              <Button
                size="md"
                variant="light"
                component={Link}
                to={portalPaths.lastOrders}
                data-testid="portal-home-last"
              >
                {t('home.lastOrders')}
              </Button>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>
      {latest && latest.length > 0 && (
        <Stack gap="sm">
          <Title order={4}>{t('home.latest')}</Title>
          {latest.map((o) => (
            <PortalOrderCard key={o.id} order={o} onOpen={() => navigate(portalPaths.order(o.id))} />
          ))}
        </Stack>
      )}
    </Stack>
  );
};
