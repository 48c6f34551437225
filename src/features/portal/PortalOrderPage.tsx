import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../i18n/i18n';
import { useDataChanges } from '../editMode/useDataChanges';
import { quantityText } from '../terminal/terminalTexts';
import { PortalOrderCard } from './PortalOrderCard';
import { type PortalOrder, portalApi } from './portalApi';
import { portalPaths } from './portalPaths';

/** /portal/orders/:id: one order, line by line, with what has been picked; follows the floor live. */
export const PortalOrderPage = (): ReactNode => {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('portal');
  const [order, setOrder] = useState<PortalOrder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    portalApi
      .order(id, true)
      .then((o) => {
        setOrder(o);
        setError(null);
      })
      .catch((e: unknown) => setError(errorMessage(t, e)));
  }, [id, t]);
  useEffect(load, [load]);
  useDataChanges('wmsOrder', (change) => {
    if (change === null || change.id === id) load();
  });
  if (error) return <Alert color="red">{error}</Alert>;
  if (!order) return <Loader />;
  return (
    <Stack gap="md" data-testid="portal-order-page">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>{t('orders.one', { number: order.orderNumber })}</Title>
        <Button component={Link} to={portalPaths.orders} variant="light">
          {t('orders.back')}
        </Button>
      </Group>
      <PortalOrderCard order={order}>
        {order.comment && (
          <Text size="sm" fs="italic">
            {order.comment}
          </Text>
        )}
      </PortalOrderCard>
      <Card withBorder radius="md" padding={0}>
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('orders.product')}</Table.Th>
                <Table.Th ta="right">{t('orders.ordered')}</Table.Th>
                <Table.Th ta="right">{t('orders.pickedColumn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.lines.map((l) => (
                <Table.Tr
                  key={l.id}
                  data-testid="portal-order-line"
                  data-index={l.index}
                  data-picked={l.picked}
                  data-done={l.done}
                >
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {l.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {l.index}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {quantityText(l.ordered, i18n.language)} {l.unit ?? ''}
                  </Table.Td>
                  <Table.Td ta="right" c={l.done ? 'teal' : undefined}>
                    {quantityText(l.picked, i18n.language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
};
