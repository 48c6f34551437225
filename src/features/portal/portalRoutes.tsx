import type { FeatureRoute } from '../../ui/featureRoute';
import { lazyNamed } from '../../ui/lazyNamed';
import { portalPaths } from './portalPaths';

// Each screen loads with its route: staff and pickers never download the portal.
const BasketPage = lazyNamed(() => import('./BasketPage'), 'BasketPage');
const CataloguePage = lazyNamed(() => import('./CataloguePage'), 'CataloguePage');
const LastOrdersPage = lazyNamed(() => import('./LastOrdersPage'), 'LastOrdersPage');
const MyOrdersPage = lazyNamed(() => import('./MyOrdersPage'), 'MyOrdersPage');
const PortalHomePage = lazyNamed(() => import('./PortalHomePage'), 'PortalHomePage');
const PortalOrderPage = lazyNamed(() => import('./PortalOrderPage'), 'PortalOrderPage');

/** The contractor portal's screens (contractor users; the server answers others with 403). */
export const portalRoutes: readonly FeatureRoute[] = [
  { path: portalPaths.home, element: <PortalHomePage /> },
  { path: portalPaths.catalogue, element: <CataloguePage /> },
  { path: portalPaths.basket, element: <BasketPage /> },
  { path: portalPaths.orders, element: <MyOrdersPage /> },
  { path: '/portal/orders/:id', element: <PortalOrderPage /> },
  { path: portalPaths.lastOrders, element: <LastOrdersPage /> },
];
