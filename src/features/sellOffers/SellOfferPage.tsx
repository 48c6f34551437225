import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { wmsOrderPositionResource } from '../../../domain/resources/definitions/wmsOrderPosition';
import { api } from '../../api/http';
import type { Row } from '../../resources/resourceApi';
import { useRefTitles } from '../../resources/useRefTitles';
import { AppDatesProvider } from '../calendar/AppDatesProvider';
import { DateTimeField } from '../calendar/DateTimeField';
import { StatusBadge } from '../documents/StatusBadge';
import { useNotifyingAction } from '../documents/useNotifyingAction';
import { dateTimeText, numberText } from '../shipping/shippingFormat';

type Offer = Row & { readonly positions: readonly Row[] };

const positionDef = wmsOrderPositionResource;
const refFields = ['productId', 'sourceLocationId'] as const;
const noRows: readonly Row[] = [];

/**
 * One sell offer: its validity (set on the draft), its positions — tied to the reserved stock once sent — and the
 * offer's actions: send (reserve), accept (release order), reject.
 */
export const SellOfferPage = (): ReactNode => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [offer, setOffer] = useState<Offer | null>(null);
  const [validUntil, setValidUntil] = useState<string | null>(null);
  const [release, setRelease] = useState<Row | null>(null);
  const action = useNotifyingAction<string>();
  const load = useCallback(() => {
    void api.get<Offer>(`/api/WmsOrder/Offers/Sell/${encodeURIComponent(id)}`).then((o) => {
      setOffer(o);
      setValidUntil(typeof o.validUntil === 'string' ? o.validUntil : null);
    });
  }, [id]);
  useEffect(load, [load]);
  const titles = useRefTitles(positionDef, refFields, offer?.positions ?? noRows);
  if (!offer) return null;
  const status = String(offer.statusCode);
  const lng = i18n.language;
  const act = (key: 'send' | 'accept' | 'reject') =>
    void action.run(key, async () => {
      const result = await api.post<Row>(`/api/WmsOrder/${encodeURIComponent(id)}/offer/${key}`);
      if (key === 'accept' && typeof result.releaseOrder === 'object' && result.releaseOrder !== null)
        setRelease(result.releaseOrder as Row);
      load();
      return t(`sellOffers:notices.${key}`);
    });
  return (
    <AppDatesProvider>
      <Stack maw={900} data-testid="sell-offer" data-status={status}>
        <Group gap="xs">
          <Title order={2}>{String(offer.orderNumber ?? '')}</Title>
          <StatusBadge kind="order" status={status} />
        </Group>
        <Text c="dimmed">{t(`sellOffers:statusHelp.${status}`, { defaultValue: '' })}</Text>
        <Card withBorder>
          {status === 'workingCopy' ? (
            <Group align="end">
              <DateTimeField
                label={t('resources:wmsOrder.fields.validUntil')}
                value={validUntil}
                onChange={setValidUntil}
                testId="offer-validUntil"
              />
              <Button
                variant="light"
                loading={action.busy === 'validity'}
                onClick={() =>
                  void action.run('validity', async () => {
                    await api.put(`/api/WmsOrder/${encodeURIComponent(id)}`, { validUntil });
                    load();
                    return t('sellOffers:notices.saved');
                  })
                }
              >
                {t('sellOffers:saveValidity')}
              </Button>
            </Group>
          ) : (
            <Text>
              {t('resources:wmsOrder.fields.validUntil')}: {dateTimeText(offer.validUntil, lng) || '—'}
            </Text>
          )}
        </Card>
        <Group>
          {status === 'workingCopy' && (
            <>
              <Button
                onClick={() => act('send')}
                loading={action.busy === 'send'}
                data-testid="sell-offer-send"
              >
                {t('sellOffers:actions.send')}
              </Button>
              <Button variant="default" onClick={() => navigate(`/orders/${id}/edit`)}>
                {t('sellOffers:actions.edit')}
              </Button>
            </>
          )}
          {status === 'pending' && (
            <>
              <Button
                color="green"
                onClick={() => act('accept')}
                loading={action.busy === 'accept'}
                data-testid="sell-offer-accept"
              >
                {t('sellOffers:actions.accept')}
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() => act('reject')}
                loading={action.busy === 'reject'}
                data-testid="sell-offer-reject"
              >
                {t('sellOffers:actions.reject')}
              </Button>
            </>
          )}
        </Group>
        {release && (
          <Alert color="green">
            <Anchor component={Link} to={`/orders/${release.id}`}>
              {t('sellOffers:releaseOrder', { number: String(release.orderNumber ?? '') })}
            </Anchor>
          </Alert>
        )}
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                {['productId', 'sourceLocationId', 'expDate', 'quantity'].map((f) => (
                  <Table.Th key={f}>{t(`resources:wmsOrderPosition.fields.${f}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {offer.positions.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{titles.get(String(p.productId)) ?? ''}</Table.Td>
                  <Table.Td>{titles.get(String(p.sourceLocationId ?? '')) ?? '—'}</Table.Td>
                  <Table.Td>{typeof p.expDate === 'string' ? p.expDate : '—'}</Table.Td>
                  <Table.Td>{numberText(p.quantity, lng)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </AppDatesProvider>
  );
};
