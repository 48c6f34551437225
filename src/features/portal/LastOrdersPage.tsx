import { Alert, Button, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { maxBasketLines } from '../../../domain/portal/basket';
import { errorMessage } from '../../i18n/i18n';
import { quantityText } from '../terminal/terminalTexts';
import { useBasketCount } from './basketStore';
import { PortalOrderCard } from './PortalOrderCard';
import { type PortalOrder, portalApi, type RepeatResult } from './portalApi';
import { portalPaths } from './portalPaths';

/** What repeating an order put in the basket, and why some lines did not go in as they were. */
const RepeatOutcome = ({
  result,
  onClose,
}: {
  readonly result: RepeatResult;
  readonly onClose: () => void;
}): ReactNode => {
  const { t, i18n } = useTranslation('portal');
  const navigate = useNavigate();
  const n = (v: number) => quantityText(v, i18n.language);
  return (
    <Modal opened onClose={onClose} title={t('last.outcomeTitle')} data-testid="portal-repeat-outcome">
      <Stack gap="sm">
        <Text>
          {result.added.length ? t('last.added', { count: result.added.length }) : t('last.nothingAdded')}
        </Text>
        {result.refused.length > 0 && (
          <List spacing={4} data-testid="portal-repeat-refused">
            {result.refused.map((r) => (
              <List.Item key={`${r.line}`} data-reason={r.reason}>
                {t(`last.reasons.${r.reason}`, {
                  line: r.line,
                  product: r.name || r.index || t('last.unavailableProduct'),
                  wanted: n(r.wanted),
                  added: n(r.added),
                  available: n(r.available),
                  max: n(maxBasketLines),
                })}
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('last.close')}
          </Button>
          <Button onClick={() => navigate(portalPaths.basket)} data-testid="portal-repeat-basket">
            {t('last.toBasket')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** /portal/last-orders: the latest orders with their lines; any of them can be ordered again. */
export const LastOrdersPage = (): ReactNode => {
  const { t, i18n } = useTranslation('portal');
  const refreshBasket = useBasketCount((s) => s.refresh);
  const [orders, setOrders] = useState<PortalOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<RepeatResult | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  useEffect(() => {
    portalApi
      .lastOrders()
      .then((r) => setOrders(r.results))
      .catch((e: unknown) => setError(errorMessage(t, e)));
  }, [t]);
  const repeat = async (id: string) => {
    setBusy(id);
    try {
      setOutcome(await portalApi.repeat(id));
      void refreshBasket();
    } catch (e) {
      setError(errorMessage(t, e));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="md" data-testid="portal-last-orders">
      <Title order={2}>{t('last.title')}</Title>
      {error && <Alert color="red">{error}</Alert>}
      {!orders ? (
        <Loader />
      ) : orders.length === 0 ? (
        <Text c="dimmed">{t('orders.empty')}</Text>
      ) : (
        orders.map((o) => (
          <PortalOrderCard key={o.id} order={o}>
            <Text size="sm" c="dimmed" lineClamp={3}>
              {o.lines.map((l) => `${l.name} × ${quantityText(l.ordered, i18n.language)}`).join(', ')}
            </Text>
            <Button
              size="md"
              variant="light"
              onClick={() => repeat(o.id)}
              loading={busy === o.id}
              data-testid="portal-repeat"
            >
              {t('last.repeat')}
            </Button>
          </PortalOrderCard>
        ))
      )}
      {outcome && <RepeatOutcome result={outcome} onClose={() => setOutcome(null)} />}
    </Stack>
  );
};
