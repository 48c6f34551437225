import { Button } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type ListActionProps, type PreviewExtraProps, resourceExtensions } from '../../resources/extensions';
import { useStartupStore } from '../../state/startupStore';
import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';
import { useRightDrawer } from '../../ui/useRightDrawer';

const CarrierTicketPage = lazyNamed(() => import('./CarrierTicketPage'), 'CarrierTicketPage');
const FindTransportPage = lazyNamed(() => import('./FindTransportPage'), 'FindTransportPage');
const MyOffersPage = lazyNamed(() => import('./MyOffersPage'), 'MyOffersPage');
const TicketEditorPage = lazyNamed(() => import('./TicketEditorPage'), 'TicketEditorPage');
const TicketPage = lazyNamed(() => import('./TicketPage'), 'TicketPage');

/** Remounts a screen when its :id changes. */
const ById = ({ render }: { readonly render: () => ReactNode }): ReactNode => {
  const { id = '' } = useParams();
  return <Fragment key={id}>{render()}</Fragment>;
};

const DrawerLink = ({
  to,
  label,
  testId,
}: {
  readonly to: string;
  readonly label: string;
  readonly testId: string;
}) => {
  const navigate = useNavigate();
  const drawer = useRightDrawer();
  return (
    <Button
      variant="light"
      onClick={() => {
        drawer.close();
        navigate(to);
      }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
};

const NewTicket = (_: ListActionProps): ReactNode => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button onClick={() => navigate('/shipment-tickets/new')} data-testid="ticket-add">
      {t('shipping:tickets.new')}
    </Button>
  );
};

const OpenTicket = ({ row }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation();
  return (
    <DrawerLink to={`/shipment-tickets/${row.id}`} label={t('shipping:actions.open')} testId="ticket-open" />
  );
};

/** Whether the signed-in user may create tickets (shipping switch), from the startup menu. */
const useMayShip = (): boolean =>
  useStartupStore((s) =>
    (s.config?.drawerSections ?? []).some((section) =>
      section.items.some((i) => i.link === '/shipment-tickets'),
    ),
  );

/** "Ship it": a ticket made from the release order or document in the preview (load proposed from its lines). */
const ShipFrom = ({ def, row }: PreviewExtraProps): ReactNode => {
  const { t } = useTranslation();
  const mayShip = useMayShip();
  const release = def.name === 'wmsOrder' ? row.typeCode === 'OOU' : true;
  if (!mayShip || !release) return null;
  const query = def.name === 'wmsOrder' ? `orderId=${row.id}` : `documentId=${row.id}`;
  return (
    <DrawerLink
      to={`/shipment-tickets/new?${query}`}
      label={t('shipping:tickets.fromRecord')}
      testId="ship-from-record"
    />
  );
};

resourceExtensions.addListAction('shipmentTicket', NewTicket);
resourceExtensions.addPreviewExtra('shipmentTicket', OpenTicket);
resourceExtensions.addPreviewExtra('wmsOrder', ShipFrom);
resourceExtensions.addPreviewExtra('wmsDocument', ShipFrom);

/** Shipping screens: the warehouse's tickets (the list is the generic one) and the carriers' find transport. */
export const shippingRoutes: readonly FeatureRoute[] = [
  { path: '/shipment-tickets/new', element: <TicketEditorPage mode="new" /> },
  { path: '/shipment-tickets/:id', element: <ById render={() => <TicketPage />} /> },
  { path: '/shipment-tickets/:id/edit', element: <ById render={() => <TicketEditorPage mode="edit" />} /> },
  { path: '/transport', element: <FindTransportPage /> },
  { path: '/transport/offers', element: <MyOffersPage /> },
  { path: '/transport/tickets/:id', element: <ById render={() => <CarrierTicketPage />} /> },
];
